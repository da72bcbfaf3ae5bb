import { describe, expect, it } from 'vitest';
import { covers, fromAnswer, goTo, lookingBack, navigate, shownPly, withMove, type ReplayState } from '../src/state/replay';
import { parsePositions, parseSeries, type PositionsAnswer } from '../src/protocol/positions';
import { revealPosition, candidateSquares } from '../src/boards/dogcat-reveal';
import { parseShogiPosition } from '../src/boards/shogi-position';

const entry = (ply: number) => ({ ply, position: `p${ply}`, to_move: (ply % 2) as 0 | 1, in_check: false, ...(ply ? { move: `m${ply}`, display: `d${ply}`, seat: ((ply - 1) % 2) as 0 | 1 } : {}) });

function answer(n: number, over = false): PositionsAnswer {
  return {
    room: 'q3Vf0d9m2bX7cLk1PzT8aA', game_no: 2, game: 'chess', status: over ? 'over' : 'playing', initial_position: 'p0',
    positions: Array.from({ length: n + 1 }, (_, i) => entry(i)), result: over ? { kind: 'win', winner: 0, reason: 'checkmate' } : null,
  };
}

describe('replay cursor', () => {
  it('follows the game until the viewer looks back, and returns to it at the end', () => {
    let r = fromAnswer(answer(4), false, null)!;
    expect(lookingBack(r)).toBe(false);
    expect(shownPly(r, 4)).toBe(4);
    r = navigate(r, 'prev', 4);
    expect(r.cursor).toBe(3);
    r = navigate(r, 'start', 4);
    expect(r.cursor).toBe(0);
    r = navigate(r, 'prev', 4); // not before the start
    expect(r.cursor).toBe(0);
    r = goTo(r, 3, 4);
    r = navigate(r, 'next', 4); // the game's own position: live again
    expect(r.cursor).toBeNull();
    r = goTo(r, 2, 4);
    r = navigate(r, 'end', 4);
    expect(lookingBack(r)).toBe(false);
    expect(goTo(r, 99, 4).cursor).toBeNull();
    expect(goTo(r, -5, 4).cursor).toBe(0);
  });
  it('grows with each move without moving the viewer, and knows when it is stale', () => {
    let r: ReplayState | null = goTo(fromAnswer(answer(4), false, null)!, 1, 4);
    r = withMove(r, 2, entry(5));
    expect(r!.positions).toHaveLength(6);
    expect(r!.cursor).toBe(1);
    expect(covers(r!, 2, 5)).toBe(true);
    expect(covers(r!, 2, 6)).toBe(false);
    expect(covers(r!, 3, 5)).toBe(false);
    expect(withMove(r!, 2, entry(7))).toBeNull(); // a gap
    expect(withMove(r!, 3, entry(6))).toBeNull(); // another game
  });
  it('keeps an archive game at a position, never live', () => {
    let r = fromAnswer(answer(3, true), true, null)!;
    expect(r.archive).toBe(true);
    expect(r.cursor).toBe(3); // opens at the end
    expect(r.over).toBe(true);
    r = navigate(r, 'next', 10); // the live game's length does not matter
    expect(r.cursor).toBe(3);
    r = navigate(r, 'start', 10);
    expect(r.cursor).toBe(0);
    r = navigate(r, 'end', 10);
    expect(r.cursor).toBe(3);
    expect(lookingBack(r)).toBe(true);
    expect(withMove(r, 5, entry(4))).toBe(r); // live moves do not touch it
  });
  it('refuses positions out of order', () => {
    const a = answer(2);
    a.positions = [a.positions[0], a.positions[2], a.positions[1]];
    expect(fromAnswer(a, false, null)).toBeNull();
    expect(fromAnswer(answer(2), false, 9)!.cursor).toBe(2);
  });
});

