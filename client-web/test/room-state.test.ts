import { describe, expect, it } from 'vitest';
import { applyEvent, fromSnapshot, isMyTurn, canAbort, canTakeback, type RoomState } from '../src/state/room';
import { parseEvent } from '../src/protocol/parse';
import type { Snapshot } from '../src/protocol/messages';
import { clockFace, formatClock, describeClock } from '../src/state/clock';
import { resultText, REASONS } from '../src/state/result-text';
import { en } from '../src/i18n/en';
import { setLang } from '../src/i18n';
import { ja } from '../src/i18n/ja';
import { Session, roomFromPath } from '../src/state/session';

function snapshot(over: Partial<Snapshot> = {}): Snapshot {
  return {
    type: 'snapshot', version: 5, server_time_ms: 1000, room: 'q3Vf0d9m2bX7cLk1PzT8aA',
    you: { role: 'player', player: 0, seat: 0 }, host: 0,
    options: { game: 'chess', clock: { kind: 'fischer', base_ms: 300000, increment_ms: 3000 }, side: 'random', takebacks: true, spectators: true, public: false },
    players: [{ name: 'Alice', connected: true, seat: 0 }, { name: 'Bob', connected: true, seat: 1 }],
    spectators: 0, score: [0, 0], game_no: 1,
    game: { id: 'chess', name: 'Chess', sides: ['white', 'black'], side_letters: ['w', 'b'], hidden_information: false },
    status: 'playing', initial_position: 'start', position: 'p0', moves: [], to_move: 0, in_check: false,
    legal_moves: ['e2e4'], clock: { kind: 'fischer', remaining_ms: [300000, 300000], periods_left: [0, 0], running: null, server_time_ms: 1000 },
    offers: { draw: null, takeback: null, rematch: null }, result: null, chat: [],
    ...over,
  };
}

const moveEv = (version: number, ply: number, seat: 0 | 1, move: string) => ({
  type: 'move' as const, version, ply, seat, move, display: move, position: `p${ply}`,
  to_move: (1 - seat) as 0 | 1, in_check: false, legal_moves: seat === 0 ? [] : ['d2d4'], clock: null,
});

describe('room state', () => {
  it('starts from a snapshot and knows whose turn it is', () => {
    const s = fromSnapshot(snapshot(), 0);
    expect(isMyTurn(s)).toBe(true);
    expect(canAbort(s)).toBe(true);
    expect(canTakeback(s)).toBe(false);
  });
  it('applies moves in order and ignores replays', () => {
    let s: RoomState | null = fromSnapshot(snapshot(), 0);
    s = applyEvent(s, moveEv(6, 1, 0, 'e2e4'), 10).state;
    expect(s!.moves.map((m) => m.move)).toEqual(['e2e4']);
    expect(isMyTurn(s!)).toBe(false);
    expect(canTakeback(s!)).toBe(true);
    const again = applyEvent(s, moveEv(6, 1, 0, 'e2e4'), 11);
    expect(again.state).toBe(s);
    expect(again.resync).toBe(false);
    s = applyEvent(s, moveEv(7, 2, 1, 'e7e5'), 12).state;
    expect(s!.version).toBe(7);
    expect(canAbort(s!)).toBe(false);
  });
  it('lets the first mover take back whichever seat it is (seat 1 in a handicap game)', () => {
    const base = fromSnapshot(snapshot(), 1);
    let s: RoomState | null = { ...base, role: 'player', seat: 1, toMove: 1 };
    expect(canTakeback(s)).toBe(false);
    s = applyEvent(s, moveEv(6, 1, 1, '3c3d'), 10).state;
    expect(s!.toMove).toBe(0);
    expect(canTakeback(s!)).toBe(true);
    expect(canTakeback({ ...s!, seat: 0 })).toBe(false); // seat 0 has not moved yet
  });
  it('asks for a resync when a move does not fit', () => {
    const s = fromSnapshot(snapshot(), 0);
    const r = applyEvent(s, moveEv(9, 3, 0, 'e2e4'), 1);
    expect(r.resync).toBe(true);
    expect(r.state).toBe(s);
    expect(applyEvent(null, moveEv(9, 1, 0, 'e2e4'), 1).resync).toBe(true);
  });
  it('accepts version gaps (other channel chat)', () => {
    const s = fromSnapshot(snapshot(), 0);
    const r = applyEvent(s, { type: 'chat', version: 9, from: 'Bob', player: 1, channel: 'players', text: 'hi', time_ms: 1 }, 1);
    expect(r.state!.chat.length).toBe(1);
    expect(r.state!.version).toBe(9);
  });
  it('ends the game and clears offers and legal moves', () => {
    let s: RoomState | null = fromSnapshot(snapshot({ offers: { draw: 1, takeback: null, rematch: null } }), 0);
    s = applyEvent(s, { type: 'game_over', version: 6, result: 'lose', winner: 1, winner_side: 'black', reason: 'resignation', position: 'p', moves: [], clock: null, score: [0, 1] }, 5).state;
    expect(s!.status).toBe('over');
    expect(s!.result!.reason).toBe('resignation');
    expect(s!.legalMoves).toEqual([]);
    expect(s!.offers.draw).toBeNull();
    expect(s!.score).toEqual([0, 1]);
    expect(s!.clock!.running).toBeNull();
  });
  it('tracks offers, presence and the spectator count', () => {
    let s: RoomState | null = fromSnapshot(snapshot(), 0);
    s = applyEvent(s, { type: 'offer', version: 6, kind: 'draw', seat: 1, state: 'made' }, 0).state;
    expect(s!.offers.draw).toBe(1);
    s = applyEvent(s, { type: 'offer', version: 7, kind: 'draw', seat: 1, state: 'declined' }, 0).state;
    expect(s!.offers.draw).toBeNull();
    s = applyEvent(s, { type: 'presence', version: 8, player: 1, seat: 1, name: 'Bob', connected: false, claim_at_ms: 99 }, 0).state;
    expect(s!.players[1].connected).toBe(false);
    expect(s!.players[1].claim_at_ms).toBe(99);
    s = applyEvent(s, { type: 'presence', version: 9, player: null, spectators: 3 }, 0).state;
    expect(s!.spectators).toBe(3);
    expect(s!.players[1].name).toBe('Bob');
  });
  it('a snapshot for a spectator has no seat and no turn', () => {
    const s = fromSnapshot(snapshot({ you: { role: 'spectator' }, legal_moves: [] }), 0);
    expect(s.seat).toBeNull();
    expect(isMyTurn(s)).toBe(false);
    expect(canAbort(s)).toBe(false);
  });
});

