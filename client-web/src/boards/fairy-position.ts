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
  walls: Set<string>; // the squares holding a wall (or the duck): '*' in the FEN
  // The pieces in hand by upper-case letter, per side (null: the FEN has no pockets).
  pockets: { white: Map<string, number>; black: Map<string, number> } | null;
  whiteToMove: boolean;
}

export function squareName(sq: FairySquare): string {
  return String.fromCharCode(97 + sq.file) + String(sq.rank + 1);
}

export function parseSquare(s: string): FairySquare | null {
  const x = /^([a-l])(10|[1-9])$/.exec(s);
  return x ? { file: x[1].charCodeAt(0) - 97, rank: Number(x[2]) - 1 } : null;
}

// The position in `fen` on a files x ranks board: digits (10, 11) skip squares, '+' before
// a letter or '~' after it marks a promoted piece, '*' is a wall; the pockets are the
// letters in [...] right after the board (or after a last '/'), upper case White's.
// Unknown characters are skipped.
export function parseFairyFen(fen: string, files: number, ranks: number): FairyPosition {
  const [field = '', side = 'w'] = fen.trim().split(/\s+/);
  const board: (FairyPiece | null)[][] = Array.from({ length: ranks }, () => Array<FairyPiece | null>(files).fill(null));
  const walls = new Set<string>();
  const open = field.indexOf('[');
  let placement = open >= 0 ? field.slice(0, open) : field;
  let pocketText: string | null = null;
  if (open >= 0) {
    const close = field.indexOf(']', open);
    pocketText = field.slice(open + 1, close >= 0 ? close : undefined);
  }
  const rows = placement.split('/');
  // A pocket written as one more row after the board ("…/RNBQKBNR/Nn").
  if (pocketText === null && rows.length === ranks + 1) {
    pocketText = rows.pop()!;
    placement = rows.join('/');
  }
  for (let r = 0; r < Math.min(rows.length, ranks); r++) {
    const rank = ranks - 1 - r;
    let file = 0;
    let promoted = false;
    const row = rows[r];
    for (let i = 0; i < row.length && file < files; i++) {
      const c = row[i];
      if (c >= '0' && c <= '9') {
        let n = c;
        while (i + 1 < row.length && row[i + 1] >= '0' && row[i + 1] <= '9') n += row[++i];
        file += Number(n);
      } else if (c === '+') {
        promoted = true;
      } else if (c === '~') {
        const last = file > 0 ? board[rank][file - 1] : null;
        if (last) last.promoted = true;
      } else if (c === '*') {
        walls.add(squareName({ file: file++, rank }));
        promoted = false;
      } else if (/[a-zA-Z]/.test(c)) {
        board[rank][file++] = { letter: c.toLowerCase(), white: c !== c.toLowerCase(), promoted };
        promoted = false;
      }
    }
  }
  let pockets: FairyPosition['pockets'] = null;
  if (pocketText !== null) {
    pockets = { white: new Map(), black: new Map() };
    for (const c of pocketText.slice(0, 256)) {
      if (!/[a-zA-Z]/.test(c)) continue;
      const hand = c === c.toLowerCase() ? pockets.black : pockets.white;
      const l = c.toUpperCase();
      hand.set(l, (hand.get(l) ?? 0) + 1);
    }
  }
  return { files, ranks, board, walls, pockets, whiteToMove: side !== 'b' };
}

// One side's pocket as shown: the hand's letters in `order` first, then any other the FEN
// holds; each with its count. Types that ran out are left out.
export function pocketList(counts: ReadonlyMap<string, number> | undefined, order = ''): { letter: string; count: number }[] {
  if (!counts) return [];
  const letters = [...new Set([...order.toUpperCase()].filter((l) => counts.has(l)))];
  for (const l of counts.keys()) if (!letters.includes(l)) letters.push(l);
  return letters.map((letter) => ({ letter, count: counts.get(letter) ?? 0 })).filter((p) => p.count > 0);
}

export interface FairyMove {
  from: string;
  to: string;
  promotion: string; // '' when none
}

