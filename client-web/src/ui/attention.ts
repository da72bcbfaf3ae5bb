// When the tab is hidden and the game needs the player (their move, an offer from the
// opponent), the tab's title and icon say so until the tab is seen again. Nothing changes
// while the tab is visible.
const DOT_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E" +
  "%3Crect width='32' height='32' rx='7' fill='%23d9a85b'/%3E" +
  "%3Ccircle cx='24' cy='8' r='7' fill='%23c62828' stroke='%23fff' stroke-width='2'/%3E%3C/svg%3E";

import { setRaisedText } from './page-title';

export class Attention {
  private calmIcon: string | null = null;
  private raised = false;

  constructor() {
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden) this.clear();
    });
  }

  // Raises `text` if the tab is hidden; true if it did.
  raise(text: string): boolean {
    if (!document.hidden) return false;
    setRaisedText(text);
    const icon = document.querySelector<HTMLLinkElement>('link[rel=icon]');
    if (icon && !this.raised) {
      this.calmIcon = icon.href;
      icon.href = DOT_ICON;
    }
    this.raised = true;
    return true;
  }

  clear(): void {
    if (!this.raised) return;
    setRaisedText(null);
    const icon = document.querySelector<HTMLLinkElement>('link[rel=icon]');
    if (icon && this.calmIcon) icon.href = this.calmIcon;
    this.raised = false;
  }
}
