// A fairy-chess board of any size (up to 12 files by 10 ranks) with any piece letter,
// drawn as a grid of buttons: tap a piece to see where it goes, tap a square to move
// there, or drag the piece there (mouse, touch or pen: grid-drag.ts); Enter or Space on a
// square is a tap. When one pair of squares has several legal moves (promotions) the
// player picks the piece from the variant's own. Moves leave in Fairy-Stockfish's UCI.
import { t } from '../i18n';
import type { ReviewShape, VariantInfo } from '../protocol/messages';
import { GridShapes } from './grid-shapes';
import { GridDrag } from './grid-drag';
import { beginPress, endPress, selectedDuring, type Press } from './grid-press';
import type { HintShape } from '../state/review';
import type { BoardInput, BoardView, Chooser, MoveHandler } from './board';
import { pieceSvg } from './fairy-pieces';
import { fairyMoveMaps, parseFairyFen, parseFairyMove, parseSquare, squareName, type FairyMoveMaps } from './fairy-position';

export class FairyBoard implements BoardView {
  private readonly grid: HTMLElement;
  private maps: FairyMoveMaps = fairyMoveMaps([]);
  private input: BoardInput | null = null;
  private selected: string | null = null;
  private readonly shapes: GridShapes;
  private readonly drag: GridDrag;
  private lifted: string | null = null; // the piece being dragged
  private over: string | null = null; // the destination under the dragged piece
  private current: string | null = null; // the square the keyboard is on (the tab stop)

  constructor(
    private readonly el: HTMLElement,
    private readonly variant: VariantInfo,
    private readonly onMove: MoveHandler,
    private readonly choose: Chooser,
    private readonly promoteTitle: () => string,
    private readonly pieceName: (letter: string) => string,
  ) {
    el.classList.add('fairy-board');
    this.grid = document.createElement('div');
    this.grid.className = 'fairy-grid';
    this.grid.style.setProperty('--files', String(variant.files));
    this.grid.style.setProperty('--ranks', String(variant.ranks));
    // Pointers press and drag through grid-drag.ts; a click without a pointer behind it
    // (detail 0: Enter or Space on a square, assistive technology) is a tap.
    this.grid.addEventListener('click', (e) => {
      const sq = (e.target as Element).closest<HTMLElement>('[data-square]');
      if (sq && e.detail === 0) this.finish(this.begin(sq.dataset.square!), sq.dataset.square!, false);
    });
    this.grid.addEventListener('keydown', (e) => this.keys(e));
    el.append(this.grid);
    this.shapes = new GridShapes(el, () => this.grid);
    this.drag = new GridDrag(this.grid, {
      begin: (square) => this.begin(square),
      finish: (press, up, dragged) => this.finish(press, up, dragged),
      lift: (square) => this.setLifted(square),
      hover: (square) => this.setOver(square),
      pieceImage: (square) => this.grid.querySelector(`[data-square="${CSS.escape(square)}"] .fairy-piece`),
    });
  }

  setShapes(shapes: readonly ReviewShape[], onDraw: ((shapes: ReviewShape[]) => void) | null): void {
    this.shapes.set(shapes, onDraw);
  }

  setHint(hint: HintShape | null): void {
    this.shapes.setHint(hint);
  }

  update(input: BoardInput, _animate: boolean): void {
    this.input = input;
    const myTurn = input.mySeat !== null && input.toMove === input.mySeat && input.legalMoves.length > 0;
    this.maps = fairyMoveMaps(myTurn ? input.legalMoves : []);
    // A player's board takes touches as presses; anyone else's scrolls the page as usual.
    this.grid.classList.toggle('playable', input.mySeat !== null || input.legalMoves.length > 0);
    if (this.selected && !this.maps.dests.has(this.selected)) {
      this.selected = null;
      this.drag.abort(); // the piece held can no longer move
    }
    this.draw();
  }

  // A piece the variant defines itself (customPiece1..), drawn apart from the known ones.
  private isCustomPiece(letter: string): boolean {
    const l = letter.toLowerCase();
    return this.variant.pieces.some((p) => p.letter === l && p.name.startsWith('customPiece'));
  }

  cancelPremove(): boolean {
    return false; // no premoves on this board
  }

  destroy(): void {
    this.drag.destroy();
    this.shapes.destroy();
    this.el.replaceChildren();
  }