export function parseFairyMove(uci: string): FairyMove | null {
  const x = /^([a-l](?:10|[1-9]))([a-l](?:10|[1-9]))([a-z+-]?)(?:,[a-l](?:10|[1-9])[a-l](?:10|[1-9]))?$/.exec(uci);
  return x ? { from: x[1], to: x[2], promotion: x[3] } : null;
}

// A drop ("N@e4", "+P@a2" dropped promoted): the letter (upper case) and the square.
export function parseFairyDrop(uci: string): { letter: string; to: string; promoted: boolean } | null {
  const x = /^(\+?)([A-Z])@([a-l](?:10|[1-9]))$/.exec(uci);
  return x ? { letter: x[2], to: x[3], promoted: x[1] === '+' } : null;
}

// The wall square of a walling move ("e2e4,e4d5" -> "d5"), null for none.
export function wallSquare(uci: string): string | null {
  const x = /,[a-l](?:10|[1-9])([a-l](?:10|[1-9]))$/.exec(uci);
  return x ? x[1] : null;
}

// The pocket piece picked to drop is a pseudo-square of its own, "N@": the press logic
// (grid-press.ts) treats it as a piece whose destinations are its drop squares.
export function dropOrigin(letter: string): string {
  return `${letter.toUpperCase()}@`;
}

// The legal moves by origin (a square, or "N@" for a pocket piece), and every legal move of
// each origin-destination pair (more than one: the player picks the promotion, the gate, or
// the wall square after). The pass (the king to its own square, janggi) is kept apart.
export interface FairyMoveMaps {
  dests: Map<string, string[]>;
  moves: Map<string, string[]>; // "<from><to>" ("N@e4" for drops) -> the full UCI moves
  pass: string | null;
}

// `pos` and `royal`, when given, let a castling that gates on the rook's square (written
// from the rook, "h1e1h") be offered on the king's castling move too ("e1g1").
export function fairyMoveMaps(legal: readonly string[], pos?: FairyPosition, royal?: (letter: string) => boolean): FairyMoveMaps {
  const dests = new Map<string, string[]>();
  const moves = new Map<string, string[]>();
  let pass: string | null = null;
  const add = (from: string, to: string, m: string) => {
    const list = dests.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    dests.set(from, list);
    const key = from + to;
    moves.set(key, [...(moves.get(key) ?? []), m]);
  };
  for (const m of legal) {
    const d = parseFairyDrop(m);
    if (d) {
      add(dropOrigin(d.letter), d.to, m);
      continue;
    }
    const x = parseFairyMove(m);
    if (!x) continue;
    if (x.from === x.to && !m.includes(',')) {
      pass = m;
      continue;
    }
    add(x.from, x.to, m);
  }
  if (pos && royal) {
    for (const m of legal) {
      const x = parseFairyMove(m);
      const a = x && parseSquare(x.from), b = x && parseSquare(x.to);
      if (!x || !x.promotion || !a || !b || a.rank !== b.rank) continue;
      const rook = pos.board[a.rank]?.[a.file], king = pos.board[b.rank]?.[b.file];
      if (!rook || !king || rook.white !== king.white || !royal(king.letter) || royal(rook.letter)) continue;
      // The king's castling towards this rook: two squares or more along the rank.
      const toward = Math.sign(a.file - b.file);
      for (const to of dests.get(x.to) ?? []) {
        const c = parseSquare(to);
        if (!c || c.rank !== b.rank || Math.sign(c.file - b.file) !== toward || Math.abs(c.file - b.file) < 2) continue;
        if (!(moves.get(x.to + to) ?? []).includes(x.to + to)) continue;
        moves.get(x.to + to)!.push(m);
      }
    }
  }
  return { dests, moves, pass };
}

// The first parts of walling moves ("e2e4") and, for each, the wall squares that may follow.
export function wallStep(moves: readonly string[]): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const m of moves) {
    const head = m.split(',')[0];
    const wall = wallSquare(m);
    if (!wall) continue;
    const walls = out.get(head) ?? new Map<string, string>();
    walls.set(wall, m);
    out.set(head, walls);
  }
  return out;
}
