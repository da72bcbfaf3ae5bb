// Where a shogi-family piece might go next turn, for premoves: its moves on an empty
// board (sliders pass through pieces, which may have moved by then), never onto one's
// own piece. Whether the premove is legal is decided when the turn comes, against the
// server's list of legal moves; this only decides what may be queued.
import { squareKey } from './shogi-position';

type Step = [number, number]; // [files toward the left of sente, ranks toward gote's camp]
type Piece = { role: string; color: 'sente' | 'gote' };

const KING: Step[] = [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]];
const GOLD: Step[] = [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [0, 1]];
const SILVER: Step[] = [[-1, -1], [0, -1], [1, -1], [-1, 1], [1, 1]];
const ORTHO: Step[] = [[0, -1], [0, 1], [-1, 0], [1, 0]];
const DIAG: Step[] = [[-1, -1], [1, -1], [-1, 1], [1, 1]];

// [single steps, sliding directions] per role, for sente (rank 1 is gote's side).
const MOVES: Record<string, [Step[], Step[]]> = {
  king: [KING, []],
  gold: [GOLD, []], tokin: [GOLD, []], promotedlance: [GOLD, []], promotedknight: [GOLD, []], promotedsilver: [GOLD, []],
  silver: [SILVER, []],
  knight: [[[-1, -2], [1, -2]], []],
  lance: [[], [[0, -1]]],
  pawn: [[[0, -1]], []],
  bishop: [[], DIAG], rook: [[], ORTHO],
  horse: [ORTHO, DIAG], dragon: [DIAG, ORTHO],
};

function parseKey(key: string): [number, number] {
  return [Number(key[0]), key.charCodeAt(1) - 96];
}

// `hasami`: every piece moves as a rook there. Unknown roles (dog-cat's face-down pieces,
// whose moves the owner alone knows) may go anywhere not their own.
export function premoveDests(
  key: string, pieces: Map<string, Piece>, files: number, ranks: number, hasami = false,
): string[] {
  const piece = pieces.get(key);
  if (!piece) return [];
  const [f0, r0] = parseKey(key);
  const dir = piece.color === 'sente' ? 1 : -1;
  const out = new Set<string>();
  const onBoard = (f: number, r: number) => f >= 1 && f <= files && r >= 1 && r <= ranks;
  const add = (f: number, r: number) => {
    const k = squareKey(f, r);
    if (pieces.get(k)?.color !== piece.color) out.add(k);
  };
  const moves = hasami ? [[], ORTHO] as [Step[], Step[]] : MOVES[piece.role];
  if (!moves) {
    for (let f = 1; f <= files; f++) for (let r = 1; r <= ranks; r++) if (f !== f0 || r !== r0) add(f, r);
    return [...out];
  }
  for (const [df, dr] of moves[0]) if (onBoard(f0 + df * dir, r0 + dr * dir)) add(f0 + df * dir, r0 + dr * dir);
  for (const [df, dr] of moves[1])
    for (let f = f0 + df * dir, r = r0 + dr * dir; onBoard(f, r); f += df * dir, r += dr * dir) add(f, r);
  return [...out];
}

// A drop may be queued on any square without one's own piece.
export function predropDests(color: 'sente' | 'gote', pieces: Map<string, Piece>, files: number, ranks: number): string[] {
  const out: string[] = [];
  for (let f = 1; f <= files; f++)
    for (let r = 1; r <= ranks; r++) if (pieces.get(squareKey(f, r))?.color !== color) out.push(squareKey(f, r));
  return out;
}
