// The lines under a xiangqi or janggi board, whose pieces stand on the points: one line
// through each rank's and file's points, the palaces' diagonals, and for xiangqi the river
// that cuts the inner files between its two halves. Drawn in the board's own units (one
// square a unit, the points at the squares' centres) as the player sees it (`flipped`:
// the second side below).
import type { VariantInfo } from '../protocol/messages';
import { parseSquare } from './fairy-position';

export function boardLines(v: Pick<VariantInfo, 'files' | 'ranks' | 'palace' | 'river'>, style: 'xiangqi' | 'janggi', flipped: boolean): string {
  const { files, ranks } = v;
  const x = (file: number) => (flipped ? files - 1 - file : file) + 0.5;
  const y = (rank: number) => (flipped ? rank : ranks - 1 - rank) + 0.5;
  const seg = (f1: number, r1: number, f2: number, r2: number) => `M${x(f1)} ${y(r1)}L${x(f2)} ${y(r2)}`;
  let d = '';
  for (let r = 0; r < ranks; r++) d += seg(0, r, files - 1, r);
  const river = style === 'xiangqi' && v.river && v.river > 0 && v.river < ranks ? v.river : 0;
  for (let f = 0; f < files; f++) {
    if (river && f > 0 && f < files - 1) d += seg(f, 0, f, river - 1) + seg(f, river, f, ranks - 1);
    else d += seg(f, 0, f, ranks - 1);
  }
  // Each palace (the squares in either half) gets its two diagonals, corner to corner.
  const squares = (v.palace ?? []).map(parseSquare).filter((s): s is NonNullable<typeof s> => !!s);
  for (const half of [squares.filter((s) => s.rank < ranks / 2), squares.filter((s) => s.rank >= ranks / 2)]) {
    if (half.length < 4) continue;
    const f0 = Math.min(...half.map((s) => s.file)), f1 = Math.max(...half.map((s) => s.file));
    const r0 = Math.min(...half.map((s) => s.rank)), r1 = Math.max(...half.map((s) => s.rank));
    d += seg(f0, r0, f1, r1) + seg(f1, r0, f0, r1);
  }
  const band = river
    ? `<rect x="0.5" y="${Math.min(y(river - 1), y(river))}" width="${files - 1}" height="1" class="fairy-river"/>`
    : '';
  const frame = `<rect x="0.5" y="0.5" width="${files - 1}" height="${ranks - 1}" fill="none" stroke-width="0.05"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" class="fairy-lines" viewBox="0 0 ${files} ${ranks}" preserveAspectRatio="none" aria-hidden="true">` +
    `${band}<g fill="none" stroke="#5b3d14" stroke-width="0.03" stroke-linecap="square">${frame}<path d="${d}"/></g></svg>`;
}
