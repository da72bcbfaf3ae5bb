// Fairy-Stockfish FENs and UCI moves for boards of any size (up to 12 files by 10 ranks):
// squares are a file letter and a rank number ("a10"), a promoted piece is written with a
// '+' before its letter, and a move may end with the letter of the piece it promotes to.
export interface FairySquare {
  file: number; // 0-based from a
  rank: number; // 0-based from rank 1
}

export interface FairyPiece {
  letter: string; // lower case
  white: boolean;
  promoted: boolean;
}

export interface FairyPosition {
  files: number;
  ranks: number;
  // board[rank][file], rank 0 first
  board: (FairyPiece | null)[][];
  whiteToMove: boolean;
}

export function squareName(sq: FairySquare): string {
  return String.fromCharCode(97 + sq.file) + String(sq.rank + 1);
}

export function parseSquare(s: string): FairySquare | null {
  const x = /^([a-l])(10|[1-9])$/.exec(s);
  return x ? { file: x[1].charCodeAt(0) - 97, rank: Number(x[2]) - 1 } : null;
}

// The board part of `fen` on a files x ranks board; unknown characters are skipped.
export function parseFairyFen(fen: string, files: number, ranks: number): FairyPosition {
  const [placement = '', side = 'w'] = fen.trim().split(/\s+/);
  const board: (FairyPiece | null)[][] = Array.from({ length: ranks }, () => Array<FairyPiece | null>(files).fill(null));
  const rows = placement.split('/');
  for (let r = 0; r < Math.min(rows.length, ranks); r++) {
    const rank = ranks - 1 - r;
    let file = 0;
    let promoted = false;
    const row = rows[r].replace(/\[.*$/, '');
    for (let i = 0; i < row.length && file < files; i++) {
      const c = row[i];
      if (c >= '0' && c <= '9') {
        let n = c;
        while (i + 1 < row.length && row[i + 1] >= '0' && row[i + 1] <= '9') n += row[++i];
        file += Number(n);
      } else if (c === '+') {
        promoted = true;
      } else if (/[a-zA-Z]/.test(c)) {
        board[rank][file++] = { letter: c.toLowerCase(), white: c !== c.toLowerCase(), promoted };
        promoted = false;
      }
    }
  }
  return { files, ranks, board, whiteToMove: side !== 'b' };
}

export interface FairyMove {
  from: string;
  to: string;
  promotion: string; // '' when none
}

export function parseFairyMove(uci: string): FairyMove | null {
  const x = /^([a-l](?:10|[1-9]))([a-l](?:10|[1-9]))([a-z+-]?)$/.exec(uci);
  return x ? { from: x[1], to: x[2], promotion: x[3] } : null;
}

// The legal moves by origin, and every legal move of each origin-destination pair (more
// than one: the player picks the promotion piece).
export interface FairyMoveMaps {
  dests: Map<string, string[]>;
  moves: Map<string, string[]>; // "<from><to>" -> the full UCI moves
}

export function fairyMoveMaps(legal: readonly string[]): FairyMoveMaps {
  const dests = new Map<string, string[]>();
  const moves = new Map<string, string[]>();
  for (const m of legal) {
    const x = parseFairyMove(m);
    if (!x) continue;
    const list = dests.get(x.from) ?? [];
    if (!list.includes(x.to)) list.push(x.to);
    dests.set(x.from, list);
    const key = x.from + x.to;
    moves.set(key, [...(moves.get(key) ?? []), m]);
  }
  return { dests, moves };
}
