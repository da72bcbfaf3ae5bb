import { describe, expect, it } from 'vitest';
import { dropOrigin, fairyMoveMaps, parseFairyDrop, parseFairyFen, parseFairyMove, pocketList, wallSquare, wallStep } from '../src/boards/fairy-position';
import { premoveCandidates, premoveDests } from '../src/boards/fairy-premove';
import { boardLines } from '../src/boards/fairy-lines';
import { pieceSvgMarkup } from '../src/boards/fairy-pieces';
import { beginPress, endPress } from '../src/boards/grid-press';
import type { VariantInfo, VariantPiece } from '../src/protocol/messages';

const piece = (letter: string, name: string, leaps: [number, number, string][], rides: [number, number, number, string][] = [], extra: Partial<VariantPiece> = {}): VariantPiece =>
  ({ letter, name, pawn: false, royal: false, leaps, rides, ...extra });
const ORTHO: [number, number, number, string][] = [[0, 1, 0, 'mc'], [0, -1, 0, 'mc'], [1, 0, 0, 'mc'], [-1, 0, 0, 'mc']];
const CHESS: VariantInfo = {
  name: 'crazyhouse', files: 8, ranks: 8, start_fen: '', chess960: false, promotion_pieces: 'qrbn', hand: 'pnbrq', drops: true,
  pieces: [
    piece('p', 'pawn', [[0, 1, 'm'], [1, 1, 'c'], [-1, 1, 'c']], [], { pawn: true }),
    piece('n', 'knight', [[1, 2, 'mc'], [2, 1, 'mc'], [-1, 2, 'mc'], [-2, 1, 'mc'], [1, -2, 'mc'], [2, -1, 'mc'], [-1, -2, 'mc'], [-2, -1, 'mc']]),
    piece('r', 'rook', [], ORTHO),
    piece('k', 'king', [[0, 1, 'mc'], [1, 1, 'mc'], [1, 0, 'mc'], [1, -1, 'mc'], [0, -1, 'mc'], [-1, -1, 'mc'], [-1, 0, 'mc'], [-1, 1, 'mc']], [], { royal: true }),
  ],
};

describe('fairy FENs with pockets and walls', () => {
  it('reads the pockets in brackets, upper case White\'s', () => {
    const p = parseFairyFen('rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NNpq] w KQkq - 0 1', 8, 8);
    expect(p.pockets?.white).toEqual(new Map([['N', 2]]));
    expect(p.pockets?.black).toEqual(new Map([['P', 1], ['Q', 1]]));
    expect(p.board[0][0]).toEqual({ letter: 'r', white: true, promoted: false });
    expect(parseFairyFen('8/8/8/8/8/8/8/8[] w - - 0 1', 8, 8).pockets?.white.size).toBe(0);
    expect(parseFairyFen('8/8/8/8/8/8/8/8 w - - 0 1', 8, 8).pockets).toBeNull();
  });
  it('reads a pocket written as a last row, and promoted pieces marked with ~', () => {
    const p = parseFairyFen('k7/8/8/8/8/8/8/Q~6K/Bb w - - 0 1', 8, 8);
    expect(p.board[0][0]).toEqual({ letter: 'q', white: true, promoted: true });
    expect(p.pockets?.white.get('B')).toBe(1);
    expect(p.pockets?.black.get('B')).toBe(1);
  });
  it('reads walls and the duck as *', () => {
    const p = parseFairyFen('rnbqkbnr/pppppppp/8/8/4*3/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1', 8, 8);
    expect([...p.walls]).toEqual(['e4']);
    expect(p.board[3][4]).toBeNull();
    expect(p.board[3][5]).toBeNull();
    expect(p.whiteToMove).toBe(false);
  });
  it('lists a pocket in the hand\'s order, each type once, none that ran out', () => {
    const counts = new Map([['Q', 1], ['P', 3], ['N', 0], ['X', 1]]);
    expect(pocketList(counts, 'pnbrq')).toEqual([{ letter: 'P', count: 3 }, { letter: 'Q', count: 1 }, { letter: 'X', count: 1 }]);
    expect(pocketList(undefined)).toEqual([]);
  });
});

