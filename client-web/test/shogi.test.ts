import { describe, expect, it } from 'vitest';
import { parseShogiPosition } from '../src/boards/shogi-position';
import { boardSfen, handsSfen, fromForsyth, toForsyth } from '../src/boards/shogi-tokens';
import { moveMaps, dropUsi, boardMoveUsi, moveSquares, promotedRole } from '../src/boards/shogi-moves';

describe('shogi positions', () => {
  it('reads the shogi start position', () => {
    const p = parseShogiPosition('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1', 9, 9)!;
    expect(p.board.size).toBe(40);
    expect(p.board.get('5i')).toEqual({ color: 'sente', role: 'king' });
    expect(p.board.get('8h')).toEqual({ color: 'sente', role: 'bishop' });
    expect(p.board.get('2b')).toEqual({ color: 'gote', role: 'bishop' });
    expect(p.turn).toBe('sente');
  });
  it('reads promoted pieces, hands with counts and the move number', () => {
    const p = parseShogiPosition('4k4/9/4+P4/9/9/9/9/9/4K4 w 2Pr3p 42', 9, 9)!;
    expect(p.board.get('5c')).toEqual({ color: 'sente', role: 'tokin' });
    expect(p.hands.sente.get('pawn')).toBe(2);
    expect(p.hands.gote.get('rook')).toBe(1);
    expect(p.hands.gote.get('pawn')).toBe(3);
    expect(p.turn).toBe('gote');
    expect(p.ply).toBe(42);
  });
  it('reads minishogi and hasami', () => {
    expect(parseShogiPosition('rbsgk/4p/5/P4/KGSBR b - 1', 5, 5)!.board.get('1a')).toEqual({ color: 'gote', role: 'king' });
    const h = parseShogiPosition('ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1', 9, 9)!;
    expect(h.board.size).toBe(18);
  });
  it('rejects malformed text', () => {
    expect(parseShogiPosition('9/9 b - 1', 9, 9)).toBeNull();
    expect(parseShogiPosition('rbsgk/4p/5/P4/KGSBR x - 1', 5, 5)).toBeNull();
    expect(parseShogiPosition('rbsgkk/4p/5/P4/KGSBR b - 1', 5, 5)).toBeNull();
    expect(parseShogiPosition('rbsgk/4p/5/P4/KGSBQ b - 1', 5, 5)).toBeNull();
  });
});

describe('dog-cat positions', () => {
  it('reads the start with all pieces hidden in hand', () => {
    const p = parseShogiPosition('5/5/5/5/5 b ?K?R?B?G?S?k?r?b?g?s 1', 5, 5)!;
    expect(p.board.size).toBe(0);
    expect(p.hands.sente.get('hidden-king')).toBe(1);
    expect(p.hands.gote.get('hidden-silver')).toBe(1);
  });
  it('reads a public view: unknown pieces with candidate marks, no types', () => {
    const p = parseShogiPosition('5/5/5/?X4/!x1?x1R w ?x?x?x2?X - 9', 5, 5);
    expect(p).not.toBeNull();
    expect(p!.board.get('5d')).toEqual({ color: 'sente', role: 'hidden-unknown-c' });
    expect(p!.board.get('5e')).toEqual({ color: 'gote', role: 'hidden-unknown-n' });
    expect(p!.board.get('3e')).toEqual({ color: 'gote', role: 'hidden-unknown-c' });
    expect(p!.board.get('1e')).toEqual({ color: 'sente', role: 'rook' });
    expect(p!.hands.gote.get('hidden-unknown')).toBe(3);
    expect(p!.hands.sente.get('hidden-unknown')).toBe(2);
  });
  it('reads an owner view with typed hidden pieces', () => {
    const p = parseShogiPosition('5/5/5/5/?K!R3 w ?B?G?S?x?x?x?x?x 3', 5, 5)!;
    expect(p.board.get('5e')).toEqual({ color: 'sente', role: 'hidden-king-c' });
    expect(p.board.get('4e')).toEqual({ color: 'sente', role: 'hidden-rook-n' });
    expect(p.hands.sente.get('hidden-bishop')).toBe(1);
  });
});