describe('records API answers', () => {
  it('reads positions with dog-cat reveals and drops malformed ones', () => {
    const a = parsePositions({
      room: 'r', game_no: 1, game: 'dogcat', status: 'over', initial_position: 'x',
      positions: [{ ply: 0, position: 'x', to_move: 0, in_check: false, reveal: { hidden: [{ owner: 0, where: '3e', type: 'k', candidate: true }], king_candidates_seen_by: [[], ['3e']] } }],
      result: { kind: 'win', winner: 1, reason: 'no_king_proven' }, extra: 1,
    })!;
    expect(a.positions[0].reveal!.hidden[0].type).toBe('K');
    expect(a.result).toEqual({ kind: 'win', winner: 1, reason: 'no_king_proven' });
    expect(parsePositions({ game_no: 1, game: 'chess', positions: [{ ply: 0, position: 3, to_move: 0 }] })).toBeNull();
    expect(parsePositions({ game_no: 1, game: 'chess', positions: [] })).toBeNull();
    expect(parsePositions(null)).toBeNull();
    // A malformed reveal is left out, the position kept.
    const b = parsePositions({ game_no: 1, game: 'dogcat', positions: [{ ply: 0, position: 'x', to_move: 0, reveal: { hidden: 'no' } }] })!;
    expect(b.positions[0].reveal).toBeUndefined();
  });
  it('reads a series page with its downloads', () => {
    const s = parseSeries({
      room: 'r', score: [1, 0], total_games: 2, players: [{ player: 0, name: 'Alice' }, { player: 1, name: 'Bob' }],
      games: [
        { game_no: 1, game: 'chess', players_by_seat: ['Alice', 'Bob'], seat_of_player: [0, 1], started_ms: 5, status: 'over', plies: 4, result: { kind: 'win', winner: 0, reason: 'checkmate' }, records: { pgn: '/a' } },
        { game_no: 2, game: 'shogi', players_by_seat: ['Bob', 'Alice'], seat_of_player: [1, 0], started_ms: 6, status: 'playing', plies: 0, result: null, records: { kif: '/b' } },
      ],
      next: null, series_records: { pgn: '/all.pgn', zip: '/all.zip' },
    })!;
    expect(s.games.map((g) => g.game_no)).toEqual([1, 2]);
    expect(s.games[1].seat_of_player).toEqual([1, 0]);
    expect(s.series_records).toEqual({ pgn: '/all.pgn', zip: '/all.zip' });
    expect(parseSeries({ games: [{ game: 'chess' }] })).toBeNull();
  });
});

describe('dog-cat reveal', () => {
  // Black's hidden rook on 3e (White counts it a possible king), White's hidden king on 3a
  // and hidden silver on 1a (Black counts only 3a), a White piece in hand.
  const reveal = {
    hidden: [
      { owner: 0 as const, where: '3e', type: 'R', candidate: true },
      { owner: 1 as const, where: '3a', type: 'K', candidate: true },
      { owner: 1 as const, where: '1a', type: 'S', candidate: false },
      { owner: 1 as const, where: 'hand', type: 'G', candidate: false },
    ],
    king_candidates_seen_by: [['3a'], ['3e']] as [string[], string[]],
  };
  const seen = '2?x1!x/5/5/5/2?X2 b ?x 4';
  it('shows every type with both sides\' suspicions', () => {
    const text = revealPosition(seen, reveal, 'both');
    expect(text).toBe('2?k1!s/5/5/5/2?R2 b ?g 4');
    const p = parseShogiPosition(text, 5, 5)!;
    expect(p.board.get('3a')).toEqual({ color: 'gote', role: 'hidden-king-c' });
    expect(p.board.get('3e')).toEqual({ color: 'sente', role: 'hidden-rook-c' });
    expect(p.hands.gote.get('hidden-gold')).toBe(1);
  });
  it('shows one side\'s view: only the opponent\'s pieces it still suspected are marked', () => {
    expect(revealPosition(seen, reveal, 0)).toBe('2?k1!s/5/5/5/2!R2 b ?g 4');
    expect(revealPosition(seen, reveal, 1)).toBe('2!k1!s/5/5/5/2?R2 b ?g 4');
    // Plain pieces pass through untouched.
    expect(revealPosition('P4/5/5/5/4k b - 1', { hidden: [], king_candidates_seen_by: [[], []] }, 'both')).toBe('P4/5/5/5/4k b - 1');
    expect(candidateSquares({ ...reveal, king_candidates_seen_by: [['3a', '1a'], []] })).toEqual([['1a', '3a'], []]);
  });
});
