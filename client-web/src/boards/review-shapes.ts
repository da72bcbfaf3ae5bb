// The review's shapes (docs/protocol.md, review_draw) and the boards' own drawings:
// chessground names its brushes as the protocol does; shogiground has four brushes of its
// own (primary, alternative0..2) and draws a circle as an arrow onto its own square.
import type { ReviewBrush, ReviewShape } from '../protocol/messages';

const BRUSHES: readonly ReviewBrush[] = ['green', 'red', 'blue', 'yellow'];
const SHOGI_BRUSHES = ['primary', 'alternative0', 'alternative1', 'alternative2'] as const;
export const MAX_REVIEW_SHAPES = 32;

interface DrawnShape {
  orig: unknown;
  dest?: unknown;
  brush?: string;
}

// The shapes a board drew, as the protocol writes them (pieces in hand and unknown brushes
// left out, at most 32).
export function fromDrawn(drawn: readonly DrawnShape[], shogi: boolean): ReviewShape[] {
  const out: ReviewShape[] = [];
  for (const d of drawn) {
    if (typeof d.orig !== 'string') continue;
    const index = shogi ? SHOGI_BRUSHES.indexOf(d.brush as (typeof SHOGI_BRUSHES)[number]) : BRUSHES.indexOf(d.brush as ReviewBrush);
    const brush = BRUSHES[index] ?? 'green';
    const shape: ReviewShape = { orig: d.orig, brush };
    if (typeof d.dest === 'string' && d.dest !== d.orig) shape.dest = d.dest;
    out.push(shape);
  }
  return out.slice(0, MAX_REVIEW_SHAPES);
}

export function toChessground(shapes: readonly ReviewShape[]): { orig: string; dest?: string; brush: string }[] {
  return shapes.map((s) => (s.dest ? { orig: s.orig, dest: s.dest, brush: s.brush } : { orig: s.orig, brush: s.brush }));
}

export function toShogiground(shapes: readonly ReviewShape[]): { orig: string; dest: string; brush: string }[] {
  return shapes.map((s) => ({ orig: s.orig, dest: s.dest ?? s.orig, brush: SHOGI_BRUSHES[Math.max(0, BRUSHES.indexOf(s.brush))] }));
}

export function sameShapes(a: readonly ReviewShape[], b: readonly ReviewShape[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
