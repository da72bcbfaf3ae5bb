// The review's arrows and circles on the boards drawn as grids of square buttons (reversi,
// fairy chess), which have no drawing layer of their own: an SVG laid over the grid shows
// the shapes, and a right-button drag from one square to another draws an arrow (onto the
// same square: a circle), as chessground and shogiground draw them. Shift or Ctrl picks
// red, Alt blue, Shift+Alt yellow; drawing a shape that is there erases it.
import type { ReviewBrush, ReviewShape } from '../protocol/messages';
import { MAX_REVIEW_SHAPES, sameShapes } from './review-shapes';
import type { HintShape } from '../state/review';

const SVG = 'http://www.w3.org/2000/svg';
const COLOURS: Record<ReviewBrush, string> = { green: '#15781b', red: '#882020', blue: '#003088', yellow: '#e68f00' };
// The engine's hint (this user's only): a colour no review brush has.
const HINT_COLOUR = '#68217a';

export class GridShapes {
  private readonly svg = document.createElementNS(SVG, 'svg');
  private shapes: readonly ReviewShape[] = [];
  private fromRoom: readonly ReviewShape[] = [];
  private hint: HintShape | null = null;
  private onDraw: ((shapes: ReviewShape[]) => void) | null = null;
  private from: string | null = null;
  private readonly resize = new ResizeObserver(() => this.render());

  // `el`: the board's element; `grid()`: the element holding the [data-square] cells.
  constructor(private readonly el: HTMLElement, private readonly grid: () => HTMLElement) {
    this.svg.classList.add('grid-shapes');
    this.svg.setAttribute('aria-hidden', 'true');
    el.classList.add('has-grid-shapes');
    el.append(this.svg);
    el.addEventListener('contextmenu', (e) => {
      if (this.onDraw && (e.target as Element).closest('[data-square]')) e.preventDefault();
    });
    el.addEventListener('pointerdown', (e) => {
      if (e.button !== 2 || !this.onDraw) return;
      this.from = squareOf(e.target);
    });
    // Pointer events: after a drag across buttons Chromium sends no mouseup, only pointerup.
    el.addEventListener('pointerup', (e) => {
      if (e.button !== 2 || !this.onDraw || !this.from) return;
      // The square under the pointer (a button pressed may keep the events as its own).
      const to = squareOf(document.elementFromPoint(e.clientX, e.clientY));
      const from = this.from;
      this.from = null;
      if (to) this.toggle({ orig: from, ...(to !== from ? { dest: to } : {}), brush: brushOf(e) });
    });
    this.resize.observe(el);
  }

  // The room's shapes; the page calls this on every redraw, so only a set that differs from
  // the last one the room sent replaces what this user just drew (its echo is on its way).
  set(shapes: readonly ReviewShape[], onDraw: ((shapes: ReviewShape[]) => void) | null): void {
    this.onDraw = onDraw;
    if (sameShapes(shapes, this.fromRoom)) return;
    this.fromRoom = shapes;
    this.shapes = shapes;
    this.render();
  }

  setHint(hint: HintShape | null): void {
    if (JSON.stringify(hint) === JSON.stringify(this.hint)) return;
    this.hint = hint;
    this.render();
  }

  // Call after the board redrew its cells.
  render(): void {
    const grid = this.grid();
    const box = this.el.getBoundingClientRect();
    const g = grid.getBoundingClientRect();
    Object.assign(this.svg.style, { left: `${g.left - box.left}px`, top: `${g.top - box.top}px`, width: `${g.width}px`, height: `${g.height}px` });
    this.svg.setAttribute('viewBox', `0 0 ${g.width} ${g.height}`);
    const centre = (square: string) => {
      const cell = grid.querySelector(`[data-square="${CSS.escape(square)}"]`);
      if (!cell) return null;
      const r = cell.getBoundingClientRect();
      return { x: r.left - g.left + r.width / 2, y: r.top - g.top + r.height / 2, size: Math.min(r.width, r.height) };
    };
    const parts: Element[] = [];
    const drawn: { orig: string; dest?: string; colour: string; hint?: boolean }[] = this.shapes.map((s) => ({ ...s, colour: COLOURS[s.brush] ?? COLOURS.green }));
    if (this.hint) drawn.push({ ...this.hint, colour: HINT_COLOUR, hint: true });
    for (const s of drawn) {
      const a = centre(s.orig);
      if (!a) continue;
      const colour = s.colour;
      const b = s.dest ? centre(s.dest) : null;
      const part = b ? arrow(a, b, a.size, colour)
        : svgElement('circle', { cx: a.x, cy: a.y, r: a.size * 0.42, fill: 'none', stroke: colour, 'stroke-width': a.size * 0.07, opacity: 0.8 });
      if (s.hint) part.setAttribute('data-hint', 'true');
      parts.push(part);
    }
    this.svg.replaceChildren(...parts);
  }

  destroy(): void {
    this.resize.disconnect();
  }

  private toggle(shape: ReviewShape): void {
    const same = (s: ReviewShape) => s.orig === shape.orig && s.dest === shape.dest;
    const next = (this.shapes.some(same) ? this.shapes.filter((s) => !same(s)) : [...this.shapes, shape]).slice(0, MAX_REVIEW_SHAPES);
    // Shown at once, and the next drawing builds on it before the room's echo comes back.
    this.shapes = next;
    this.render();
    this.onDraw?.(next);
  }
}

function squareOf(target: EventTarget | null): string | null {
  return (target as Element | null)?.closest<HTMLElement>('[data-square]')?.dataset.square ?? null;
}

function brushOf(e: MouseEvent): ReviewBrush {
  const red = e.shiftKey || e.ctrlKey;
  if (red && e.altKey) return 'yellow';
  if (e.altKey || e.metaKey) return 'blue';
  return red ? 'red' : 'green';
}

function svgElement(name: string, attrs: Record<string, string | number>): SVGElement {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

// A line from a's centre towards b's, ending in a head on b.
function arrow(a: { x: number; y: number }, b: { x: number; y: number }, size: number, colour: string): SVGElement {
  const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len, head = size * 0.35, width = size * 0.12;
  const baseX = b.x - ux * head, baseY = b.y - uy * head;
  const g = svgElement('g', { opacity: 0.8 });
  g.append(
    svgElement('line', { x1: a.x, y1: a.y, x2: baseX, y2: baseY, stroke: colour, 'stroke-width': width, 'stroke-linecap': 'round' }),
    svgElement('polygon', {
      points: [`${b.x},${b.y}`, `${baseX - uy * head * 0.6},${baseY + ux * head * 0.6}`, `${baseX + uy * head * 0.6},${baseY - ux * head * 0.6}`].join(' '),
      fill: colour,
    }),
  );
  return g;
}
