// The reversi position string: 64 characters from a1 to h8 row by row (a..h left to
// right, rows 1..8 top to bottom), `X` black, `O` white, `-` empty, then the side to move.
export type Disc = 'X' | 'O' | null;

export interface ReversiPosition {
  cells: Disc[]; // index = row * 8 + col, row 0 is row "1" at the top
  turn: 'X' | 'O';
}

export function parseReversi(text: string): ReversiPosition | null {
  const [cellsText, turn] = text.trim().split(/\s+/);
  if (!cellsText || cellsText.length !== 64 || (turn !== 'X' && turn !== 'O')) return null;
  const cells: Disc[] = [];
  for (const ch of cellsText) {
    if (ch === 'X' || ch === 'O') cells.push(ch);
    else if (ch === '-') cells.push(null);
    else return null;
  }
  return { cells, turn };
}

export function squareName(index: number): string {
  return `${'abcdefgh'[index % 8]}${Math.floor(index / 8) + 1}`;
}

export function squareIndex(name: string): number {
  const m = /^([a-h])([1-8])$/.exec(name);
  return m ? (Number(m[2]) - 1) * 8 + 'abcdefgh'.indexOf(m[1]) : -1;
}

export function discCount(p: ReversiPosition): { X: number; O: number } {
  let X = 0, O = 0;
  for (const c of p.cells) {
    if (c === 'X') X++;
    else if (c === 'O') O++;
  }
  return { X, O };
}

// Squares whose disc changed colour between two positions (to animate flips).
export function flipped(before: ReversiPosition | null, after: ReversiPosition): number[] {
  if (!before) return [];
  const out: number[] = [];
  for (let i = 0; i < 64; i++) if (before.cells[i] && after.cells[i] && before.cells[i] !== after.cells[i]) out.push(i);
  return out;
}
