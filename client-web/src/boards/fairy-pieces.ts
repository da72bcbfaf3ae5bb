// Piece pictures for fairy chess, drawn here as SVG for any piece letter: the six chess
// pieces get simple silhouettes of our own, every other letter a disc with its letter
// (and a ring for a promoted piece). White pieces are light with a dark outline, black
// ones dark with a light outline; nothing is fetched, and no font is needed: the letter
// is drawn in strokes (fairy-letters.ts).
import { letterMarkup } from './fairy-letters';

const SVG_NS = 'http://www.w3.org/2000/svg';

// Outlines on a 45x45 grid, bottom centred.
const SHAPES: Record<string, string> = {
  p: '<circle cx="22.5" cy="15" r="6"/><path d="M15 37c0-8 3-12 7.5-15 4.5 3 7.5 7 7.5 15z"/>',
  n: '<path d="M13 37c0-7 4-11 8-14-3 0-6 1-8 3l-2-4c3-5 7-11 14-11 6 0 10 6 10 14v12z"/><circle cx="22" cy="15" r="1.5" class="eye"/>',
  b: '<path d="M22.5 7a3 3 0 1 1 0 .1zM15 37c0-6 2-10 4-13-3-3-3-8 3.5-13 6.5 5 6.5 10 3.5 13 2 3 4 7 4 13z"/>',
  r: '<path d="M12 37v-4h3V19h-3v-8h5v3h3v-3h5v3h3v-3h5v8h-3v14h3v4z"/>',
  q: '<path d="M10 14l4 17h17l4-17-7 9-5.5-12-5.5 12z"/><path d="M12 37v-6h21v6z"/>',
  k: '<path d="M21 6h3v3h3v3h-3v4h-3v-4h-3V9h3z"/><path d="M11 20c0-4 5-6 11.5 0 6.5-6 11.5-4 11.5 0 0 5-4 8-4 11H15c0-3-4-6-4-11z"/><path d="M14 37v-6h17v6z"/>',
};

// S-chess's hawk (the archbishop written 'h') and elephant (the chancellor written 'e'):
// a bird's head with a hooked beak, an elephant's head with its trunk, each on a base.
const NAMED: Record<string, string> = {
  'h:archbishop': '<path d="M12 37v-5h21v5z"/><path d="M15 32c0-9 2-15 6-19 3-3 7-3 10-1l5 4-5 0.5c1 3 0 6-2 8 3 2 4 5 4 7.5z"/>' +
    '<circle cx="27" cy="15" r="1.4" class="eye"/><path d="M19 22c2 2 5 3 8 3" fill="none"/>',
  'e:chancellor': '<path d="M12 37v-5h21v5z"/><ellipse cx="15.5" cy="19" rx="7" ry="9"/><circle cx="25" cy="17" r="9"/>' +
    '<path d="M29 22c3 3 4 7 3.5 11.5 0 1.5 1.5 2.5 2.5 1l2 1.2c-1.5 3.5-7.5 3-7.5-1.5 0-3-1-6-4-8.5z"/>' +
    '<path d="M18 25c1 3 1 5 0 7h10c-1-2-1-4 0-6" /><circle cx="27" cy="15" r="1.4" class="eye"/><path d="M27 24l3 4" fill="none"/>',
};

// How the board draws its pieces (VariantInfo.board_style): chess silhouettes and discs,
// xiangqi's and janggi's round counters, shogi's pentagons pointing at the other side.
export interface PieceLook {
  style?: 'chess' | 'xiangqi' | 'janggi' | 'shogi';
  name?: string; // the piece's name in the variant (e.g. "archbishop")
  up?: boolean; // shogi: the piece points up the picture (it belongs to the side drawn below)
  royal?: boolean;
  pawn?: boolean;
}

