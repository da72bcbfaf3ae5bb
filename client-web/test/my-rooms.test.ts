// The "My rooms" list's pure parts: the answer read, the order, the time left in words,
// the hidden rooms and which rooms newly wait for their player.
import { describe, expect, it } from 'vitest';
import { hiddenRooms, newlyYourTurn, parseMyRooms, reminderAtMs, runningLow, setHidden, sortMyRooms, timeLeftNow, timeLeftParts, type MyRoom } from '../src/state/my-rooms';
import { Session } from '../src/state/session';

function room(id: string, o: Partial<MyRoom> = {}): MyRoom {
  return {
    room: id, game: 'chess', player: 0, seat: 0, name: 'Me', opponent: 'You', score: [0, 0], gameNo: 1,
    status: 'playing', toMove: 1, yourTurn: false, timeLeftMs: null, days: null, lastMove: null, lastMoveMs: null, plies: 1, receivedMs: 0, ...o,
  };
}

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k), get length() { return m.size; }, key: (i: number) => [...m.keys()][i] ?? null,
  };
}

describe('my rooms', () => {
  it('reads the answer and ignores what is not a room', () => {
    const a = parseMyRooms({
      rooms: [{ room: 'abcdefgh', game: 'dogcat', player: 1, seat: 0, name: 'A', opponent: null, score: [1, 0.5], game_no: 2,
        status: 'playing', to_move: 0, your_turn: true, time_left_ms: 5000, last_move: '?*2e', last_move_display: '?*2e', last_move_ms: 9, plies: 3 },
      { room: 7 }],
      unknown: ['zzzzzzzz', 3],
    });
    expect(a?.rooms).toHaveLength(1);
    expect(a?.rooms[0]).toMatchObject({ room: 'abcdefgh', player: 1, yourTurn: true, timeLeftMs: 5000, lastMove: '?*2e', score: [1, 0.5], gameNo: 2 });
    expect(a?.unknown).toEqual(['zzzzzzzz']);
    expect(parseMyRooms({ rooms: 1 })).toBeNull();
  });

  it('puts your turn first, then the least time left', () => {
    const sorted = sortMyRooms([
      room('over', { status: 'over', toMove: null }),
      room('theirs-slow', { timeLeftMs: 90_000 }),
      room('mine-slow', { yourTurn: true, timeLeftMs: 5 * 86_400_000 }),
      room('waiting', { status: 'waiting', toMove: null }),
      room('theirs-fast', { timeLeftMs: 1000 }),
      room('mine-fast', { yourTurn: true, timeLeftMs: 3_600_000 }),
      room('theirs-none'),
    ]);
    expect(sorted.map((r) => r.room)).toEqual(['mine-fast', 'mine-slow', 'theirs-fast', 'theirs-slow', 'theirs-none', 'waiting', 'over']);
  });

  it('says long times in days and hours', () => {
    expect(timeLeftParts(3 * 86_400_000 + 5 * 3_600_000 + 999)).toEqual({ days: 3, hours: 5 });
    expect(timeLeftParts(3_600_000 + 61_000)).toEqual({ clock: '1:01:01' });
    expect(timeLeftParts(59_000)).toEqual({ clock: '0:59' });
    expect(timeLeftParts(-5)).toEqual({ clock: '0:00' });
  });

  it('counts a running clock down from the answer', () => {
    const r = room('a', { timeLeftMs: 10_000, plies: 4, receivedMs: 1000 });
    expect(timeLeftNow(r, 4000)).toBe(7000);
    expect(timeLeftNow(r, 99_000)).toBe(0);
    expect(timeLeftNow({ ...r, plies: 1 }, 4000)).toBe(10_000); // not running before the second ply
    expect(timeLeftNow({ ...r, status: 'over' }, 4000)).toBeNull();
    expect(timeLeftNow({ ...r, timeLeftMs: null }, 4000)).toBeNull();
  });

  it('nudges for a room that newly waits for you, not for one first seen', () => {
    const before = [room('a'), room('b', { yourTurn: true, plies: 4 })];
    expect(newlyYourTurn(null, [room('a', { yourTurn: true })])).toEqual([]);
    const now = [room('a', { yourTurn: true, plies: 2 }), room('b', { yourTurn: true, plies: 4 }), room('c', { yourTurn: true })];
    expect(newlyYourTurn(before, now).map((r) => r.room)).toEqual(['a']);
    expect(newlyYourTurn(before, [room('b', { yourTurn: true, plies: 6 })]).map((r) => r.room)).toEqual(['b']);
  });

  it('keeps hidden rooms beside the tokens, and lists the seats the browser keeps', () => {
    const store = memory();
    setHidden(store, 'abcdefgh', true);
    setHidden(store, 'ijklmnop', true);
    setHidden(store, 'abcdefgh', false);
    expect([...hiddenRooms(store)]).toEqual(['ijklmnop']);
    store.setItem('banmen.myrooms.hidden', 'not json');
    expect(hiddenRooms(store).size).toBe(0);
    const session = new Session(store);
    session.saveToken('room-two-2', 'tok2');
    session.saveToken('room-one-1', 'tok1');
    store.setItem('banmen.token.bad', 'x'); // not a room id
    expect(session.seats()).toEqual([{ room: 'room-one-1', token: 'tok1' }, { room: 'room-two-2', token: 'tok2' }]);
  });
});

describe('a correspondence reminder', () => {
  it('comes once, as the time to move falls under a fifth of the days (at least an hour)', () => {
    expect(reminderAtMs(1)).toBe(17_280_000);
    expect(reminderAtMs(14)).toBe(14 * 86_400_000 / 5);
    const at = reminderAtMs(3);
    const before = [room('a', { yourTurn: true, days: 3, timeLeftMs: at + 1000 }), room('b', { yourTurn: true, timeLeftMs: 5000 })];
    const now = [room('a', { yourTurn: true, days: 3, timeLeftMs: at - 1000 }), room('b', { yourTurn: true, timeLeftMs: 1000 })];
    expect(runningLow(before, now).map((r) => r.room)).toEqual(['a']);
    expect(runningLow(now, now)).toEqual([]); // already told
    expect(runningLow(null, now)).toEqual([]);
    expect(runningLow(before, [room('a', { yourTurn: false, days: 3, timeLeftMs: at - 1000 })])).toEqual([]);
  });
  it('reads the days of a correspondence clock from the answer', () => {
    const a = parseMyRooms({ rooms: [{ room: 'a', game: 'chess', player: 0, clock: { kind: 'correspondence', days: 5 } },
      { room: 'b', game: 'chess', player: 1, clock: { kind: 'fischer', base_ms: 1, increment_ms: 0 } }], unknown: [] });
    expect(a?.rooms.map((r) => r.days)).toEqual([5, null]);
  });
});
