// Capital letters drawn as strokes, so that a fairy piece's letter needs no font at all
// (a machine may have none the page can rely on). Each letter is an SVG path on a box 10
// wide and 14 high, top left at 0,0, drawn with a round pen; '?' stands for any other sign.
const STROKES: Record<string, string> = {
  A: 'M0 14L5 0L10 14M2 8.5H8',
  B: 'M0 7H5C9 7 9 0 5 0H0V14H6C10.5 14 10.5 7 6 7',
  C: 'M10 2.2C8 -0.6 0 -1 0 7C0 15 8 14.6 10 11.8',
  D: 'M0 0V14H4C11 14 11 0 4 0Z',
  E: 'M10 0H0V14H10M0 7H7',
  F: 'M10 0H0V14M0 7H7',
  G: 'M10 2.2C8 -0.6 0 -1 0 7C0 15 10 15 10 8H5.5',
  H: 'M0 0V14M10 0V14M0 7H10',
  I: 'M5 0V14M2 0H8M2 14H8',
  J: 'M8.5 0V9.5C8.5 15 0.5 15 0.5 10',
  K: 'M0 0V14M10 0L0 9.5M3.2 6.6L10 14',
  L: 'M0 0V14H10',
  M: 'M0 14V0L5 9L10 0V14',
  N: 'M0 14V0L10 14V0',
  O: 'M5 0C-1.7 0 -1.7 14 5 14C11.7 14 11.7 0 5 0Z',
  P: 'M0 14V0H6C10 0 10 7.5 6 7.5H0',
  Q: 'M5 0C-1.7 0 -1.7 14 5 14C11.7 14 11.7 0 5 0ZM6 9.5L10 14',
  R: 'M0 14V0H6C10 0 10 7.5 6 7.5H0M5 7.5L10 14',
  S: 'M9.6 2C7.8 -0.6 0.4 -0.6 0.4 3.6C0.4 7.2 9.8 6.6 9.8 10.6C9.8 14.8 2 14.8 0 12',
  T: 'M0 0H10M5 0V14',
  U: 'M0 0V9.5C0 15.3 10 15.3 10 9.5V0',
  V: 'M0 0L5 14L10 0',
  W: 'M0 0L2.5 14L5 5L7.5 14L10 0',
  X: 'M0 0L10 14M10 0L0 14',
  Y: 'M0 0L5 7L10 0M5 7V14',
  Z: 'M0 0H10L0 14H10',
  '?': 'M1 3.4C1 -1.1 9 -1.1 9 3.4C9 6.6 5 6.6 5 10M5 13.6V13.7',
};

// The path of `letter` (any case; '?' for anything else).
export function letterPath(letter: string): string {
  return STROKES[letter.toUpperCase()] ?? STROKES['?'];
}

// The letter as an SVG group centred on (cx, cy), `height` high, in `colour`.
export function letterMarkup(letter: string, cx: number, cy: number, height: number, colour: string): string {
  const k = height / 14;
  const x = cx - 5 * k, y = cy - 7 * k;
  return `<path d="${letterPath(letter)}" transform="translate(${x} ${y}) scale(${k})" fill="none" stroke="${colour}" ` +
    `stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round" class="piece-letter"/>`;
}