describe('parseEvent', () => {
  it('keeps well-formed events and drops broken ones', () => {
    expect(parseEvent({ ...moveEv(3, 1, 0, 'e2e4') } as unknown as Record<string, unknown>)).not.toBeNull();
    expect(parseEvent({ type: 'move', version: 3, ply: 1 })).toBeNull();
    expect(parseEvent({ type: 'move', ply: 1 })).toBeNull();
    expect(parseEvent({ type: 'snapshot', version: 1 })).toBeNull();
    expect(parseEvent(snapshot() as unknown as Record<string, unknown>)).not.toBeNull();
    expect(parseEvent({ type: 'nonsense', version: 1 })).toBeNull();
  });
  it('keeps a well-formed impasse count and drops a broken one, not the event', () => {
    const side = { king_in_camp: true, pieces: 10, points: 28, needed: 28 };
    const impasse = { black: side, white: { ...side, king_in_camp: false, needed: 27 } };
    const good = parseEvent({ ...moveEv(3, 1, 0, '5c5d'), impasse } as unknown as Record<string, unknown>);
    expect(good && good.type === 'move' && good.impasse).toEqual(impasse);
    const broken = parseEvent({ ...moveEv(3, 1, 0, '5c5d'), impasse: { black: side } } as unknown as Record<string, unknown>);
    expect(broken).not.toBeNull();
    expect(broken && broken.type === 'move' && broken.impasse).toBeUndefined();
  });
});

describe('impasse count', () => {
  const count = (points: number) => ({
    black: { king_in_camp: true, pieces: 10, points, needed: 28 },
    white: { king_in_camp: false, pieces: 0, points: 3, needed: 27 },
  });
  it('comes with the snapshot and follows every move', () => {
    let s: RoomState | null = fromSnapshot(snapshot({ impasse: count(27) }), 0);
    expect(s.impasse?.black.points).toBe(27);
    s = applyEvent(s, { ...moveEv(6, 1, 0, '5c5d'), impasse: count(28) }, 10).state;
    expect(s!.impasse?.black.points).toBe(28);
    s = applyEvent(s, moveEv(7, 2, 1, '5a5b'), 11).state; // a game without the rule
    expect(s!.impasse).toBeNull();
  });
  it('is null for games without the rule', () => {
    expect(fromSnapshot(snapshot(), 0).impasse).toBeNull();
  });
});

