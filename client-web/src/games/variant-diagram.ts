// A small picture of a fairy variant's start position, drawn from what the server says of
// it (VariantInfo: start FEN, board size and style, the letters a hand holds) with the fairy
// board's piece pictures. White at the bottom; with hands, each side's pocket beside its
// edge of the board (Black's above, White's below) with the pieces the FEN puts there and
// their counts. Plain SVG markup: no font, nothing fetched.
import { pieceSvgMarkup } from '../boards/fairy-pieces';
import { parseFairyFen, squareName } from '../boards/fairy-position';
import type { VariantInfo } from '../protocol/messages';

const S = 10; // a square, in the picture's units

export interface DiagramPiece {
  letter: string; // lower case
  white: boolean;
  promoted: boolean;
}
export type DiagramSquare = DiagramPiece | 'wall' | null;

export interface DiagramPosition {
  // board[row][file], row 0 the top rank (as the FEN writes it)
  board: DiagramSquare[][];
  // pocket counts by letter (lower case), per side
  pockets: { white: Map<string, number>; black: Map<string, number> } | null;
}

// The board and pockets of a Fairy-Stockfish FEN on a files x ranks board, as the fairy
// board reads it (parseFairyFen), in the rows the picture draws: the top rank first,
// walls as 'wall', pocket letters in lower case.
export function parseDiagramFen(fen: string, files: number, ranks: number): DiagramPosition {
  const pos = parseFairyFen(fen, files, ranks);
  const board = Array.from({ length: ranks }, (_, row): DiagramSquare[] => {
    const rank = ranks - 1 - row;
    return Array.from({ length: files }, (_, file): DiagramSquare => {
      if (pos.walls.has(squareName({ file, rank }))) return 'wall';
      const p = pos.board[rank][file];
      return p ? { letter: p.letter, white: p.white, promoted: p.promoted } : null;
    });
  });
  const lower = (hand: Map<string, number>) => new Map([...hand].map(([l, n]) => [l.toLowerCase(), n]));
  const pockets = pos.pockets && { white: lower(pos.pockets.white), black: lower(pos.pockets.black) };
  return { board, pockets };
}

// Digits drawn as strokes on a box 4 wide and 7 high (no font).
const DIGITS: Record<string, string> = {
  0: 'M0 0H4V7H0Z', 1: 'M2 0V7', 2: 'M0 0H4V3.5H0V7H4', 3: 'M0 0H4V7H0M0 3.5H4', 4: 'M0 0V3.5H4M4 0V7',
  5: 'M4 0H0V3.5H4V7H0', 6: 'M4 0H0V7H4V3.5H0', 7: 'M0 0H4V7', 8: 'M0 0H4V7H0ZM0 3.5H4', 9: 'M4 3.5H0V0H4V7H0',
};