describe('board tokens', () => {
  it('round-trips every role through a distinct token', () => {
    const roles = ['pawn', 'tokin', 'dragon', 'hidden-king-c', 'hidden-unknown-n', 'hidden-unknown', 'hidden-silver'];
    const tokens = roles.map((r) => toForsyth(r)!);
    expect(new Set(tokens).size).toBe(roles.length);
    for (const r of roles) expect(fromForsyth(toForsyth(r)!)).toBe(r);
  });
  it('writes a board and hands shogiground can read back', () => {
    const p = parseShogiPosition('5/5/5/?X4/!x1?x1R w 2?X?x - 9', 5, 5)!;
    const b = boardSfen(p);
    expect(b.split('/').length).toBe(5);
    expect(b.startsWith('5/5/5/')).toBe(true);
    expect(handsSfen(p)).toMatch(/^2[A-Z][a-z]$/);
  });
});

describe('shogi moves', () => {
  it('maps board moves, drops and promotion choices', () => {
    const m = moveMaps(['7g7f', '2b3c', '2b3c+', '1c1b+', 'P*5e', 'P*4e'], 'sente');
    expect(m.dests.get('7g')).toEqual(['7f']);
    expect(m.dests.get('2b')).toEqual(['3c']);
    expect(m.promoOptional.has('2b3c')).toBe(true);
    expect(m.promoForced.has('1c1b')).toBe(true);
    expect(m.dropDests.get('sente pawn')).toEqual(['5e', '4e']);
  });
  it('maps hidden drops to the owner\'s hidden hand pieces', () => {
    const m = moveMaps(['?K*5e', '?K*4d', 'R*3c'], 'gote');
    expect(m.dropDests.get('gote hidden-king')).toEqual(['5e', '4d']);
    expect(m.dropDests.get('gote rook')).toEqual(['3c']);
  });
  it('promotes a face-down dog-cat piece of one\'s own as its type', () => {
    expect(promotedRole('pawn')).toBe('tokin');
    expect(promotedRole('hidden-rook-c')).toBe('dragon');
    expect(promotedRole('hidden-bishop-n')).toBe('horse');
    expect(promotedRole('hidden-silver-c')).toBe('promotedsilver');
    expect(promotedRole('hidden-gold-c')).toBeUndefined();
    expect(promotedRole('hidden-king-n')).toBeUndefined();
    expect(promotedRole('hidden-unknown-c')).toBeUndefined();
    expect(promotedRole('hidden-rook')).toBeUndefined(); // in hand: drops never promote
    expect(promotedRole('gold')).toBeUndefined();
  });
  it('writes moves back in USI', () => {
    expect(boardMoveUsi('2b', '3c', true)).toBe('2b3c+');
    expect(dropUsi({ color: 'sente', role: 'pawn' }, '5e')).toBe('P*5e');
    expect(dropUsi({ color: 'gote', role: 'hidden-rook' }, '2b')).toBe('?R*2b');
    expect(dropUsi({ color: 'gote', role: 'hidden-unknown' }, '2b')).toBeNull();
    expect(moveSquares('?*3e')).toEqual(['3e']);
    expect(moveSquares('7g7f+')).toEqual(['7g', '7f']);
  });
});

import { shogiDisplay } from '../src/games/shogi-notation';

describe('shogi notation', () => {
  const start = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
  it('writes Japanese moves with 同, 成 and 打', () => {
    expect(shogiDisplay(start, ['7g7f', '3c3d', '8h2b+', '3a2b', 'B*4e'], 9, 'japanese')).toEqual([
      '7六歩', '3四歩', '2二角成', '同　銀', '4五角打',
    ]);
  });
  it('writes Western moves with captures and declined promotions', () => {
    expect(shogiDisplay(start, ['7g7f', '3c3d', '8h2b', '3a2b'], 9, 'western')).toEqual(['P-7f', 'P-3d', 'Bx2b=', 'Sx2b']);
  });
  it('falls back to USI when the replay fails', () => {
    expect(shogiDisplay(start, ['5e5d'], 9, 'western')).toEqual(['5e5d']);
  });
});
