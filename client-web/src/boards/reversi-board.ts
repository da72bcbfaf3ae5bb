// The reversi board: an 8x8 grid of buttons (keyboard and screen readers work), discs
// that flip with a CSS animation, dots on the legal squares and a pass button.
import type { BoardInput, BoardView, MoveHandler } from './board';
import type { ReviewShape } from '../protocol/messages';
import { GridShapes } from './grid-shapes';
import type { HintShape } from '../state/review';
import { parseReversi, squareName, flipped, type ReversiPosition } from './reversi-position';

export class ReversiBoard implements BoardView {
  private readonly cells: HTMLButtonElement[] = [];
  private prev: ReversiPosition | null = null;
  private readonly shapes: GridShapes;

  constructor(
    private readonly el: HTMLElement,
    private readonly onMove: MoveHandler,
    private readonly label: (square: string, disc: string) => string,
  ) {
    el.classList.add('reversi-board');
    el.setAttribute('role', 'group'); // named by the room view; each square is a named button
    const grid = document.createElement('div');
    grid.className = 'rv-grid';
    for (let i = 0; i < 64; i++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'rv-cell';
      b.dataset.square = squareName(i);
      b.addEventListener('click', () => {
        if (b.classList.contains('legal')) this.onMove(squareName(i));
      });
      b.addEventListener('keydown', (e) => this.arrowKeys(e, i));
      const disc = document.createElement('span');
      disc.className = 'rv-disc';
      b.append(disc);
      this.cells.push(b);
      grid.append(b);
    }
    const files = document.createElement('div');
    files.className = 'rv-coords rv-files';
    for (const f of 'abcdefgh') files.append(Object.assign(document.createElement('span'), { textContent: f }));
    const ranks = document.createElement('div');
    ranks.className = 'rv-coords rv-ranks';
    for (let r = 1; r <= 8; r++) ranks.append(Object.assign(document.createElement('span'), { textContent: String(r) }));
    el.append(grid, files, ranks);
    this.shapes = new GridShapes(el, () => grid);
  }

  setShapes(shapes: readonly ReviewShape[], onDraw: ((shapes: ReviewShape[]) => void) | null): void {
    this.shapes.set(shapes, onDraw);
  }

  setHint(hint: HintShape | null): void {
    this.shapes.setHint(hint);
  }

  update(input: BoardInput, animate: boolean): void {
    const pos = parseReversi(input.position);
    if (!pos) return;
    const myTurn = input.mySeat !== null && input.toMove === input.mySeat;
    const legal = new Set(myTurn ? input.legalMoves : []);
    const flips = animate ? new Set(flipped(this.prev, pos)) : new Set<number>();
    for (let i = 0; i < 64; i++) {
      const b = this.cells[i];
      const disc = pos.cells[i];
      const name = squareName(i);
      b.classList.toggle('black', disc === 'X');
      b.classList.toggle('white', disc === 'O');
      b.classList.toggle('legal', legal.has(name));
      b.classList.toggle('last', input.lastMove === name);
      b.classList.toggle('flip', flips.has(i));
      if (animate && input.lastMove === name) b.classList.add('placed');
      else b.classList.remove('placed');
      b.disabled = !legal.has(name);
      b.tabIndex = legal.has(name) ? 0 : -1;
      b.setAttribute('aria-label', this.label(name, disc ?? '-'));
    }
    this.el.classList.toggle('my-turn', myTurn);
    this.el.dataset.turn = pos.turn;
    this.prev = pos;
  }

  cancelPremove(): boolean {
    return false; // reversi has no premoves
  }

  destroy(): void {
    this.shapes.destroy();
    this.el.replaceChildren();
  }

  private arrowKeys(e: KeyboardEvent, i: number): void {
    const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 };
    const d = step[e.key];
    if (d === undefined) return;
    e.preventDefault();
    for (let j = i + d; j >= 0 && j < 64; j += d) {
      if (this.cells[j].classList.contains('legal')) {
        this.cells[j].focus();
        return;
      }
    }
  }
}