describe('fairy move maps', () => {
  it('maps drops from their pocket piece ("N@"), apart from the board moves', () => {
    const m = fairyMoveMaps(['N@a3', 'N@e4', 'P@e4', 'a2a3', 'g1f3']);
    expect(dropOrigin('n')).toBe('N@');
    expect(m.dests.get('N@')).toEqual(['a3', 'e4']);
    expect(m.dests.get('P@')).toEqual(['e4']);
    expect(m.moves.get('N@e4')).toEqual(['N@e4']);
    expect(m.dests.get('g1')).toEqual(['f3']);
    expect(parseFairyDrop('+P@a2')).toEqual({ letter: 'P', to: 'a2', promoted: true });
    expect(parseFairyDrop('p@a2')).toBeNull();
  });
  it('a pocket piece is picked and dropped through the same presses as a piece', () => {
    const m = fairyMoveMaps(['N@a3', 'N@e4']);
    const pick = beginPress('N@', null, m.dests);
    expect(endPress(pick, 'N@', false, m.dests)).toEqual({ kind: 'select', square: 'N@' });
    expect(endPress(beginPress('e4', 'N@', m.dests), 'e4', false, m.dests)).toEqual({ kind: 'move', from: 'N@', to: 'e4' });
    // Dragged from the pocket onto a square:
    expect(endPress(beginPress('N@', null, m.dests), 'a3', true, m.dests)).toEqual({ kind: 'move', from: 'N@', to: 'a3' });
    expect(endPress(beginPress('N@', null, m.dests), 'h8', true, m.dests)).toEqual({ kind: 'clear' });
  });
  it('offers kyotoshogi\'s drop as the promoted piece beside the plain one', () => {
    const m = fairyMoveMaps(['+P@a2', 'P@a2', 'P@a3', 'a1a2-', 'b1a2+']);
    expect(m.moves.get('P@a2')).toEqual(['+P@a2', 'P@a2']);
    expect(m.moves.get('P@a3')).toEqual(['P@a3']);
    expect(m.moves.get('a1a2')).toEqual(['a1a2-']);
  });
  it('groups gates with their move; a castling gate from the rook joins the king\'s castling too', () => {
    const legal = ['b1c3', 'b1c3e', 'b1c3h', 'e1g1', 'e1g1e', 'e1g1h', 'h1e1e', 'h1e1h', 'h1f1', 'e1f1', 'e1c1', 'a1e1h'];
    const pos = parseFairyFen('r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQBCDFGkqbcdfg - 0 1', 8, 8);
    const m = fairyMoveMaps(legal, pos, (l) => l === 'k');
    expect(m.moves.get('b1c3')).toEqual(['b1c3', 'b1c3e', 'b1c3h']);
    expect(m.moves.get('e1g1')).toEqual(['e1g1', 'e1g1e', 'e1g1h', 'h1e1e', 'h1e1h']);
    expect(m.moves.get('e1c1')).toEqual(['e1c1', 'a1e1h']);
    expect(m.moves.get('h1e1')).toEqual(['h1e1e', 'h1e1h']);
    expect(m.moves.get('e1f1')).toEqual(['e1f1']);
    expect(parseFairyMove('h1e1h')).toEqual({ from: 'h1', to: 'e1', promotion: 'h' });
  });
  it('keeps janggi\'s pass (the king to its own square) apart', () => {
    const m = fairyMoveMaps(['e2e2', 'e2e1', 'a1a2']);
    expect(m.pass).toBe('e2e2');
    expect(m.dests.get('e2')).toEqual(['e1']);
    expect(fairyMoveMaps(['a1a2']).pass).toBeNull();
  });
  it('takes a walling move in two steps: the move, then the wall square', () => {
    const legal = ['e2e4,e4d5', 'e2e4,e4e2', 'e2e4,e4h6', 'e2e3,e3a3', 'a7a8q,a8b1', 'a7a8n,a8b1'];
    const m = fairyMoveMaps(legal);
    expect(m.dests.get('e2')).toEqual(['e4', 'e3']);
    expect(m.moves.get('e2e4')).toEqual(['e2e4,e4d5', 'e2e4,e4e2', 'e2e4,e4h6']);
    expect(wallSquare('e2e4,e4d5')).toBe('d5');
    expect(wallSquare('e2e4')).toBeNull();
    const step = wallStep(m.moves.get('e2e4')!);
    expect([...step.keys()]).toEqual(['e2e4']);
    expect([...step.get('e2e4')!.keys()]).toEqual(['d5', 'e2', 'h6']);
    expect(step.get('e2e4')!.get('h6')).toBe('e2e4,e4h6');
    // A promotion first (the chooser), then the wall.
    expect([...wallStep(m.moves.get('a7a8')!).keys()]).toEqual(['a7a8q', 'a7a8n']);
    expect(wallStep(['e2e4']).size).toBe(0);
  });
});

