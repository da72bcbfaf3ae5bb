// What each side has taken, for the games whose position does not show it as a hand:
// chess (pieces missing from the start set), hasami (nine minus the pieces left),
// reversi (disc counts).
import { parseReversi, discCount } from '../boards/reversi-position';

const CHESS_START: Record<string, number> = { p: 8, n: 2, b: 2, r: 2, q: 1 };

// Pieces of `victim` colour ('w' or 'b') no longer on the board, as letters q r b n p.
export function chessCaptured(fen: string, victim: 'w' | 'b'): string[] {
  const board = fen.split(' ')[0] ?? '';
  const counts: Record<string, number> = { p: 0, n: 0, b: 0, r: 0, q: 0 };
  for (const ch of board) {
    const isWhite = ch >= 'A' && ch <= 'Z';
    const lower = ch.toLowerCase();
    if (lower in counts && (victim === 'w') === isWhite) counts[lower]++;
  }
  // A promoted pawn shows as an extra piece: take it from the pawns' count.
  let extra = 0;
  for (const p of ['n', 'b', 'r', 'q']) extra += Math.max(0, counts[p] - CHESS_START[p]);
  const out: string[] = [];
  for (const p of ['q', 'r', 'b', 'n', 'p']) {
    let missing = CHESS_START[p] - counts[p];
    if (p === 'p') missing -= extra;
    for (let i = 0; i < missing; i++) out.push(p);
  }
  return out;
}

// Captures made by seat 0 and seat 1 in hasami (each side starts with nine).
export function hasamiCaptures(position: string): [number, number] {
  const board = position.split(' ')[0] ?? '';
  let black = 0, white = 0;
  for (const ch of board) {
    if (ch === 'P') black++;
    else if (ch === 'p') white++;
  }
  return [9 - white, 9 - black];
}

export function reversiDiscs(position: string): [number, number] {
  const p = parseReversi(position);
  if (!p) return [0, 0];
  const c = discCount(p);
  return [c.X, c.O];
}
