// Reads the positions of the shogi family (SFEN for shogi and minishogi, the SFEN-like
// hasami form, and dog-cat's form with hidden `?`/`!` pieces and unknown `X`) into
// pieces on squares and hands. Squares are USI keys such as "5e", as shogiground uses.
export type Color = 'sente' | 'gote';

export interface SPiece {
  color: Color;
  role: string;
}

export interface ShogiPosition {
  files: number;
  ranks: number;
  board: Map<string, SPiece>;
  hands: Record<Color, Map<string, number>>;
  turn: Color;
  ply: number;
}

const ROLE_OF: Record<string, string> = {
  p: 'pawn', l: 'lance', n: 'knight', s: 'silver', g: 'gold', b: 'bishop', r: 'rook', k: 'king',
  '+p': 'tokin', '+l': 'promotedlance', '+n': 'promotedknight', '+s': 'promotedsilver',
  '+b': 'horse', '+r': 'dragon',
};

const HIDDEN_TYPE: Record<string, string> = { k: 'king', r: 'rook', b: 'bishop', g: 'gold', s: 'silver', x: 'unknown' };

export const RANK_LETTERS = 'abcdefghi';

export function squareKey(file: number, rank: number): string {
  return `${file}${RANK_LETTERS[rank - 1]}`;
}

// Role of a hidden piece: on the board it carries its candidate mark ("c" a possible king,
// "n" not); in hand it has none. "unknown" is what the opponent and spectators see.
export function hiddenRole(type: string, mark: 'c' | 'n' | null): string {
  return mark ? `hidden-${type}-${mark}` : `hidden-${type}`;
}

export function isHiddenRole(role: string): boolean {
  return role.startsWith('hidden-');
}

// Reads one piece token at `s[i]`: optional `?`/`!` (hidden), optional `+`, a letter.
function readPiece(s: string, i: number, onBoard: boolean): { piece: SPiece; next: number } | null {
  let mark: '?' | '!' | null = null;
  if (s[i] === '?' || s[i] === '!') mark = s[i++] as '?' | '!';
  let plus = '';
  if (s[i] === '+') {
    plus = '+';
    i++;
  }
  const ch = s[i];
  if (!ch || !/[A-Za-z]/.test(ch)) return null;
  const color: Color = ch === ch.toUpperCase() ? 'sente' : 'gote';
  const lower = ch.toLowerCase();
  let role: string | undefined;
  if (mark) {
    const type = HIDDEN_TYPE[lower];
    if (!type || plus) return null;
    role = hiddenRole(type, onBoard ? (mark === '?' ? 'c' : 'n') : null);
  } else {
    role = ROLE_OF[plus + lower];
  }
  if (!role) return null;
  return { piece: { color, role }, next: i + 1 };
}

export function parseShogiPosition(text: string, files: number, ranks: number): ShogiPosition | null {
  const parts = text.trim().split(/\s+/);
  if (parts.length < 2) return null;
  const [boardPart, side, handPart = '-', plyPart = '1'] = parts;
  const rows = boardPart.split('/');
  if (rows.length !== ranks) return null;
  const board = new Map<string, SPiece>();
  for (let r = 0; r < ranks; r++) {
    const row = rows[r];
    let file = files;
    let i = 0;
    while (i < row.length) {
      const d = /^\d+/.exec(row.slice(i));
      if (d) {
        file -= Number(d[0]);
        i += d[0].length;
        continue;
      }
      const got = readPiece(row, i, true);
      if (!got || file < 1) return null;
      board.set(squareKey(file, r + 1), got.piece);
      file--;
      i = got.next;
    }
    if (file !== 0) return null;
  }
  const hands: Record<Color, Map<string, number>> = { sente: new Map(), gote: new Map() };
  if (handPart !== '-') {
    let i = 0;
    while (i < handPart.length) {
      const d = /^\d+/.exec(handPart.slice(i));
      let count = 1;
      if (d) {
        count = Number(d[0]);
        i += d[0].length;
      }
      const got = readPiece(handPart, i, false);
      if (!got) return null;
      const hand = hands[got.piece.color];
      hand.set(got.piece.role, (hand.get(got.piece.role) ?? 0) + count);
      i = got.next;
    }
  }
  if (side !== 'b' && side !== 'w') return null;
  return { files, ranks, board, hands, turn: side === 'b' ? 'sente' : 'gote', ply: Number(plyPart) || 1 };
}