// `custom`: a piece the variant defines itself (customPiece1..): drawn as a square tile
// with its letter, never like a known piece that happens to share the letter (a custom
// `a` is not the archbishop, a custom `q` not a queen).
export function pieceSvgMarkup(letter: string, white: boolean, promoted = false, custom = false, look: PieceLook = {}): string {
  // Written into markup: only a letter goes in, whatever the server sent.
  const l = /^[a-z]$/i.test(letter) ? letter.toLowerCase() : '?';
  if (look.style === 'xiangqi' || look.style === 'janggi') return counterMarkup(l, white, promoted, look);
  if (look.style === 'shogi') return pentagonMarkup(l, promoted, look.up ?? white);
  const fill = white ? '#fafafa' : '#2b2b2b';
  const line = white ? '#1d1d1d' : '#e8e8e8';
  const shape = custom ? undefined : NAMED[`${l}:${look.name ?? ''}`] ?? SHAPES[l];
  const body = shape
    ? `<g fill="${fill}" stroke="${line}" stroke-width="1.6" stroke-linejoin="round">${shape}</g>`
    : custom
      ? `<rect x="7.5" y="7.5" width="30" height="30" rx="5" fill="${fill}" stroke="${line}" stroke-width="1.8"/>` +
        `<rect x="10.5" y="10.5" width="24" height="24" rx="3" fill="none" stroke="${line}" stroke-width="0.8" stroke-dasharray="2 2"/>` +
        letterMarkup(l, 22.5, 22.5, 13, line)
      : `<circle cx="22.5" cy="22.5" r="16" fill="${fill}" stroke="${line}" stroke-width="1.8"/>` +
        letterMarkup(l, 22.5, 22.5, 15, line);
  const ring = promoted ? `<circle cx="22.5" cy="22.5" r="20" fill="none" stroke="#c0392b" stroke-width="2"/>` : '';
  return body + ring;
}

// Xiangqi: a disc, red for the first side and black for the second; janggi: an octagon, red
// and blue, the king larger and the soldiers smaller. The letter drawn in strokes.
function counterMarkup(l: string, white: boolean, promoted: boolean, look: PieceLook): string {
  const janggi = look.style === 'janggi';
  const ink = white ? '#b3261e' : janggi ? '#1d4f9c' : '#1f1f1f';
  const r = janggi ? (look.royal ? 20 : look.pawn ? 15 : 18) : 19;
  const shape = janggi
    ? (k: number) => {
        const a = k * 0.414;
        const c = 22.5;
        return `<path d="M${c - a} ${c - k}H${c + a}L${c + k} ${c - a}V${c + a}L${c + a} ${c + k}H${c - a}L${c - k} ${c + a}V${c - a}Z"`;
      }
    : (k: number) => `<circle cx="22.5" cy="22.5" r="${k}"`;
  return `${shape(r)} fill="#f4e4c1" stroke="${ink}" stroke-width="2"/>` +
    `${shape(r - 3.5)} fill="none" stroke="${ink}" stroke-width="0.9"/>` +
    letterMarkup(l, 22.5, 22.5, r * 0.95, ink) +
    (promoted ? `<circle cx="22.5" cy="22.5" r="${r + 2}" fill="none" stroke="#c0392b" stroke-width="1.6"/>` : '');
}

// Shogi: a pentagon pointing up (at the side drawn above) or down; a promoted piece's letter red.
function pentagonMarkup(l: string, promoted: boolean, up: boolean): string {
  const body = '<path d="M22.5 4L35 9.5 38.5 41H6.5L10 9.5Z" fill="#f3d9a4" stroke="#5a3d16" stroke-width="1.6" stroke-linejoin="round"/>' +
    letterMarkup(l, 22.5, 25, 16, promoted ? '#c0392b' : '#2a1a08');
  return up ? body : `<g transform="rotate(180 22.5 22.5)">${body}</g>`;
}

export function pieceSvg(letter: string, white: boolean, promoted = false, custom = false, look: PieceLook = {}): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 45 45');
  svg.setAttribute('class', 'fairy-piece');
  svg.setAttribute('aria-hidden', 'true');
  svg.innerHTML = pieceSvgMarkup(letter, white, promoted, custom, look);
  return svg;
}
