import { describe, expect, it } from 'vitest';
import { chessCaptured, hasamiCaptures, reversiDiscs } from '../src/ui/material';
import { customClock, presetsFor, switchClock } from '../src/ui/presets';
import { kingInEnemyCamp } from '../src/ui/controls';
import { markedPly, moveRows, startOf } from '../src/ui/move-list';

describe('material', () => {
  it('counts captured chess pieces, promotions included', () => {
    expect(chessCaptured('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'w')).toEqual([]);
    expect(chessCaptured('rnb1kbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1', 'w')).toEqual(['p']);
    expect(chessCaptured('rnb1kbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1', 'b')).toEqual(['q']);
    // White promoted a pawn to a second queen: one pawn gone, nothing else.
    expect(chessCaptured('Q3k3/8/8/8/8/8/1PPPPPPP/RNBQKBNR w - - 0 1', 'w')).toEqual([]);
  });
  it('counts hasami captures and reversi discs', () => {
    expect(hasamiCaptures('ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1')).toEqual([0, 0]);
    expect(hasamiCaptures('pppp5/9/9/9/9/9/9/9/PPPPPPPP1 b - 9')).toEqual([5, 1]);
    expect(reversiDiscs('---------------------------OX------XO--------------------------- X')).toEqual([2, 2]);
  });
});

describe('time controls', () => {
  it('offers byoyomi to the shogi family and increments to the others', () => {
    expect(presetsFor(true).every((p) => p.clock.kind !== 'fischer')).toBe(true);
    expect(presetsFor(false).every((p) => p.clock.kind !== 'byoyomi')).toBe(true);
  });
  it('builds custom clocks within the protocol limits', () => {
    expect(customClock(false, 5, 3)).toEqual({ kind: 'fischer', base_ms: 300000, increment_ms: 3000 });
    expect(customClock(true, 0, 30)).toEqual({ kind: 'byoyomi', base_ms: 0, period_ms: 30000, periods: 1 });
    expect(customClock(true, 10, 30, 3)).toEqual({ kind: 'byoyomi', base_ms: 600000, period_ms: 30000, periods: 3 });
    expect(customClock(true, 1, 10, 0)).toMatchObject({ periods: 1 });
    expect(customClock(true, 1, 10, 12)).toMatchObject({ periods: 10 });
    expect(customClock(false, 0, 0)).toEqual({ kind: 'none' });
    expect(customClock(false, 999, 9999)).toEqual({ kind: 'fischer', base_ms: 10800000, increment_ms: 600000 });
  });
});

describe('controls', () => {
  it('offers the impasse declaration only with the king in the enemy camp', () => {
    const start = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
    expect(kingInEnemyCamp(start, 0)).toBe(false);
    expect(kingInEnemyCamp('4K4/9/9/9/9/9/9/9/4k4 b - 1', 0)).toBe(true);
    expect(kingInEnemyCamp('4K4/9/9/9/9/9/9/9/4k4 b - 1', 1)).toBe(true);
    expect(kingInEnemyCamp(start, null)).toBe(false);
  });
});

describe('move list', () => {
  it('marks each ply with its side once', () => {
    expect(markedPly('7六歩(77)', 0)).toBe('☗7六歩(77)');
    expect(markedPly('3四歩(33)', 1)).toBe('☖3四歩(33)');
    expect(markedPly('▲5八金(69)', 0)).toBe('▲5八金(69)');
    expect(markedPly('△7二飛(82)', 1)).toBe('△7二飛(82)');
  });
  it('starts the move list with the side that moved first, numbered from the position', () => {
    expect(startOf('koma', 'lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1')).toEqual({ firstSeat: 1, firstNo: 1 });
    expect(startOf('koma', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1')).toEqual({ firstSeat: 0, firstNo: 1 });
    expect(startOf('checkered', '4k3/8/8/8/8/8/8/4K2R b K - 3 12')).toEqual({ firstSeat: 1, firstNo: 12 });
    expect(startOf('checkered', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toEqual({ firstSeat: 0, firstNo: 1 });
    expect(startOf('discs', '---------------------------OX------XO--------------------------- X')).toEqual({ firstSeat: 0, firstNo: 1 });
    expect(startOf('checkered', '')).toEqual({ firstSeat: 0, firstNo: 1 });
    // Black first: "12. … Ke7", then "13. Rh8 Kd6", then "14. Rh7".
    expect(moveRows(4, { firstSeat: 1, firstNo: 12 })).toEqual([
      { no: 12, first: null, second: 0 }, { no: 13, first: 1, second: 2 }, { no: 14, first: 3, second: null }]);
    expect(moveRows(3, { firstSeat: 0, firstNo: 1 })).toEqual([{ no: 1, first: 0, second: 1 }, { no: 2, first: 2, second: null }]);
    expect(moveRows(0, { firstSeat: 1, firstNo: 5 })).toEqual([]);
    // A handicap game's first ply is White's.
    expect(markedPly('3四歩', 0 + 1)).toBe('☖3四歩');
  });
});

describe('clock cues', async () => {
  const { clockCue } = await import('../src/state/clock');
  const face = (ms: number, over: Partial<{ periods: number; inByoyomi: boolean; running: boolean }> = {}) => ({
    ms, periods: over.periods ?? 0, inByoyomi: over.inByoyomi ?? false, running: over.running ?? true, low: ms < 10_000,
  });
  it('beeps once per second in the last ten', () => {
    expect(clockCue(face(10_400), face(10_100))).toBeNull();
    expect(clockCue(face(10_050), face(9_950))).toBe('low'); // ten seconds left: the first of ten
    expect(clockCue(face(9_050), face(8_950))).toBe('low');
    expect(clockCue(face(8_950), face(8_850))).toBeNull();
    expect(clockCue(face(1_050), face(0))).toBeNull(); // the flag: the end sound says it
  });
  it('sounds a period tone when byoyomi begins or a new period starts', () => {
    expect(clockCue(face(200, { periods: 3 }), face(29_900, { periods: 3, inByoyomi: true }))).toBe('period');
    expect(clockCue(face(100, { periods: 3, inByoyomi: true }), face(29_950, { periods: 2, inByoyomi: true }))).toBe('period');
  });
  it('is silent for a clock that is not running', () => {
    expect(clockCue(face(9_050, { running: false }), face(8_950, { running: false }))).toBeNull();
    expect(clockCue(null, face(8_950))).toBeNull();
  });
});

describe('switching games', () => {
  const byoyomi = { kind: 'byoyomi', base_ms: 600000, period_ms: 30000, periods: 1 } as const;
  const fischer = { kind: 'fischer', base_ms: 300000, increment_ms: 3000 } as const;
  it('keeps a clock that suits the next game, else takes that kind of default', () => {
    expect(switchClock(true, byoyomi, 'keep')).toEqual(byoyomi);
    expect(switchClock(false, byoyomi, 'keep')).toEqual({ kind: 'fischer', base_ms: 600000, increment_ms: 5000 });
    expect(switchClock(true, fischer, 'keep')).toEqual(byoyomi);
    expect(switchClock(false, { kind: 'none' }, 'keep')).toEqual({ kind: 'none' });
  });
  it('takes the preset the host chose', () => {
    expect(switchClock(true, byoyomi, 'b0+30')).toEqual({ kind: 'byoyomi', base_ms: 0, period_ms: 30000, periods: 1 });
    expect(switchClock(false, fischer, 'none')).toEqual({ kind: 'none' });
    expect(switchClock(false, fischer, 'b0+30')).toEqual(fischer); // not a preset of this kind
  });
});

describe('typed moves', () => {
  it('plays a legal move whatever its case, and says why another is not played', async () => {
    const { typedMoveVerdict } = await import('../src/ui/typed-move');
    const legal = ['7g7f', '7g7h', 'P*5e', 'e2e4'];
    expect(typedMoveVerdict('7G7F', { legalMoves: legal, myTurn: true })).toEqual({ move: '7g7f', why: '' });
    expect(typedMoveVerdict('7g7f', { legalMoves: legal, myTurn: false }).why).toBe('It is not your turn yet.');
    expect(typedMoveVerdict('7g7c', { legalMoves: legal, myTurn: true }).why).toBe('7g7c is not legal: the piece on 7g cannot go there now.');
    expect(typedMoveVerdict('5a5c', { legalMoves: legal, myTurn: true }).why).toBe('5a5c is not a legal move here. Moves are written like 7g7f.');
    expect(typedMoveVerdict('5a5c', { legalMoves: [], myTurn: true }).why).toBe('There is no move to play.');
  });
});

describe('the invite card', () => {
  it('reads the series route\'s invite and ignores a malformed one', async () => {
    const { parseSeries } = await import('../src/protocol/positions');
    const base = { room: 'r', players: [], score: [0, 0], total_games: 0, games: [], next: null };
    const a = parseSeries({ ...base, invite: { game: 'shogi', clock: { kind: 'byoyomi', base_ms: 0, period_ms: 30000, periods: 1 }, host: 'Hana', seats_taken: 2, spectators: true } });
    expect(a?.invite).toMatchObject({ game: 'shogi', host: 'Hana', seats_taken: 2, spectators: true });
    expect(parseSeries({ ...base, invite: { game: 7 } })?.invite).toBeUndefined();
  });
});
