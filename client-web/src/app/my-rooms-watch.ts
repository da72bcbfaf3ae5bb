// Watches every room of the "My rooms" list from any page: asks the server every ~15 s
// while the tab is visible and every ~60 s while it is hidden (and at once when it shows
// again), keeps the list page up to date, puts the count of rooms waiting for you in the
// tab's title and, while the tab is hidden, nudges (a system notification, if allowed in
// the settings, and a sound) when a room newly becomes your turn. The room the page shows
// is left out of the nudges: its own view already nudges for it.
import { t } from '../i18n';
import { fetchMyRooms } from '../net/my-rooms-api';
import { hiddenRooms, newlyYourTurn, runningLow, type MyRoom } from '../state/my-rooms';
import type { Session } from '../state/session';
import type { Notifier } from '../ui/notifier';
import { setWaitingCount } from '../ui/page-title';
import type { Sound } from '../ui/sound';
import { myRoomGameName } from '../ui/my-rooms-page';

export const VISIBLE_POLL_MS = 15_000;
export const HIDDEN_POLL_MS = 60_000;

export interface WatchDeps {
  session: Session;
  notifier: Notifier;
  sound: Sound;
  shownRoom: () => string | null; // the room the page shows, if any
}

export class MyRoomsWatch {
  private rooms: MyRoom[] | null = null;
  private timer: number | null = null;
  private busy = false;
  private again = false;
  private failed = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: WatchDeps) {
    document.addEventListener('visibilitychange', () => this.refresh());
  }

  // The rooms as last answered (null before the first answer) and whether the last ask failed.
  get list(): MyRoom[] | null {
    return this.rooms;
  }
  get error(): boolean {
    return this.failed;
  }

  onChange(f: () => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  start(): void {
    this.refresh();
  }

  // Asks now (a request under way is followed by one more), then on the usual beat.
  refresh(): void {
    if (this.busy) {
      this.again = true;
      return;
    }
    void this.poll();
  }

  private schedule(): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.refresh(), document.hidden ? HIDDEN_POLL_MS : VISIBLE_POLL_MS);
  }

  private async poll(): Promise<void> {
    this.busy = true;
    try {
      const seats = this.deps.session.seats();
      const answer = seats.length ? await fetchMyRooms(seats) : { rooms: [], unknown: [] };
      const before = this.rooms;
      this.rooms = answer.rooms;
      this.failed = false;
      this.nudge(newlyYourTurn(before, answer.rooms));
      this.remind(runningLow(before, answer.rooms));
    } catch {
      this.failed = true; // the list keeps its last answer; the next beat tries again
    } finally {
      this.busy = false;
    }
    this.drawTitle();
    for (const f of this.listeners) f();
    if (this.again) {
      this.again = false;
      this.refresh();
    } else {
      this.schedule();
    }
  }

  // Rooms waiting for you elsewhere: those hidden from the list and the room the page shows
  // are left out (its own view says when it is your move there, and the count must not
  // change under a player as the list is asked again).
  get waiting(): number {
    const hidden = hiddenRooms(this.deps.session.storage);
    const shown = this.deps.shownRoom();
    return (this.rooms ?? []).filter((r) => r.yourTurn && r.room !== shown && !hidden.has(r.room)).length;
  }

  // Also after a room is hidden or shown again.
  drawTitle(): void {
    setWaitingCount(this.waiting);
  }

  // The page shows another room (or none): the counts leave out the room shown, so the
  // title and whoever listens (the header's link) are drawn again.
  shownRoomChanged(): void {
    this.drawTitle();
    for (const f of this.listeners) f();
  }

  // A correspondence game whose time to move runs low: told once, as it falls under the
  // reminder (while the tab is hidden, as every nudge).
  private remind(rooms: MyRoom[]): void {
    if (!document.hidden) return;
    const hidden = hiddenRooms(this.deps.session.storage);
    const low = rooms.filter((r) => !hidden.has(r.room));
    if (!low.length) return;
    this.deps.notifier.tell(t('my.notify.low', { opponent: low[0].opponent ?? '?', game: myRoomGameName(low[0]) }));
    this.deps.sound.play('notify');
  }

  private nudge(rooms: MyRoom[]): void {
    if (!document.hidden) return;
    const hidden = hiddenRooms(this.deps.session.storage);
    const news = rooms.filter((r) => r.room !== this.deps.shownRoom() && !hidden.has(r.room));
    if (!news.length) return;
    const r = news[0];
    const body = news.length === 1
      ? t('my.notify.one', { opponent: r.opponent ?? '?', game: myRoomGameName(r) })
      : t('my.notify.many', { count: news.length });
    this.deps.notifier.tell(body);
    this.deps.sound.play('notify');
  }
}