  private draw(): void {
    const input = this.input;
    if (!input) return;
    const { files, ranks } = this.variant;
    const pos = parseFairyFen(input.position, files, ranks);
    const last = input.lastMove ? parseFairyMove(input.lastMove) : null;
    const dests = this.selected ? this.maps.dests.get(this.selected) ?? [] : [];
    const flipped = input.bottomSeat === 1;
    const cells: HTMLElement[] = [];
    // The board is one tab stop: the keyboard's square, else the bottom-left one; the
    // focus stays on its square through a redraw.
    const active = document.activeElement as HTMLElement | null;
    const focused = active && this.grid.contains(active) ? active.dataset.square : undefined;
    const home = squareName({ file: flipped ? files - 1 : 0, rank: flipped ? ranks - 1 : 0 });
    const stop = this.current && parseSquare(this.current) ? this.current : home;
    for (let row = 0; row < ranks; row++) {
      for (let col = 0; col < files; col++) {
        const rank = flipped ? row : ranks - 1 - row;
        const file = flipped ? files - 1 - col : col;
        const name = squareName({ file, rank });
        const piece = pos.board[rank][file];
        const cls = ['sq', (file + rank) % 2 === 0 ? 'dark' : 'light'];
        if (name === this.selected) cls.push('selected');
        if (dests.includes(name)) cls.push(piece ? 'dest capture' : 'dest');
        if (name === this.lifted) cls.push('drag-origin');
        if (name === this.over) cls.push('drag-over');
        if (last && (name === last.from || name === last.to)) cls.push('last');
        const mover = pos.whiteToMove;
        if (input.inCheck && piece && piece.white === mover && this.royal(piece.letter)) cls.push('check');
        // A promoted piece is written with its own letter ("+R"); it is drawn as what it became.
        const letter = piece ? (piece.promoted ? this.variant.promoted_types?.[piece.letter] ?? piece.letter : piece.letter) : '';
        const label = piece ? `${name} ${piece.white ? 'white' : 'black'} ${this.pieceName(letter)}` : name;
        const cell = document.createElement('button');
        cell.type = 'button';
        cell.className = cls.join(' ');
        cell.dataset.square = name;
        cell.tabIndex = name === stop ? 0 : -1;
        cell.setAttribute('aria-label', label);
        if (this.maps.dests.has(name)) cell.dataset.movable = '';
        if (piece) {
          cell.dataset.piece = piece.white ? letter.toUpperCase() : letter;
          cell.append(pieceSvg(letter, piece.white, piece.promoted, this.isCustomPiece(letter)));
        }
        if (col === 0) cell.append(coord('rank', String(rank + 1)));
        if (row === ranks - 1) cell.append(coord('file', String.fromCharCode(97 + file)));
        cells.push(cell);
      }
    }
    this.grid.replaceChildren(...cells);
    if (focused) cells.find((c) => c.dataset.square === focused)?.focus();
    this.shapes.render(); // the squares may have turned (the board flipped)
  }

  // Arrow keys walk the squares as drawn (Home/End: the row's ends); Escape drops the
  // picked piece. Enter and Space are the buttons' own clicks.
  private keys(e: KeyboardEvent): void {
    const cell = (e.target as Element).closest<HTMLElement>('[data-square]');
    if (!cell) return;
    if (e.key === 'Escape' && this.selected) {
      this.selected = null;
      this.draw();
      return;
    }
    const cells = [...this.grid.querySelectorAll<HTMLElement>('[data-square]')];
    const files = this.variant.files;
    const i = cells.indexOf(cell);
    const row = Math.floor(i / files), col = i % files;
    const to: Record<string, [number, number]> = {
      ArrowUp: [row - 1, col], ArrowDown: [row + 1, col], ArrowLeft: [row, col - 1], ArrowRight: [row, col + 1],
      Home: [row, 0], End: [row, files - 1],
    };
    const dest = to[e.key];
    if (!dest) return;
    e.preventDefault();
    if (dest[1] < 0 || dest[1] >= files) return;
    const next = cells[dest[0] * files + dest[1]];
    if (!next) return;
    cell.tabIndex = -1;
    next.tabIndex = 0;
    this.current = next.dataset.square!;
    next.focus();
  }

  private royal(letter: string): boolean {
    return this.variant.pieces.some((p) => p.royal && p.letter === letter);
  }

  // A press (pointer or key) on `square`: shows at once the piece it picks up.
  private begin(square: string): Press {
    const press = beginPress(square, this.selected, this.maps.dests);
    const during = selectedDuring(press, this.selected);
    if (during !== this.selected) {
      this.selected = during;
      this.draw();
    }
    return press;
  }

  private finish(press: Press, up: string | null, dragged: boolean): void {
    const result = endPress(press, up, dragged, this.maps.dests);
    if (result.kind === 'move') {
      void this.play(result.from, result.to);
      return;
    }
    const next = result.kind === 'select' ? result.square : null;
    if (next !== this.selected) {
      this.selected = next;
      this.draw();
    }
  }

  private async play(from: string, to: string): Promise<void> {
    const moves = this.maps.moves.get(from + to);
    this.selected = null;
    this.draw();
    if (!moves) return;
    const move = moves.length === 1 ? moves[0] : await this.pick(moves);
    if (move) this.onMove(move);
  }

  private setLifted(square: string | null): void {
    this.lifted = square;
    this.mark('drag-origin', square);
  }

  // Only a legal destination of the piece dragged lights up under it.
  private setOver(square: string | null): void {
    const legal = square && this.lifted && this.maps.dests.get(this.lifted)?.includes(square) ? square : null;
    if (legal === this.over) return;
    this.over = legal;
    this.mark('drag-over', legal);
  }

  // Moves a class to one cell without drawing the board again (the pointer moves often).
  private mark(cls: string, square: string | null): void {
    for (const c of this.grid.querySelectorAll(`.${cls}`)) c.classList.remove(cls);
    if (square) this.grid.querySelector(`[data-square="${CSS.escape(square)}"]`)?.classList.add(cls);
  }

  private pick(moves: string[]): Promise<string | null> {
    const white = this.input?.mySeat !== 1;
    const pieceChoice = moves.some((m) => m.endsWith('+'));
    return this.choose(
      pieceChoice ? t('play.promote') : this.promoteTitle(),
      moves.map((m) => {
        const letter = parseFairyMove(m)?.promotion ?? '';
        // A piece promotion (promotedPieceType) is written '+': the piece's own pair decides.
        if (letter === '+') return { value: m, label: t('play.promote.yes') };
        if (!letter) return { value: m, label: pieceChoice ? t('play.promote.no') : '—' };
        return { value: m, label: this.pieceName(letter), icon: pieceSvg(letter, white, false, this.isCustomPiece(letter)) };
      }),
    );
  }
}

function coord(kind: 'file' | 'rank', text: string): HTMLElement {
  const s = document.createElement('span');
  s.className = `coord coord-${kind}`;
  s.setAttribute('aria-hidden', 'true');
  s.textContent = text;
  return s;
}
