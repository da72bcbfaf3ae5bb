import { describe, expect, it } from 'vitest';
import { fairyMoveMaps, parseFairyFen, parseFairyMove, parseSquare, squareName } from '../src/boards/fairy-position';
import { reachedSquares } from '../src/ui/variant-guide';
import { pieceSvgMarkup } from '../src/boards/fairy-pieces';
import { letterPath } from '../src/boards/fairy-letters';
import type { VariantPiece } from '../src/protocol/messages';

describe('fairy positions', () => {
  it('reads a 10x8 FEN with every letter', () => {
    const p = parseFairyFen('rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR b KQkq - 0 1', 10, 8);
    expect(p.whiteToMove).toBe(false);
    expect(p.board[0][2]).toEqual({ letter: 'a', white: true, promoted: false });
    expect(p.board[7][7]).toEqual({ letter: 'c', white: false, promoted: false });
    expect(p.board[3].every((x) => x === null)).toBe(true);
  });
  it('reads two-digit runs and ten ranks', () => {
    const p = parseFairyFen('r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1', 10, 10);
    expect(p.board[9][0]?.letter).toBe('r');
    expect(p.board[9][9]?.letter).toBe('r');
    expect(p.board[0][9]).toEqual({ letter: 'r', white: true, promoted: false });
  });
  it('marks promoted pieces', () => {
    expect(parseFairyFen('+f7/8/8/8/8/8/8/8 w - - 0 1', 8, 8).board[7][0]?.promoted).toBe(true);
  });
  it('writes and reads squares up to l10', () => {
    expect(squareName({ file: 11, rank: 9 })).toBe('l10');
    expect(parseSquare('a10')).toEqual({ file: 0, rank: 9 });
    expect(parseSquare('m1')).toBeNull();
  });
  it('groups moves by squares; several moves of a pair are a promotion choice', () => {
    expect(parseFairyMove('a9a10q')).toEqual({ from: 'a9', to: 'a10', promotion: 'q' });
    const m = fairyMoveMaps(['a9a10q', 'a9a10c', 'a9a10a', 'b2b3', 'e1g1', 'nonsense']);
    expect(m.dests.get('a9')).toEqual(['a10']);
    expect(m.moves.get('a9a10')).toEqual(['a9a10q', 'a9a10c', 'a9a10a']);
    expect(m.moves.get('b2b3')).toEqual(['b2b3']);
    expect(m.dests.has('no')).toBe(false);
  });
});

describe('fairy pieces and diagrams', () => {
  it('draws any letter', () => {
    // A letter is strokes, never text: no font is needed to draw it.
    expect(pieceSvgMarkup('a', true)).toContain(`d="${letterPath('A')}"`);
    expect(pieceSvgMarkup('a', true)).not.toContain('<text');
    expect(letterPath('a')).not.toBe(letterPath('c'));
    expect(pieceSvgMarkup('5', true)).toContain(`d="${letterPath('?')}"`);
    expect(pieceSvgMarkup('n', false)).toContain('<path');
    expect(pieceSvgMarkup('w', true, true)).toContain('#c0392b');
    expect(pieceSvgMarkup('<img src=x>', true)).not.toContain('<img');
  });
  it('lists the squares a piece reaches from the centre', () => {
    const wazirRider: VariantPiece = { letter: 'x', name: 'customPiece1', pawn: false, royal: false, leaps: [[1, 2, 'mc']], rides: [[0, 1, 2, 'm'], [1, 0, 0, 'c']] };
    const got = reachedSquares(wazirRider).map((s) => `${s.dx},${s.dy},${s.how}`);
    expect(got).toEqual(['1,2,mc', '0,1,m', '0,2,m', '1,0,c', '2,0,c', '3,0,c']);
  });
});

describe('custom pieces', () => {
  it('draws a variant\'s own piece apart from a known piece with the same letter', async () => {
    const { pieceSvgMarkup } = await import('../src/boards/fairy-pieces');
    expect(pieceSvgMarkup('a', true, false, true)).not.toBe(pieceSvgMarkup('a', true));
    expect(pieceSvgMarkup('q', true, false, true)).not.toBe(pieceSvgMarkup('q', true));
    expect(pieceSvgMarkup('a', true, false, true)).toContain('<rect');
  });
});