describe('clock', () => {
  const fischer = { kind: 'fischer' as const, base_ms: 300000, increment_ms: 0 };
  it('counts down only the running side', () => {
    const c = { kind: 'fischer' as const, remaining_ms: [60000, 50000] as [number, number], periods_left: [0, 0] as [number, number], running: 1 as const, server_time_ms: 0 };
    expect(clockFace(c, 1, 1500, fischer).ms).toBe(48500);
    expect(clockFace(c, 0, 1500, fischer).ms).toBe(60000);
    expect(clockFace(c, 1, 99999, fischer).ms).toBe(0);
    expect(clockFace(c, 1, 45000, fischer).low).toBe(true);
  });
  it('moves into byoyomi when main time runs out', () => {
    const byo = { kind: 'byoyomi' as const, base_ms: 60000, period_ms: 30000, periods: 2 };
    const c = { kind: 'byoyomi' as const, remaining_ms: [5000, 60000] as [number, number], periods_left: [2, 2] as [number, number], running: 0 as const, server_time_ms: 0 };
    const f = clockFace(c, 0, 7000, byo);
    expect(f.inByoyomi).toBe(true);
    expect(f.ms).toBe(28000);
    expect(f.periods).toBe(2);
    expect(f.low).toBe(false);
    const g = clockFace(c, 0, 40000, byo);
    expect(g.periods).toBe(1);
    expect(g.ms).toBe(25000);
  });
  it('formats times', () => {
    expect(formatClock(305000)).toBe('5:05');
    expect(formatClock(3723000)).toBe('1:02:03');
    expect(formatClock(9450)).toBe('0:09.4');
    expect(formatClock(-5)).toBe('0:00.0');
    expect(describeClock({ kind: 'fischer', base_ms: 180000, increment_ms: 2000 })).toBe('3+2');
    expect(describeClock({ kind: 'byoyomi', base_ms: 600000, period_ms: 30000, periods: 1 })).toBe('10m+30s');
    expect(describeClock({ kind: 'byoyomi', base_ms: 0, period_ms: 10000, periods: 1 })).toBe('10s');
    expect(describeClock({ kind: 'byoyomi', base_ms: 180000, period_ms: 10000, periods: 3 })).toBe('3m+3×10s');
  });
  it('writes time controls in Japanese as Japanese servers do', () => {
    setLang('ja', null);
    try {
      expect(describeClock({ kind: 'fischer', base_ms: 180000, increment_ms: 2000 })).toBe('3分+2秒');
      expect(describeClock({ kind: 'byoyomi', base_ms: 600000, period_ms: 30000, periods: 1 })).toBe('10分・秒読み30秒');
      expect(describeClock({ kind: 'byoyomi', base_ms: 0, period_ms: 10000, periods: 1 })).toBe('秒読み10秒');
    } finally {
      setLang('en', null);
    }
  });
});

describe('result texts', () => {
  const side = (s: 0 | 1) => (s === 0 ? 'White' : 'Black');
  it('has words for every reason in both languages', () => {
    for (const r of REASONS) {
      expect(en, r).toHaveProperty(`reason.${r}`);
      expect(ja, r).toHaveProperty(`reason.${r}`);
    }
  });
  it('says win, lose or draw to a player and names the winner to a spectator', () => {
    expect(resultText({ result: 'win', winner: 0, reason: 'checkmate' }, side, false).title).toBe('You won');
    expect(resultText({ result: 'lose', winner: 1, reason: 'timeout' }, side, false)).toEqual({ title: 'You lost', reason: 'on time', tone: 'lose' });
    expect(resultText({ result: 'draw', winner: null, reason: 'stalemate' }, side, false).title).toBe('Draw');
    expect(resultText({ result: 'win', winner: 1, reason: 'resignation' }, side, true).title).toBe('Black wins');
    expect(resultText({ result: 'aborted', winner: null, reason: 'aborted' }, side, false).title).toBe('Game aborted');
    expect(resultText({ result: 'win', winner: 0, reason: 'new_reason' }, side, false).reason).toBe('(new_reason)');
  });
  it('gives reversi\'s disc count with the reason', () => {
    const final = `${'X'.repeat(34)}${'O'.repeat(28)}-- O`;
    expect(resultText({ result: 'win', winner: 0, reason: 'disc_count' }, side, true, final).reason).toBe('by disc count: White 34, Black 28');
    expect(resultText({ result: 'win', winner: 0, reason: 'disc_count' }, side, true).reason).toBe('by disc count');
  });
});

describe('session', () => {
  it('keeps a token per room and reads share links', () => {
    const m = new Map<string, string>();
    const s = new Session({ getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) });
    s.saveToken('roomA', 'tok');
    expect(s.token('roomA')).toBe('tok');
    expect(s.token('roomB')).toBeNull();
    s.saveName('  Alice  ');
    expect(s.name()).toBe('Alice');
    expect(roomFromPath('/r/q3Vf0d9m2bX7cLk1PzT8aA')).toBe('q3Vf0d9m2bX7cLk1PzT8aA');
    expect(roomFromPath('/r/../etc')).toBeNull();
    expect(roomFromPath('/')).toBeNull();
  });
});
