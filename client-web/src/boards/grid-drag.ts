// Pointer input (mouse, touch, pen) on a board drawn as a grid of [data-square] cells: the
// primary button or a finger presses, clicks and drags; what a press means is
// grid-press.ts's, what it does is the board's. While a piece is dragged a copy of it
// follows the pointer and the piece stays faint on its square. The grid holds the
// pointer's capture for the whole press, since the board redraws its cells under it.
// The right button is left to grid-shapes.ts (arrows).
import { canDrag, dragThreshold, movedBeyond, type Press } from './grid-press';

export interface DragBoard {
  // A press began on `square`; the board shows what it picked.
  begin(square: string): Press;
  // The press ended over `up` (null: off the board, or cancelled).
  finish(press: Press, up: string | null, dragged: boolean): void;
  // The dragged piece's square (null when none is dragged) and the square under it.
  lift(square: string | null): void;
  hover(square: string | null): void;
  // The picture of the piece on `square`, copied to follow the pointer.
  pieceImage(square: string): Element | null;
}

export class GridDrag {
  private press: Press | null = null;
  private pointerId = -1;
  private startX = 0;
  private startY = 0;
  private threshold = 4;
  private dragged = false;
  private ghost: HTMLElement | null = null;

  constructor(
    private readonly grid: HTMLElement,
    private readonly board: DragBoard,
  ) {
    grid.addEventListener('pointerdown', (e) => this.down(e));
    grid.addEventListener('pointermove', (e) => this.move(e));
    grid.addEventListener('pointerup', (e) => this.up(e));
    grid.addEventListener('pointercancel', (e) => this.cancel(e));
    // No long-press menu or picture drag on a piece held down.
    grid.addEventListener('dragstart', (e) => e.preventDefault());
    grid.addEventListener('contextmenu', (e) => {
      if (this.press) e.preventDefault();
    });
  }

  // True while a press lasts (the board keeps its selection as the press shows it).
  get active(): boolean {
    return this.press !== null;
  }

  // Forgets the press without a result (the position changed under it).
  abort(): void {
    if (!this.press) return;
    this.reset();
  }

  destroy(): void {
    this.reset();
  }

  private down(e: PointerEvent): void {
    if (e.button !== 0 || !e.isPrimary || this.press) return;
    const square = squareAt(e.clientX, e.clientY, this.grid) ?? squareOf(e.target);
    if (!square) return;
    this.pointerId = e.pointerId;
    this.startX = e.clientX;
    this.startY = e.clientY;
    this.threshold = dragThreshold(e.pointerType);
    this.dragged = false;
    try {
      this.grid.setPointerCapture(e.pointerId);
    } catch {
      // The pointer is already gone: the press ends with its pointerup or not at all.
    }
    this.press = this.board.begin(square);
  }

  private move(e: PointerEvent): void {
    const press = this.press;
    if (!press || e.pointerId !== this.pointerId) return;
    if (!this.dragged && movedBeyond(e.clientX - this.startX, e.clientY - this.startY, this.threshold)) {
      this.dragged = true;
      if (canDrag(press)) this.liftGhost(press.square);
    }
    if (!this.ghost) return;
    this.placeGhost(e.clientX, e.clientY);
    this.board.hover(squareAt(e.clientX, e.clientY, this.grid));
  }

  private up(e: PointerEvent): void {
    const press = this.press;
    if (!press || e.pointerId !== this.pointerId) return;
    const up = squareAt(e.clientX, e.clientY, this.grid);
    const dragged = this.dragged;
    this.reset();
    this.board.finish(press, up, dragged);
  }

  private cancel(e: PointerEvent): void {
    const press = this.press;
    if (!press || e.pointerId !== this.pointerId) return;
    this.reset();
    this.board.finish(press, null, true);
  }

  private liftGhost(square: string): void {
    const picture = this.board.pieceImage(square);
    const cell = this.grid.querySelector(`[data-square="${CSS.escape(square)}"]`);
    if (!picture || !cell) return;
    const r = cell.getBoundingClientRect();
    const ghost = document.createElement('div');
    ghost.className = 'fairy-ghost';
    ghost.dataset.testid = 'drag-ghost';
    ghost.setAttribute('aria-hidden', 'true');
    ghost.style.width = `${r.width}px`;
    ghost.style.height = `${r.height}px`;
    ghost.append(picture.cloneNode(true));
    document.body.append(ghost);
    this.ghost = ghost;
    this.board.lift(square);
  }

  private placeGhost(x: number, y: number): void {
    const g = this.ghost;
    if (!g) return;
    g.style.transform = `translate(${x - g.offsetWidth / 2}px, ${y - g.offsetHeight / 2}px)`;
  }

  private reset(): void {
    if (this.ghost) {
      this.ghost.remove();
      this.ghost = null;
      this.board.lift(null);
      this.board.hover(null);
    }
    if (this.pointerId >= 0 && this.grid.hasPointerCapture(this.pointerId)) this.grid.releasePointerCapture(this.pointerId);
    this.press = null;
    this.pointerId = -1;
    this.dragged = false;
  }
}

// The square under a point of the page, if it is one of this grid's.
function squareAt(x: number, y: number, grid: HTMLElement): string | null {
  const hit = document.elementFromPoint(x, y);
  return hit && grid.contains(hit) ? squareOf(hit) : null;
}

function squareOf(target: EventTarget | null): string | null {
  return (target as Element | null)?.closest?.<HTMLElement>('[data-square]')?.dataset.square ?? null;
}