function countMarkup(n: number, x: number, y: number): string {
  const text = String(n);
  const w = text.length * 3 + 1.5;
  let out = `<rect x="${x - w}" y="${y}" width="${w}" height="5" rx="1" fill="#8b2f1c"/>`;
  [...text].forEach((d, i) => {
    out += `<path d="${DIGITS[d]}" transform="translate(${x - w + 1 + i * 3} ${y + 0.9}) scale(0.5)" fill="none" stroke="#fff" stroke-width="1.2" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
  return out;
}

function pieceAt(p: DiagramPiece, x: number, y: number, size: number, custom: boolean, turn: boolean): string {
  const inner = pieceSvgMarkup(p.letter, p.white, p.promoted, custom);
  const svg = `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 45 45">${inner}</svg>`;
  return turn ? `<g transform="rotate(180 ${x + size / 2} ${y + size / 2})">${svg}</g>` : svg;
}

const BOARD_COLOURS = {
  chess: { light: '#f0d9b5', dark: '#b58863', line: '' },
  shogi: { light: '#e7c07a', dark: '#e7c07a', line: '#6b4a1e' },
  points: { light: '#ecc98d', dark: '#ecc98d', line: '#5b3d14' },
};

// The picture's markup: an <svg> whose view box is the board (and the pockets).
export function diagramMarkup(v: VariantInfo): string {
  const files = Math.max(1, Math.min(v.files, 16));
  const ranks = Math.max(1, Math.min(v.ranks, 16));
  const pos = parseDiagramFen(v.start_fen, files, ranks);
  const hand = !!v.hand || !!pos.pockets?.white.size || !!pos.pockets?.black.size;
  const top = hand ? S * 1.2 : 0; // Black's pocket above the board
  const width = files * S;
  const height = ranks * S + (hand ? 2 * S * 1.2 : 0);
  const style = v.board_style ?? (v.template === 'shogi' ? 'shogi' : v.template === 'xiangqi' ? 'xiangqi' : v.template === 'janggi' ? 'janggi' : 'chess');
  const points = style === 'xiangqi' || style === 'janggi';
  const colours = points ? BOARD_COLOURS.points : style === 'shogi' ? BOARD_COLOURS.shogi : BOARD_COLOURS.chess;
  const custom = new Set(v.pieces.filter((p) => p.name.startsWith('customPiece')).map((p) => p.letter));
  let body = '';
  // The squares (or the points' background).
  if (style === 'chess') {
    for (let r = 0; r < ranks; r++)
      for (let f = 0; f < files; f++)
        body += `<rect x="${f * S}" y="${top + r * S}" width="${S}" height="${S}" fill="${(r + f) % 2 ? colours.dark : colours.light}"/>`;
  } else {
    body += `<rect x="0" y="${top}" width="${width}" height="${ranks * S}" fill="${colours.light}"/>`;
  }
  const line = (x1: number, y1: number, x2: number, y2: number, w = 0.5): string =>
    `<path d="M${x1} ${y1}L${x2} ${y2}" stroke="${colours.line}" stroke-width="${w}"/>`;
  if (style === 'shogi') {
    for (let f = 0; f <= files; f++) body += line(f * S, top, f * S, top + ranks * S);
    for (let r = 0; r <= ranks; r++) body += line(0, top + r * S, width, top + r * S);
  } else if (points) {
    const c = (n: number): number => n * S + S / 2; // a point's centre
    // The river: between this many ranks from White's side and the next (xiangqi only).
    const river = style === 'xiangqi' ? (v.river ?? 0) : 0;
    const riverRow = river > 0 && river < ranks ? ranks - river : -1; // the row just above it
    for (let r = 0; r < ranks; r++) body += line(c(0), top + c(r), c(files - 1), top + c(r));
    for (let f = 0; f < files; f++) {
      const edge = f === 0 || f === files - 1;
      if (riverRow > 0 && !edge) {
        body += line(c(f), top + c(0), c(f), top + c(riverRow - 1));
        body += line(c(f), top + c(riverRow), c(f), top + c(ranks - 1));
      } else body += line(c(f), top + c(0), c(f), top + c(ranks - 1));
    }
    // The palaces' diagonals, corner to corner of each palace.
    const squares = (v.palace ?? []).map((s) => /^([a-p])(\d+)$/.exec(s)).filter((m): m is RegExpExecArray => !!m)
      .map((m) => ({ f: m[1].charCodeAt(0) - 97, row: ranks - Number(m[2]) }));
    for (const half of [squares.filter((q) => q.row >= ranks / 2), squares.filter((q) => q.row < ranks / 2)]) {
      if (half.length < 4) continue;
      const f0 = Math.min(...half.map((q) => q.f)), f1 = Math.max(...half.map((q) => q.f));
      const r0 = Math.min(...half.map((q) => q.row)), r1 = Math.max(...half.map((q) => q.row));
      body += line(c(f0), top + c(r0), c(f1), top + c(r1)) + line(c(f1), top + c(r0), c(f0), top + c(r1));
    }
  }
  // The pieces and walls.
  const turn = style === 'shogi';
  for (let r = 0; r < ranks; r++)
    for (let f = 0; f < files; f++) {
      const sq = pos.board[r][f];
      if (sq === 'wall') body += `<rect x="${f * S + 1}" y="${top + r * S + 1}" width="${S - 2}" height="${S - 2}" rx="1.5" fill="#3a3a3a"/>`;
      else if (sq) body += pieceAt(sq, f * S + 0.5, top + r * S + 0.5, S - 1, custom.has(sq.letter), turn && !sq.white);
    }
  // The pockets: the hand's letters in its order (then any others the FEN holds), each
  // with its count.
  if (hand) {
    const order = [...(v.hand ?? '').toLowerCase()];
    const pocket = (counts: Map<string, number>, white: boolean, y: number): string => {
      let out = `<rect x="0" y="${y}" width="${width}" height="${S * 1.2}" rx="1.5" fill="#d9cbb3" stroke="#8a7a60" stroke-width="0.4"/>`;
      const letters = [...order.filter((l) => counts.has(l)), ...[...counts.keys()].filter((l) => !order.includes(l))];
      letters.forEach((l, i) => {
        const x = 0.6 + i * S * 1.35; // room for the count after each
        if (x + S > width + 0.1) return; // more kinds than the board is wide: the rest left out
        out += pieceAt({ letter: l, white, promoted: false }, x, y + S * 0.1, S, custom.has(l), turn && !white);
        const n = counts.get(l) ?? 0;
        if (n > 1) out += countMarkup(n, x + S * 1.3, y + S * 0.65);
      });
      return out;
    };
    const empty = new Map<string, number>();
    body = pocket(pos.pockets?.black ?? empty, false, 0) + body + pocket(pos.pockets?.white ?? empty, true, top + ranks * S);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" class="variant-diagram board-${style}${hand ? ' with-hand' : ''}" aria-hidden="true">${body}</svg>`;
}

// The picture as an element.
export function variantDiagram(v: VariantInfo): Element {
  const box = document.createElement('span');
  box.className = 'variant-picture';
  box.innerHTML = diagramMarkup(v);
  return box;
}