describe('fairy premoves', () => {
  it('prepares piece moves on an empty board and drops on any square not one\'s own', () => {
    const pos = parseFairyFen('4k3/8/8/8/8/8/4P3/R3K3[Nq] b - - 0 1', 8, 8);
    const d = premoveDests(pos, CHESS, true);
    expect(d.get('e2')?.sort()).toEqual(['d3', 'e3', 'e4', 'f3']);
    expect(d.get('a1')).toContain('a8');
    expect(d.get('a1')).not.toContain('e1');
    expect(d.get('e1')).toContain('c1');
    expect(d.get('N@')?.length).toBe(64 - 3);
    expect(d.has('Q@')).toBe(false);
    expect(premoveDests(pos, CHESS, false).get('Q@')?.length).toBe(63);
  });
  it('plays a premove only when it is legal when the turn comes', () => {
    expect(premoveCandidates({ from: 'N@', to: 'e4' }, ['N@e4', 'e2e4'])).toEqual(['N@e4']);
    expect(premoveCandidates({ from: 'e2', to: 'e4' }, ['e2e3'])).toEqual([]);
    expect(premoveCandidates({ from: 'a7', to: 'a8' }, ['a7a8q', 'a7a8n'])).toEqual(['a7a8q', 'a7a8n']);
  });
});

describe('fairy board styles', () => {
  it('draws xiangqi\'s lines with the river and both palaces\' diagonals', () => {
    const v = { files: 9, ranks: 10, river: 5, palace: ['d1', 'e1', 'f1', 'd2', 'e2', 'f2', 'd3', 'e3', 'f3', 'd8', 'e8', 'f8', 'd9', 'e9', 'f9', 'd10', 'e10', 'f10'] };
    const x = boardLines(v, 'xiangqi', false);
    expect(x).toContain('fairy-river');
    expect(x).toContain('M3.5 9.5L5.5 7.5'); // white's palace, d1 to f3
    expect(x).toContain('M3.5 2.5L5.5 0.5'); // black's palace, d8 to f10
    expect(boardLines(v, 'janggi', false)).not.toContain('fairy-river');
    expect(boardLines(v, 'xiangqi', true)).toContain('M5.5 0.5L3.5 2.5'); // turned
  });
  it('draws counters, pentagons and S-chess\'s hawk and elephant, letters in strokes', () => {
    const red = pieceSvgMarkup('r', true, false, false, { style: 'xiangqi' });
    expect(red).toContain('#b3261e');
    expect(pieceSvgMarkup('r', false, false, false, { style: 'xiangqi' })).not.toContain('#b3261e');
    expect(pieceSvgMarkup('r', false, false, false, { style: 'janggi' })).toContain('#1d4f9c');
    expect(red).not.toContain('<text');
    const up = pieceSvgMarkup('s', true, false, false, { style: 'shogi', up: true });
    expect(up).not.toContain('rotate(180');
    expect(pieceSvgMarkup('s', false, false, false, { style: 'shogi', up: false })).toContain('rotate(180');
    expect(pieceSvgMarkup('s', true, true, false, { style: 'shogi', up: true })).toContain('#c0392b');
    expect(pieceSvgMarkup('h', true, false, false, { name: 'archbishop' })).not.toBe(pieceSvgMarkup('h', true));
    expect(pieceSvgMarkup('e', true, false, false, { name: 'chancellor' })).not.toBe(pieceSvgMarkup('e', true));
  });
});
