// A fairy-chess board of any size (up to 12 files by 10 ranks) with any piece letter,
// drawn as a grid of buttons: tap a piece to see where it goes, tap a square to move
// there, or drag the piece there (mouse, touch or pen: grid-drag.ts); Enter or Space on a
// square is a tap. Both sides' hands are drawn beside the board (the side above's above):
// a pocket piece is picked and dropped like a piece on the board. When one pair of squares
// has several legal moves the player picks the promotion, the gate or the drop's side; a
// walling move (the duck) takes two steps, the move and then the wall's square. Janggi's
// pass is a button under the board. During the opponent's turn a move may be prepared
// (premove) and is played when the turn comes, if legal then. Moves leave in
// Fairy-Stockfish's UCI.
import { t } from '../i18n';
import type { ReviewShape, VariantInfo } from '../protocol/messages';
import { GridShapes } from './grid-shapes';
import { GridDrag } from './grid-drag';
import { beginPress, endPress, selectedDuring, type Press } from './grid-press';
import type { HintShape } from '../state/review';
import type { BoardInput, BoardView, Chooser, MoveHandler } from './board';
import { pieceSvg, type PieceLook } from './fairy-pieces';
import {
  dropOrigin, fairyMoveMaps, parseFairyDrop, parseFairyFen, parseFairyMove, parseSquare, pocketList, squareName, wallStep,
  type FairyMoveMaps, type FairyPosition,
} from './fairy-position';
import { premoveDests, type Premove } from './fairy-premove';
import { boardLines } from './fairy-lines';
import { TapClickGuard } from './fairy-tap-guard';

type Style = 'chess' | 'xiangqi' | 'janggi' | 'shogi';

// The second step of a walling move: the wall squares open after the piece's move.
interface WallStage {
  from: string;
  to: string;
  walls: Map<string, string>; // wall square -> the full move
}

export class FairyBoard implements BoardView {
  private readonly grid: HTMLElement;
  private readonly field: HTMLElement;
  private readonly pocketTop: HTMLElement;
  private readonly pocketBottom: HTMLElement;
  private readonly passBtn: HTMLButtonElement;
  private readonly stepNote: HTMLElement;
  private readonly style: Style;
  private maps: FairyMoveMaps = fairyMoveMaps([]);
  private preDests = new Map<string, string[]>(); // during the opponent's turn (premoves)
  private premove: Premove | null = null;
  private wall: WallStage | null = null;
  private pos: FairyPosition | null = null;
  private input: BoardInput | null = null;
  private selected: string | null = null; // a square, or "N@" for a pocket piece
  private readonly shapes: GridShapes;
  private readonly drag: GridDrag;
  private lifted: string | null = null; // the piece being dragged
  private over: string | null = null; // the destination under the dragged piece
  private current: string | null = null; // the square the keyboard is on (the tab stop)
  private linesFor = '';
  private readonly tapGuard: TapClickGuard;

