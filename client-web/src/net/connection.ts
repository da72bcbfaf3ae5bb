// One WebSocket to the server that reconnects by itself with backoff. It knows nothing of
// games: it hands each parsed message to `onMessage` and calls `onOpen` after every
// (re)connect so the caller can say hello and resume its seat.
import { backoffDelay } from './backoff';

// 'restarting': down because the server said it is going away (close code 1001, a
// graceful restart); reconnecting exactly as after any other drop.
export type ConnectionStatus = 'connecting' | 'open' | 'down' | 'restarting';

export const GOING_AWAY = 1001;
// The room this connection was for is now served by another server (several servers
// behind a proxy): connect again at once, the proxy sends the new connection there.
export const ROOM_MOVED = 4003;
// A second "room moved" this soon after the first waits with backoff like any drop, so a
// room that cannot settle never turns into a reconnect storm.
const ROOM_MOVED_CALM_MS = 2000;

// Down for whatever reason: the banner shows and reconnection is under way.
export function isDown(s: ConnectionStatus): boolean {
  return s === 'down' || s === 'restarting';
}

export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface ConnectionHooks {
  onOpen(): void;
  onMessage(msg: Record<string, unknown>): void;
  onStatus(status: ConnectionStatus, retryInMs?: number): void;
  // Called when the server closed the socket with `code`; return false to stay closed
  // (4001: this seat was taken over by a newer tab, which must not be fought over).
  onClosed?(code: number): boolean;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const OPEN = 1;

export class Connection {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private retryTimer: unknown = null;
  private stopped = false;
  private serverRestarting = false;  // the last close was the server's 1001
  private lastRoomMovedAt = -Infinity;

  constructor(
    private url: string,
    private readonly hooks: ConnectionHooks,
    private readonly makeSocket: (url: string) => SocketLike = (u) =>
      new WebSocket(u) as unknown as SocketLike,
    private readonly timers: Timers = {
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (h) => window.clearTimeout(h as number),
    },
    private readonly random: () => number = Math.random,
    private readonly now: () => number = Date.now,
  ) {}

  // The URL the next (re)connection opens.
  get target(): string {
    return this.url;
  }

  // Points the connection at `url`. With `reopen`, a connection open (or being opened) to
  // another URL is closed and the new one opened at once; without it, `url` is used from
  // the next reconnection on. Returns whether a new connection was started.
  retarget(url: string, reopen: boolean): boolean {
    const changed = url !== this.url;
    this.url = url;
    if (!changed || !reopen || this.stopped) return false;
    this.reopenNow();
    return true;
  }

  // Closes the current socket (its close is not a drop: no backoff, no banner) and opens
  // a new one at once.
  reopenNow(): void {
    const old = this.socket;
    this.socket = null; // its onclose is ignored from here on
    old?.close();
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
    this.open();
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.socket?.close();
    this.socket = null;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  // Sends a message if the socket is open; returns false otherwise (the caller decides
  // whether to retry: moves are never replayed blindly after a reconnect).
  send(msg: object): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  // Reconnect now (for a "retry" button or when the page becomes visible again).
  retryNow(force = false): void {
    if (force) this.stopped = false;
    if (this.stopped || this.isOpen) return;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  // Closes the socket as a network failure would (the reconnect logic takes over).
  // For tests and debugging: window.__banmenDropSocket().
  drop(): void {
    this.socket?.close();
  }

  private open(): void {
    this.hooks.onStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.makeSocket(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.serverRestarting = false;
      this.hooks.onStatus('open');
      this.hooks.onOpen();
    };
    socket.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      let msg: unknown;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg && typeof msg === 'object' && !Array.isArray(msg))
        this.hooks.onMessage(msg as Record<string, unknown>);
    };
    socket.onerror = () => {
      /* onclose follows */
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      const code = typeof (ev as { code?: unknown })?.code === 'number' ? (ev as { code: number }).code : 1006;
      if (this.hooks.onClosed && !this.hooks.onClosed(code)) {
        this.stopped = true;
        this.hooks.onStatus('down', undefined);
        return;
      }
      if (code === GOING_AWAY) this.serverRestarting = true;
      if (this.stopped) return;
      if (code === ROOM_MOVED && this.now() - this.lastRoomMovedAt > ROOM_MOVED_CALM_MS) {
        this.lastRoomMovedAt = this.now();
        this.open();
        return;
      }
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    const delay = backoffDelay(this.attempt++, this.random());
    this.hooks.onStatus(this.serverRestarting ? 'restarting' : 'down', delay);
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }
}
