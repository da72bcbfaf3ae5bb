// System notifications while the tab is hidden (opt-in, in the settings): the opponent
// moved, offered a draw, or came back. Nothing is shown while the tab is visible, and
// nothing at all without the browser's leave.
import { t } from '../i18n';

export function notificationsSupported(): boolean {
  return typeof Notification !== 'undefined';
}

// Asks the browser for leave (a click in the settings is the gesture it wants).
export async function askNotificationLeave(): Promise<boolean> {
  if (!notificationsSupported()) return false;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  try {
    return (await Notification.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}

export class Notifier {
  private last: Notification | null = null;

  constructor(private readonly wanted: () => boolean) {
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden) this.last?.close();
    });
  }

  // Shows `body` if the tab is hidden and notifications are on; true if it did.
  tell(body: string): boolean {
    if (!document.hidden || !this.wanted() || !notificationsSupported() || Notification.permission !== 'granted') return false;
    try {
      this.last?.close();
      this.last = new Notification(t('notify.title'), { body, tag: 'banmen-room', icon: '/favicon.svg' });
      this.last.onclick = () => {
        window.focus();
        this.last?.close();
      };
      return true;
    } catch {
      return false; // some browsers allow notifications only from a service worker
    }
  }
}