  constructor(
    private readonly el: HTMLElement,
    private readonly variant: VariantInfo,
    private readonly onMove: MoveHandler,
    private readonly choose: Chooser,
    private readonly promoteTitle: () => string,
    private readonly pieceName: (letter: string) => string,
  ) {
    this.style = variant.board_style ?? (variant.template === 'xiangqi' || variant.template === 'janggi' || variant.template === 'shogi' ? variant.template : 'chess');
    el.classList.add('fairy-board');
    el.dataset.style = this.style;
    this.grid = document.createElement('div');
    this.grid.className = 'fairy-grid';
    this.grid.style.setProperty('--files', String(variant.files));
    this.grid.style.setProperty('--ranks', String(variant.ranks));
    this.field = document.createElement('div');
    this.field.className = 'fairy-field';
    this.field.style.setProperty('--files', String(variant.files));
    this.field.style.setProperty('--ranks', String(variant.ranks));
    this.field.append(this.grid);
    this.pocketTop = pocketElement();
    this.pocketBottom = pocketElement();
    this.passBtn = document.createElement('button');
    this.passBtn.type = 'button';
    this.passBtn.className = 'btn primary fairy-pass';
    this.passBtn.dataset.testid = 'pass';
    this.passBtn.textContent = t('play.pass');
    this.passBtn.hidden = true;
    this.passBtn.addEventListener('click', () => {
      const pass = this.maps.pass;
      if (pass) this.send(pass);
    });
    this.stepNote = document.createElement('p');
    this.stepNote.className = 'fairy-step';
    this.stepNote.setAttribute('aria-live', 'polite');
    // Pointers press and drag through grid-drag.ts; a click without a pointer behind it
    // (detail 0: Enter or Space on a square or pocket piece, assistive technology) is a tap.
    el.addEventListener('click', (e) => {
      const sq = (e.target as Element).closest<HTMLElement>('[data-square]');
      if (!sq || e.detail !== 0 || !el.contains(sq)) return;
      const square = sq.dataset.square!;
      this.finish(this.begin(square), square, false);
      // A pocket piece picked by keyboard: on to the board to choose its square.
      if (!parseSquare(square) && this.selected === square) this.focusGrid();
    });
    this.grid.addEventListener('keydown', (e) => this.keys(e));
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !this.grid.contains(e.target as Node)) this.escape();
    });
    // The right button on a pocket draws nothing (arrows join squares only).
    for (const p of [this.pocketTop, this.pocketBottom])
      p.addEventListener('pointerdown', (e) => {
        if (e.button === 2) e.stopPropagation();
      });
    el.append(this.pocketTop, this.field, this.pocketBottom, this.stepNote, this.passBtn);
    this.tapGuard = new TapClickGuard(el);
    this.shapes = new GridShapes(el, () => this.grid);
    this.drag = new GridDrag(el, {
      begin: (square) => this.begin(square),
      finish: (press, up, dragged) => this.finish(press, up, dragged),
      lift: (square) => this.setLifted(square),
      hover: (square) => this.setOver(square),
      pieceImage: (square) => el.querySelector(`[data-square="${CSS.escape(square)}"] .fairy-piece`),
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
    const { files, ranks } = this.variant;
    this.pos = parseFairyFen(input.position, files, ranks);
    const myTurn = input.mySeat !== null && input.toMove === input.mySeat && input.legalMoves.length > 0;
    const premoving = input.premove && input.mySeat !== null && !myTurn && !input.over;
    this.maps = fairyMoveMaps(myTurn ? input.legalMoves : [], this.pos, (l) => this.royal(l));
    this.preDests = premoving ? premoveDests(this.pos, this.variant, input.mySeat === 0) : new Map();
    if (!premoving && !myTurn) this.premove = null;
    // A player's board takes touches as presses; anyone else's scrolls the page as usual.
    const playable = input.mySeat !== null || input.legalMoves.length > 0;
    this.grid.classList.toggle('playable', playable);
    this.el.classList.toggle('playable', playable);
    if (!myTurn) this.wall = null;
    if (this.selected && !this.dests().has(this.selected)) {
      this.selected = null;
      this.drag.abort(); // the piece held can no longer move
    }
    // The turn has come: the prepared move is played now if legal (else forgotten).
    if (myTurn && this.premove) {
      const pre = this.premove;
      this.premove = null;
      this.selected = null;
      const moves = this.maps.moves.get(pre.from + pre.to);
      if (moves) queueMicrotask(() => void this.playMoves(pre.from, pre.to, moves));
    }
    this.draw();
  }

  cancelPremove(): boolean {
    const had = this.premove !== null;
    this.premove = null;
    if (had) {
      this.selected = null;
      this.draw();
    }
    return had;
  }

  destroy(): void {
    this.tapGuard.destroy();
    this.drag.destroy();
    this.shapes.destroy();
    this.el.replaceChildren();
  }

  // The destinations pressed now: the legal moves on one's turn, else the premoves.
  private dests(): Map<string, string[]> {
    return this.maps.dests.size ? this.maps.dests : this.preDests;
  }

  // A piece the variant defines itself (customPiece1..), drawn apart from the known ones.
  private isCustomPiece(letter: string): boolean {
    const l = letter.toLowerCase();
    return this.variant.pieces.some((p) => p.letter === l && p.name.startsWith('customPiece'));
  }

  private look(letter: string, white: boolean): PieceLook {
    const info = this.variant.pieces.find((p) => p.letter === letter.toLowerCase());
    const bottomWhite = (this.input?.bottomSeat ?? 0) === 0;
    return { style: this.style, name: info?.name, royal: info?.royal, pawn: info?.pawn, up: white === bottomWhite };
  }

  private picture(letter: string, white: boolean, promoted: boolean): SVGSVGElement {
    return pieceSvg(letter, white, promoted, this.isCustomPiece(letter), this.look(letter, white));
  }

  private draw(): void {
    const input = this.input;
    const base = this.pos;
    if (!input || !base) return;
    const { files, ranks } = this.variant;
    // During a walling move's second step the piece is shown where it went.
    const pos = this.wall ? movedPosition(base, this.wall.from, this.wall.to) : base;
    const last = input.lastMove ? lastSquares(input.lastMove) : [];
    const dests = this.wall ? [...this.wall.walls.keys()] : this.selected ? this.dests().get(this.selected) ?? [] : [];
    const flipped = input.bottomSeat === 1;
    const cells: HTMLElement[] = [];
    // The board is one tab stop: the keyboard's square, else the bottom-left one; the
    // focus stays on its square through a redraw.
    const active = document.activeElement as HTMLElement | null;
    const focused = active && this.grid.contains(active) ? active.dataset.square : undefined;
    const home = squareName({ file: flipped ? files - 1 : 0, rank: flipped ? ranks - 1 : 0 });
    const stop = this.current && parseSquare(this.current) ? this.current : home;
    const premoveSquares = this.premove ? [this.premove.from, this.premove.to] : [];
    const premoving = this.preDests.size > 0 && !this.maps.dests.size;
    for (let row = 0; row < ranks; row++) {
      for (let col = 0; col < files; col++) {
        const rank = flipped ? row : ranks - 1 - row;
        const file = flipped ? files - 1 - col : col;
        const name = squareName({ file, rank });
        const piece = pos.board[rank][file];
        const wall = pos.walls.has(name);
        const cls = ['sq', (file + rank) % 2 === 0 ? 'dark' : 'light'];
        if (name === this.selected || (this.wall && name === this.wall.to)) cls.push('selected');
        if (dests.includes(name)) cls.push(piece || wall ? 'dest capture' : 'dest');
        if (this.wall && dests.includes(name)) cls.push('wall-dest');
        if (premoving && dests.length) cls.push('pre');
        if (premoveSquares.includes(name)) cls.push('premove');
        if (name === this.lifted) cls.push('drag-origin');
        if (name === this.over) cls.push('drag-over');
        if (last.includes(name)) cls.push('last');
        if (input.inCheck && piece && piece.white === pos.whiteToMove && this.royal(piece.letter)) cls.push('check');
        // A promoted piece is written with its own letter ("+R"); it is drawn as what it became.
        const letter = piece ? (piece.promoted ? this.variant.promoted_types?.[piece.letter] ?? piece.letter : piece.letter) : '';
        const label = piece ? `${name} ${sideWord(piece.white)} ${this.pieceName(letter)}` : wall ? `${name} ${this.wallWord()}` : name;
        const cell = document.createElement('button');
        cell.type = 'button';
        cell.className = cls.join(' ');
        cell.dataset.square = name;
        cell.tabIndex = name === stop ? 0 : -1;
        cell.setAttribute('aria-label', label);
        if (this.dests().has(name) && !this.wall) cell.dataset.movable = '';
        if (piece) {
          cell.dataset.piece = piece.white ? letter.toUpperCase() : letter;
          cell.append(this.picture(letter, piece.white, piece.promoted));
        } else if (wall) {
          cell.dataset.wall = '';
          cell.append(wallSvg(this.variant.walling === 'duck'));
        }
        if (col === 0) cell.append(coord('rank', String(rank + 1)));
        if (row === ranks - 1) cell.append(coord('file', String.fromCharCode(97 + file)));
        cells.push(cell);
      }
    }
    this.grid.replaceChildren(...cells);
    this.drawLines(flipped);
    this.drawPockets(pos, flipped);
    this.passBtn.hidden = !this.maps.pass || !!this.wall;
    this.stepNote.textContent = this.wall ? t('fairy.wall.step') : this.premove ? t('fairy.premove.set') : '';
    this.stepNote.hidden = !this.stepNote.textContent;
    if (focused) cells.find((c) => c.dataset.square === focused)?.focus();
    this.shapes.render(); // the squares may have turned (the board flipped)
  }

  // Xiangqi and janggi: the lines, palaces and river under the points.
  private drawLines(flipped: boolean): void {
    if (this.style !== 'xiangqi' && this.style !== 'janggi') return;
    const key = String(flipped);
    if (this.linesFor === key) return;
    this.linesFor = key;
    this.field.querySelector('.fairy-lines')?.remove();
    const holder = document.createElement('div');
    holder.innerHTML = boardLines(this.variant, this.style, flipped);
    const svg = holder.firstElementChild;
    if (svg) this.field.prepend(svg);
  }

  // Each side's hand: the side drawn above has its pocket above the board.
  private drawPockets(pos: FairyPosition, flipped: boolean): void {
    const hands = !!this.variant.hand || pos.pockets !== null;
    for (const p of [this.pocketTop, this.pocketBottom]) p.hidden = !hands;
    if (!hands) return;
    const mine = this.input?.mySeat === null || this.input?.mySeat === undefined ? null : this.input.mySeat === 0;
    const fill = (el: HTMLElement, white: boolean) => {
      el.dataset.side = white ? 'white' : 'black';
      el.setAttribute('aria-label', t(white ? 'fairy.hand.white' : 'fairy.hand.black'));
      const focused = el.contains(document.activeElement) ? (document.activeElement as HTMLElement).dataset.pocketPiece : undefined;
      const items = pocketList(white ? pos.pockets?.white : pos.pockets?.black, this.variant.hand ?? '').map(({ letter, count }) => {
        const origin = dropOrigin(letter);
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'pocket-piece';
        b.dataset.pocketPiece = letter;
        b.dataset.count = String(count);
        b.setAttribute('aria-label', t('fairy.pocket.piece', { piece: this.pieceName(letter), count }));
        if (white === mine) {
          b.dataset.square = origin; // one's own pocket pieces are pressed like squares
          if (this.dests().has(origin)) b.dataset.movable = '';
          if (this.selected === origin) b.classList.add('selected');
          if (this.lifted === origin) b.classList.add('drag-origin');
          if (this.premove?.from === origin) b.classList.add('premove');
        } else b.tabIndex = -1;
        b.append(this.picture(letter.toLowerCase(), white, false));
        const n = document.createElement('span');
        n.className = 'pocket-count';
        n.setAttribute('aria-hidden', 'true');
        n.textContent = String(count);
        b.append(n);
        return b;
      });
      el.replaceChildren(...items);
      if (focused) items.find((b) => b.dataset.pocketPiece === focused)?.focus();
    };
    fill(this.pocketTop, flipped);
    fill(this.pocketBottom, !flipped);
  }

  private wallWord(): string {
    return t(this.variant.walling === 'duck' ? 'fairy.duck' : 'fairy.wall');
  }

  private focusGrid(): void {
    const cell = this.grid.querySelector<HTMLElement>('[tabindex="0"]') ?? this.grid.querySelector<HTMLElement>('[data-square]');
    cell?.focus();
  }

  // Escape: the wall step, a picked piece and a prepared move are dropped.
  private escape(): boolean {
    const had = !!this.wall || !!this.selected || !!this.premove;
    this.wall = null;
    this.selected = null;
    this.premove = null;
    if (had) this.draw();
    return had;
  }

  // Arrow keys walk the squares as drawn (Home/End: the row's ends); Escape drops the
  // picked piece. Enter and Space are the buttons' own clicks.
  private keys(e: KeyboardEvent): void {
    const cell = (e.target as Element).closest<HTMLElement>('[data-square]');
    if (!cell) return;
    if (e.key === 'Escape') {
      this.escape();
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
    if (this.wall) return { square, kind: 'other', from: null, wasSelected: false };
    if (this.premove) {
      // A press anywhere drops the prepared move (and may prepare another).
      this.premove = null;
      this.draw();
    }
    const press = beginPress(square, this.selected, this.dests());
    const during = selectedDuring(press, this.selected);
    if (during !== this.selected) {
      this.selected = during;
      this.draw();
    }
    return press;
  }

  private finish(press: Press, up: string | null, dragged: boolean): void {
    if (this.wall) {
      // The wall's square: a tap on one that is lit; anything else goes back.
      const target = !dragged || up === press.square ? press.square : null;
      const move = target ? this.wall.walls.get(target) : undefined;
      this.wall = null;
      if (move) this.send(move);
      else this.draw();
      return;
    }
    const result = endPress(press, up, dragged, this.dests());
    if (result.kind === 'move') {
      if (this.maps.dests.size) void this.play(result.from, result.to);
      else {
        this.premove = { from: result.from, to: result.to };
        this.selected = null;
        this.draw();
      }
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
    if (moves) await this.playMoves(from, to, moves);
  }

  // The moves of one from-to pair: a choice when several, then the wall step if walling.
  private async playMoves(from: string, to: string, moves: string[]): Promise<void> {
    const walls = wallStep(moves);
    if (walls.size) {
      const heads = [...walls.keys()];
      const head = heads.length === 1 ? heads[0] : await this.pick(heads);
      const squares = head ? walls.get(head) : undefined;
      if (!squares) return;
      this.wall = { from, to, walls: squares };
      this.selected = null;
      this.draw();
      return;
    }
    const move = moves.length === 1 ? moves[0] : await this.pick(moves);
    if (move) this.send(move);
  }

  private send(move: string): void {
    this.wall = null;
    this.selected = null;
    this.onMove(move);
  }

  private setLifted(square: string | null): void {
    this.lifted = square;
    this.mark('drag-origin', square);
  }

  // Only a legal destination of the piece dragged lights up under it.
  private setOver(square: string | null): void {
    const legal = square && this.lifted && this.dests().get(this.lifted)?.includes(square) ? square : null;
    if (legal === this.over) return;
    this.over = legal;
    this.mark('drag-over', legal);
  }

  // Moves a class to one cell without drawing the board again (the pointer moves often).
  private mark(cls: string, square: string | null): void {
    for (const c of this.el.querySelectorAll(`.${cls}`)) c.classList.remove(cls);
    if (square) this.el.querySelector(`[data-square="${CSS.escape(square)}"]`)?.classList.add(cls);
  }

  private pick(moves: string[]): Promise<string | null> {
    this.tapGuard.arm(); // a tap that ends here must not also choose
    const white = this.input?.mySeat !== 1;
    const drop = moves.every((m) => parseFairyDrop(m));
    if (drop) {
      return this.choose(t('fairy.drop.title'), moves.map((m) => {
        const d = parseFairyDrop(m)!;
        const l = d.letter.toLowerCase();
        const shown = d.promoted ? this.variant.promoted_types?.[l] ?? l : l;
        const label = d.promoted ? t('fairy.drop.promoted', { piece: this.pieceName(shown) }) : this.pieceName(l);
        return { value: m, label, icon: named(this.picture(shown, white, d.promoted), label) };
      }));
    }
    const gates = this.variant.gating && moves.some((m) => this.isGate(m, white));
    if (gates) {
      const froms = new Set(moves.map((m) => parseFairyMove(m)?.from));
      return this.choose(t('fairy.gate.title'), moves.map((m) => {
        const x = parseFairyMove(m)!;
        if (!x.promotion) return { value: m, label: t('fairy.gate.none') };
        const name = this.pieceName(x.promotion);
        if (!this.isGate(m, white)) return { value: m, label: name, icon: named(this.picture(x.promotion, white, false), name) };
        const label = froms.size > 1 ? t('fairy.gate.on', { piece: name, square: x.from }) : name;
        return { value: m, label, icon: named(this.picture(x.promotion, white, false), label) };
      }));
    }
    const pieceChoice = moves.some((m) => m.endsWith('+'));
    return this.choose(
      pieceChoice ? t('play.promote') : this.promoteTitle(),
      moves.map((m) => {
        const letter = parseFairyMove(m)?.promotion ?? '';
        // A piece promotion (promotedPieceType) is written '+': the piece's own pair decides.
        if (letter === '+') return { value: m, label: t('play.promote.yes') };
        if (!letter || letter === '-') return { value: m, label: pieceChoice || letter === '-' ? t('play.promote.no') : '—' };
        const name = this.pieceName(letter);
        return { value: m, label: name, icon: named(this.picture(letter, white, false), name) };
      }),
    );
  }

  // A gating move: a letter after a move leaving the mover's first rank.
  private isGate(m: string, white: boolean): boolean {
    const x = parseFairyMove(m);
    const a = x && parseSquare(x.from);
    if (!x || !a || !x.promotion || x.promotion === '+' || x.promotion === '-') return false;
    return a.rank === (white ? 0 : this.variant.ranks - 1);
  }
}

// A choice's picture with its name under it (the chooser's button shows both).
function named(picture: SVGSVGElement, name: string): HTMLElement {
  const box = document.createElement('span');
  box.className = 'fairy-choice';
  const text = document.createElement('span');
  text.className = 'fairy-choice-name';
  text.textContent = name;
  box.append(picture, text);
  return box;
}

function pocketElement(): HTMLElement {
  const el = document.createElement('div');
  el.className = 'fairy-pocket';
  el.setAttribute('role', 'group');
  el.hidden = true;
  return el;
}

function sideWord(white: boolean): string {
  return t(white ? 'side.chess.0' : 'side.chess.1');
}

// The squares the last move touched: a drop's square, a move's two (and a wall's).
function lastSquares(move: string): string[] {
  const d = parseFairyDrop(move);
  if (d) return [d.to];
  const x = parseFairyMove(move);
  return x ? [x.from, x.to] : [];
}

// `pos` with the piece on `from` moved to `to` (the first step of a walling move).
function movedPosition(pos: FairyPosition, from: string, to: string): FairyPosition {
  const a = parseSquare(from), b = parseSquare(to);
  if (!a || !b) return pos;
  const board = pos.board.map((row) => [...row]);
  board[b.rank][b.file] = board[a.rank][a.file];
  if (from !== to) board[a.rank][a.file] = null;
  return { ...pos, board };
}

const SVG_NS = 'http://www.w3.org/2000/svg';

// A wall: a dark tile; the duck: a yellow duck seen from the side.
function wallSvg(duck: boolean): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 45 45');
  svg.setAttribute('class', duck ? 'fairy-piece fairy-duck' : 'fairy-piece fairy-wall');
  svg.setAttribute('aria-hidden', 'true');
  svg.innerHTML = duck
    ? '<path d="M8 27c0 7 6 11 15 11 9 0 15-4 15-11 0-3-2-5-5-5l-4 1c2-3 2-5 2-7 0-5-4-8-8-8-5 0-8 3-8 7 0 3 1 5 3 7-4-2-8-1-10 5z" fill="#f5c518" stroke="#6b4a00" stroke-width="1.6" stroke-linejoin="round"/>' +
      '<path d="M16 12c-3 0-6 1-8 3 2 1 5 1 8 0z" fill="#e8781e" stroke="#6b4a00" stroke-width="1.2" stroke-linejoin="round"/>' +
      '<circle cx="21" cy="12" r="1.6" fill="#1d1d1d"/><path d="M18 29c4 3 9 3 13 0" fill="none" stroke="#6b4a00" stroke-width="1.4" stroke-linecap="round"/>'
    : '<rect x="4" y="4" width="37" height="37" rx="4" fill="#3a3a3a" stroke="#1a1a1a" stroke-width="1.5"/>' +
      '<path d="M4 16H41M4 29H41M16 4V16M29 16V29M16 29V41" stroke="#5c5c5c" stroke-width="1.5"/>';
  return svg;
}

function coord(kind: 'file' | 'rank', text: string): HTMLElement {
  const s = document.createElement('span');
  s.className = `coord coord-${kind}`;
  s.setAttribute('aria-hidden', 'true');
  s.textContent = text;
  return s;
}
