import { describe, expect, it } from 'vitest';
import { chessMoveMaps, fenParts } from '../src/boards/chess-moves';
import { parseReversi, squareName, squareIndex, discCount, flipped } from '../src/boards/reversi-position';

describe('chess moves', () => {
  it('maps UCI moves to destinations and promotion pieces', () => {
    const m = chessMoveMaps(['e2e4', 'e2e3', 'e1g1', 'a7a8q', 'a7a8r', 'a7a8b', 'a7a8n', 'junk']);
    expect(m.dests.get('e2')).toEqual(['e4', 'e3']);
    expect(m.dests.get('e1')).toEqual(['g1']);
    expect(m.dests.get('a7')).toEqual(['a8']);
    expect(m.promotions.get('a7a8')).toEqual(['q', 'r', 'b', 'n']);
    expect(m.promotions.has('e2e4')).toBe(false);
  });
  it('splits a FEN', () => {
    expect(fenParts('8/8/8/8/8/8/8/8 b - - 0 1')).toEqual({ board: '8/8/8/8/8/8/8/8', turn: 'black' });
  });
});

describe('reversi', () => {
  const start = '---------------------------OX------XO--------------------------- X';
  it('reads the start position as in the rules', () => {
    const p = parseReversi(start)!;
    expect(p.turn).toBe('X');
    expect(p.cells[squareIndex('d4')]).toBe('O');
    expect(p.cells[squareIndex('e5')]).toBe('O');
    expect(p.cells[squareIndex('e4')]).toBe('X');
    expect(p.cells[squareIndex('d5')]).toBe('X');
    expect(discCount(p)).toEqual({ X: 2, O: 2 });
  });
  it('names squares both ways', () => {
    for (let i = 0; i < 64; i++) expect(squareIndex(squareName(i))).toBe(i);
    expect(squareName(0)).toBe('a1');
    expect(squareName(63)).toBe('h8');
  });
  it('finds flipped discs and rejects bad text', () => {
    const a = parseReversi(start)!;
    const b = parseReversi('-------------------X-------XX------XO--------------------------- O')!;
    expect(flipped(a, b)).toEqual([squareIndex('d4')]);
    expect(parseReversi('--- X')).toBeNull();
    expect(parseReversi(start.replace(' X', ' Z'))).toBeNull();
  });
});
