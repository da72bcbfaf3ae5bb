// The client's side of several servers behind a proxy: the socket URL names the page's
// room, a connection is reopened for another room, close code 4003 "room moved" reconnects
// at once, and the answers room_created (outside the room), room_busy and wrong_room.
import { describe, expect, it } from 'vitest';
import { backoffDelay, joinRetryBackoff } from '../src/net/backoff';
import { Connection, ROOM_MOVED, type SocketLike } from '../src/net/connection';
import { socketUrl } from '../src/net/url';
import { errorSteps } from '../src/app/error-policy';
import { dispatch, type Inbox } from '../src/app/inbox';
import { en } from '../src/i18n/en';
import { ja } from '../src/i18n/ja';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send() {}
  close() { this.readyState = 3; this.onclose?.({ code: 1000 }); }
  openNow() { this.readyState = 1; this.onopen?.({}); }
  closedByServer(code: number) { this.readyState = 3; this.onclose?.({ code }); }
}

function harness(url = 'ws://x/ws') {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const events: string[] = [];
  let clock = 10_000;
  const conn = new Connection(
    url,
    { onOpen: () => events.push('open'), onMessage: () => {}, onStatus: (s, ms) => events.push(ms === undefined ? s : `${s}:${ms}`) },
    (u) => { const s = new FakeSocket(u); sockets.push(s); return s; },
    { setTimeout: (fn, ms) => { timers.push({ fn, ms }); return timers.length; }, clearTimeout: () => {} },
    () => 0,
    () => clock,
  );
  return { conn, sockets, timers, events, advance: (ms: number) => { clock += ms; } };
}

describe('socketUrl names the room', () => {
  it('is bare on the home page and carries ?room= on a room page', () => {
    expect(socketUrl({ protocol: 'http:', host: 'a:8080' }, null)).toBe('ws://a:8080/ws');
    expect(socketUrl({ protocol: 'https:', host: 'b.example' }, 'q3Vf0d9m2bX7cLk1PzT8aA'))
      .toBe('wss://b.example/ws?room=q3Vf0d9m2bX7cLk1PzT8aA');
  });
  it('escapes what is not url-safe (the server refuses such an id anyway)', () => {
    expect(socketUrl({ protocol: 'http:', host: 'h' }, 'a&b=c')).toBe('ws://h/ws?room=a%26b%3Dc');
  });
});

describe('Connection.retarget', () => {
  it('reopens at once for another room, without backoff or a "down" status', () => {
    const h = harness();
    h.conn.start();
    h.sockets[0].openNow();
    expect(h.conn.retarget('ws://x/ws?room=r1', true)).toBe(true);
    expect(h.sockets.map((s) => s.url)).toEqual(['ws://x/ws', 'ws://x/ws?room=r1']);
    expect(h.sockets[0].readyState).toBe(3);
    expect(h.timers).toEqual([]);
    expect(h.events.filter((e) => e.startsWith('down'))).toEqual([]);
    h.sockets[1].openNow();
    expect(h.conn.isOpen).toBe(true);
  });
  it('does nothing for the same URL, and only changes the next one without reopen', () => {
    const h = harness('ws://x/ws?room=r1');
    h.conn.start();
    h.sockets[0].openNow();
    expect(h.conn.retarget('ws://x/ws?room=r1', true)).toBe(false);
    expect(h.conn.retarget('ws://x/ws?room=r2', false)).toBe(false);
    expect(h.sockets.length).toBe(1);
    h.sockets[0].closedByServer(1006);
    h.timers[0].fn();
    expect(h.sockets[1].url).toBe('ws://x/ws?room=r2');
  });
  it('does not reopen a stopped connection', () => {
    const h = harness();
    h.conn.start();
    h.conn.stop();
    expect(h.conn.retarget('ws://x/ws?room=r1', true)).toBe(false);
    expect(h.sockets.length).toBe(1);
    expect(h.conn.target).toBe('ws://x/ws?room=r1');
  });
});

describe('close code 4003 "room moved"', () => {
  it('reconnects at once to the same URL, showing no error', () => {
    const h = harness('ws://x/ws?room=r1');
    h.conn.start();
    h.sockets[0].openNow();
    h.sockets[0].closedByServer(ROOM_MOVED);
    expect(h.sockets.length).toBe(2);
    expect(h.sockets[1].url).toBe('ws://x/ws?room=r1');
    expect(h.timers).toEqual([]);
    expect(h.events.at(-1)).toBe('connecting');
    h.sockets[1].openNow();
    expect(h.events.at(-1)).toBe('open');
  });
  it('waits with backoff when the room moves again right away (no reconnect storm)', () => {
    const h = harness('ws://x/ws?room=r1');
    h.conn.start();
    h.sockets[0].openNow();
    h.sockets[0].closedByServer(ROOM_MOVED);
    h.sockets[1].openNow();
    h.advance(500);
    h.sockets[1].closedByServer(ROOM_MOVED);
    expect(h.sockets.length).toBe(2);
    expect(h.timers.map((t) => t.ms)).toEqual([250]);
    h.timers[0].fn();
    h.sockets[2].openNow();
    h.advance(5000);
    h.sockets[2].closedByServer(ROOM_MOVED);
    expect(h.sockets.length).toBe(4);
  });
});

describe('errors of a room moving between servers', () => {
  it('room_busy retries the join later without a toast; wrong_room reconnects', () => {
    expect(errorSteps('room_busy', true)).toMatchObject({ retryJoinLater: true, tell: false, notFound: false });
    expect(errorSteps('wrong_room', true)).toMatchObject({ reconnectForRoom: true, tell: false });
    expect(errorSteps('room_busy', false)).toMatchObject({ retryJoinLater: false, tell: true });
    expect(errorSteps('no_such_room', true)).toMatchObject({ retryJoinLater: false, reconnectForRoom: false });
  });
  it('retries a busy room after about a second, then longer, never past 8 s', () => {
    expect(backoffDelay(0, 0, joinRetryBackoff)).toBe(700);
    expect(backoffDelay(0, 0.999, joinRetryBackoff)).toBeLessThanOrEqual(1400);
    expect(backoffDelay(1, 0, joinRetryBackoff)).toBe(1400);
    expect(backoffDelay(40, 0.999, joinRetryBackoff)).toBeLessThanOrEqual(8000);
  });
  it('has its words in English and Japanese', () => {
    for (const k of ['conn.moving', 'error.room_busy', 'error.wrong_room'] as const) {
      expect(en[k].length).toBeGreaterThan(0);
      expect(ja[k].length).toBeGreaterThan(0);
      expect(ja[k]).not.toBe(en[k]);
    }
  });
});

describe('room_created', () => {
  const seen: string[] = [];
  const inbox: Inbox = {
    welcome: () => {}, rooms: () => {}, error: () => {}, ack: () => {}, event: () => {}, deviceLink: () => {},
    entered: (r, tok, created, inRoom) => seen.push(`${r} ${tok} ${created} ${inRoom}`),
  };
  it('one server: the creator is in the room (role given); several: it is not (no role)', () => {
    seen.length = 0;
    dispatch({ type: 'room_created', room: 'r1', token: 't1', role: 'player', player: 0, url: '/ws?room=r1' }, inbox);
    dispatch({ type: 'room_created', room: 'r2', token: 't2', seat: 0, url: '/ws?room=r2' }, inbox);
    dispatch({ type: 'joined', room: 'r2', role: 'player' }, inbox);
    expect(seen).toEqual(['r1 t1 true true', 'r2 t2 true false', 'r2 null false true']);
  });
});
