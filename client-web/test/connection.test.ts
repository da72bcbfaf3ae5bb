import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../src/net/backoff';
import { Connection, type SocketLike } from '../src/net/connection';
import { socketUrl } from '../src/net/url';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  send(d: string) { this.sent.push(d); }
  close() { this.readyState = 3; this.onclose?.({}); }
  openNow() { this.readyState = 1; this.onopen?.({}); }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const events: string[] = [];
  const messages: Record<string, unknown>[] = [];
  const conn = new Connection(
    'ws://x/ws',
    {
      onOpen: () => { events.push('open'); conn.send({ type: 'hello' }); },
      onMessage: (m) => messages.push(m),
      onStatus: (s, ms) => events.push(ms === undefined ? s : `${s}:${ms}`),
    },
    () => { const s = new FakeSocket(); sockets.push(s); return s; },
    { setTimeout: (fn, ms) => { timers.push({ fn, ms }); return timers.length; }, clearTimeout: () => {} },
    () => 0,
  );
  return { conn, sockets, timers, events, messages };
}

describe('socketUrl', () => {
  it('follows the page protocol and host', () => {
    expect(socketUrl({ protocol: 'http:', host: 'a:8080' })).toBe('ws://a:8080/ws');
    expect(socketUrl({ protocol: 'https:', host: 'b.example' })).toBe('wss://b.example/ws');
  });
});

describe('backoff', () => {
  it('grows, is capped and never drops below half a step', () => {
    expect(backoffDelay(0, 0)).toBe(250);
    expect(backoffDelay(0, 0.999)).toBeLessThanOrEqual(500);
    expect(backoffDelay(3, 0)).toBe(2000);
    expect(backoffDelay(50, 1)).toBe(15000);
  });
});

describe('Connection', () => {
  it('says hello on open and parses messages', () => {
    const h = harness();
    h.conn.start();
    h.sockets[0].openNow();
    expect(h.sockets[0].sent).toEqual(['{"type":"hello"}']);
    h.sockets[0].onmessage?.({ data: '{"type":"welcome","version":"1.0"}' });
    h.sockets[0].onmessage?.({ data: 'not json' });
    h.sockets[0].onmessage?.({ data: '[1,2]' });
    expect(h.messages).toEqual([{ type: 'welcome', version: '1.0' }]);
  });
  it('reconnects with growing delays and resets after success', () => {
    const h = harness();
    h.conn.start();
    h.sockets[0].close();
    expect(h.timers.map((x) => x.ms)).toEqual([250]);
    h.timers[0].fn();
    h.sockets[1].close();
    expect(h.timers.map((x) => x.ms)).toEqual([250, 500]);
    h.timers[1].fn();
    h.sockets[2].openNow();
    h.sockets[2].close();
    expect(h.timers[2].ms).toBe(250);
    expect(h.events).toContain('open');
  });
  it('does not send while down and stops for good on stop()', () => {
    const h = harness();
    h.conn.start();
    expect(h.conn.send({ type: 'x' })).toBe(false);
    h.conn.stop();
    expect(h.timers.length).toBe(0);
  });
});

describe('Connection close codes', () => {
  it('stays closed when the hook says so (seat taken over elsewhere)', () => {
    const sockets: FakeSocket[] = [];
    const timers: number[] = [];
    const conn = new Connection(
      'ws://x/ws',
      { onOpen: () => {}, onMessage: () => {}, onStatus: () => {}, onClosed: (code) => code !== 4001 },
      () => { const s = new FakeSocket(); sockets.push(s); return s; },
      { setTimeout: (_fn, ms) => { timers.push(ms); return 1; }, clearTimeout: () => {} },
      () => 0,
    );
    conn.start();
    sockets[0].openNow();
    sockets[0].readyState = 3;
    sockets[0].onclose?.({ code: 4001 });
    expect(timers).toEqual([]);
    conn.retryNow(true);
    expect(sockets.length).toBe(2);
    sockets[1].openNow();
    sockets[1].readyState = 3;
    sockets[1].onclose?.({ code: 1006 });
    expect(timers).toEqual([250]);
  });
});

import { MoveOutbox } from '../src/state/outbox';

describe('MoveOutbox', () => {
  it('keeps the unanswered move, with its id, until the server answers', () => {
    const o = new MoveOutbox('c1');
    const a = o.next('e2e4', 5, 0);
    expect(a).toEqual({ move: 'e2e4', moveId: 'c1-1', version: 5, ply: 0 });
    expect(o.toResend()).toEqual(a);
    o.settle('other-id');
    expect(o.toResend()).toEqual(a);
    o.settle('c1-1');
    expect(o.toResend()).toBeNull();
    const b = o.next('d2d4', 7, 2);
    expect(b.moveId).toBe('c1-2');
    o.settle();
    expect(o.toResend()).toBeNull();
  });

  it('goes again at the version the rejoin brought while the board is where it was made', () => {
    const o = new MoveOutbox('c1');
    o.next('g1f3', 1795496770823, 2);
    // A room brought back from the store numbers its versions anew: same board, new version.
    expect(o.resendAt({ version: 1795496932490, plies: 2 })).toEqual({
      move: 'g1f3',
      moveId: 'c1-1',
      version: 1795496932490,
      ply: 2,
    });
    expect(o.toResend()?.version).toBe(1795496932490);
  });

  it('is dropped once the board has moved on (played before the drop, or overtaken)', () => {
    const o = new MoveOutbox('c1');
    o.next('g1f3', 40, 2);
    expect(o.resendAt({ version: 41, plies: 3 })).toBeNull();
    expect(o.toResend()).toBeNull();
    expect(o.resendAt({ version: 41, plies: 3 })).toBeNull();
  });
});

describe('Connection after the server restarts', () => {
  it('reports "restarting" on a 1001 close, reconnects as after any drop, then forgets it', () => {
    const { conn, sockets, timers, events } = harness();
    conn.start();
    sockets[0].openNow();
    sockets[0].readyState = 3;
    sockets[0].onclose?.({ code: 1001 });
    expect(events.at(-1)).toBe('restarting:250');
    timers[0].fn();
    sockets[1].openNow();
    expect(events.at(-1)).toBe('open');
    sockets[1].readyState = 3;
    sockets[1].onclose?.({ code: 1006 });
    expect(events.at(-1)).toMatch(/^down:/);
  });
});
