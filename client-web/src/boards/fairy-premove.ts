// Premoves on the fairy board: a move prepared during the opponent's turn and played when
// the turn comes, if it is legal then. What may be prepared: a piece's moves on an empty
// board from its leaps and rides (riders pass through pieces, which may have moved by
// then; a pawn may also step two and a king two sideways, as castling), never onto one's own
// piece or a wall; a pocket piece may be prepared on any square without one's own piece.
// Whether it is legal is decided against the server's list when the turn comes.
import type { VariantInfo } from '../protocol/messages';
import { dropOrigin, fairyMoveMaps, parseSquare, squareName, type FairyPosition } from './fairy-position';

export interface Premove {
  from: string; // a square, or "N@" for a pocket piece
  to: string;
}

// The premove destinations of every piece (and pocket piece) of `white`'s side.
export function premoveDests(pos: FairyPosition, variant: VariantInfo, white: boolean): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const free = (file: number, rank: number): boolean => {
    if (file < 0 || rank < 0 || file >= pos.files || rank >= pos.ranks) return false;
    const p = pos.board[rank][file];
    return !(p && p.white === white) && !pos.walls.has(squareName({ file, rank }));
  };
  const inside = (file: number, rank: number) => file >= 0 && rank >= 0 && file < pos.files && rank < pos.ranks;
  for (let rank = 0; rank < pos.ranks; rank++)
    for (let file = 0; file < pos.files; file++) {
      const p = pos.board[rank][file];
      if (!p || p.white !== white) continue;
      const letter = p.promoted ? variant.promoted_types?.[p.letter] ?? p.letter : p.letter;
      const info = variant.pieces.find((x) => x.letter === letter);
      const dir = white ? 1 : -1;
      const set = new Set<string>();
      const at = (df: number, dr: number) => {
        if (free(file + df, rank + dr)) set.add(squareName({ file: file + df, rank: rank + dr }));
      };
      if (!info) {
        // A piece the variant does not describe: anywhere not one's own.
        for (let r = 0; r < pos.ranks; r++) for (let f = 0; f < pos.files; f++) if (f !== file || r !== rank) at(f - file, r - rank);
      } else {
        for (const [dx, dy] of info.leaps) at(dx, dy * dir);
        for (const [dx, dy, max] of info.rides)
          for (let k = 1; (max === 0 || k <= max) && inside(file + dx * k, rank + dy * k * dir); k++) at(dx * k, dy * k * dir);
        if (info.pawn) at(0, 2 * dir);
        if (info.royal) {
          at(2, 0);
          at(-2, 0);
        }
      }
      if (set.size) out.set(squareName({ file, rank }), [...set]);
    }
  const hand = white ? pos.pockets?.white : pos.pockets?.black;
  if (hand && hand.size) {
    const squares: string[] = [];
    for (let rank = 0; rank < pos.ranks; rank++) for (let file = 0; file < pos.files; file++) if (free(file, rank)) squares.push(squareName({ file, rank }));
    for (const [letter, n] of hand) if (n > 0) out.set(dropOrigin(letter), squares);
  }
  return out;
}

// The legal moves a premove stands for when the turn comes (empty: it is not legal now).
export function premoveCandidates(pre: Premove, legal: readonly string[], pos?: FairyPosition, royal?: (l: string) => boolean): string[] {
  return fairyMoveMaps(legal, pos, royal).moves.get(pre.from + pre.to) ?? [];
}

// True when `square` names a board square (not a pocket piece).
export function isBoardSquare(square: string): boolean {
  return parseSquare(square) !== null;
}
