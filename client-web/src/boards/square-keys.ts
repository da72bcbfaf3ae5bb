// Keyboard play on the shogi and chess boards, whose libraries draw squares a keyboard
// cannot reach: a grid of buttons laid exactly over the board's squares, one per square,
// each named by its square and what stands on it ("7g Sente (Black) pawn"). The board is
// one tab stop; arrow keys move between squares, Home/End to the row's ends, Escape drops a
// picked piece; Enter or Space on a square does what a click there does (pick a piece, then
// its destination), so
// promotion questions, premoves and the legal-move check are the board's own. The buttons
// take no pointer events: mouse and touch still reach the board underneath.

export interface KeyboardBoard {
  // The squares as drawn now (after any flip), top row first, each row left to right.
  squareRows(): string[][];
  // Enter on a square: as a click there.
  pressSquare(square: string): void;
  // Escape: drops a picked piece.
  clearSelection(): void;
  // The element the squares fill, to lay the grid over.
  squaresElement(): HTMLElement | null;
}

export class SquareKeys {
  readonly el: HTMLElement;
  private buttons = new Map<string, HTMLButtonElement>();
  private rows: string[][] = [];
  private current = '';
  private readonly resize = new ResizeObserver(() => this.place());

  constructor(
    private readonly host: HTMLElement,
    private readonly board: KeyboardBoard,
  ) {
    this.el = document.createElement('div');
    this.el.className = 'square-keys';
    this.el.dataset.testid = 'square-keys';
    host.append(this.el);
    this.resize.observe(host);
  }

  // Names every square again (`label` gives the words for one) and follows a flip.
  update(label: (square: string) => string): void {
    const rows = this.board.squareRows();
    if (rows.flat().join() !== this.rows.flat().join()) this.build(rows);
    for (const [square, b] of this.buttons) {
      const name = label(square);
      if (b.getAttribute('aria-label') !== name) b.setAttribute('aria-label', name);
    }
    this.place();
  }

  destroy(): void {
    this.resize.disconnect();
    this.el.remove();
  }

  private build(rows: string[][]): void {
    this.rows = rows;
    this.buttons.clear();
    this.el.replaceChildren();
    this.el.style.gridTemplateColumns = `repeat(${rows[0]?.length ?? 1}, 1fr)`;
    this.el.style.gridTemplateRows = `repeat(${rows.length}, 1fr)`;
    for (const row of rows)
      for (const square of row) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'sq-key';
        b.dataset.square = square;
        b.tabIndex = -1;
        b.addEventListener('click', () => this.board.pressSquare(square));
        b.addEventListener('keydown', (e) => this.keys(e, square));
        b.addEventListener('focus', () => this.setCurrent(square));
        this.buttons.set(square, b);
        this.el.append(b);
      }
    // The bottom-left square is where a player's eye starts (their own side).
    const start = this.buttons.has(this.current) ? this.current : (rows[rows.length - 1]?.[0] ?? '');
    this.setCurrent(start);
  }

  private setCurrent(square: string): void {
    const old = this.buttons.get(this.current);
    if (old) old.tabIndex = -1;
    this.current = square;
    const now = this.buttons.get(square);
    if (now) now.tabIndex = 0;
  }

  private keys(e: KeyboardEvent, square: string): void {
    const r = this.rows.findIndex((row) => row.includes(square));
    if (r < 0) return;
    const c = this.rows[r].indexOf(square);
    const last = this.rows[r].length - 1;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [r - 1, c], ArrowDown: [r + 1, c], ArrowLeft: [r, c - 1], ArrowRight: [r, c + 1],
      Home: [r, 0], End: [r, last],
    };
    if (e.key === 'Escape') this.board.clearSelection();
    const to = moves[e.key];
    if (!to) return;
    e.preventDefault();
    const next = this.rows[to[0]]?.[to[1]];
    if (!next) return;
    this.setCurrent(next);
    this.buttons.get(next)?.focus();
  }

  // Lays the grid over the squares (the board's coordinates sit outside them).
  private place(): void {
    const squares = this.board.squaresElement();
    if (!squares) return;
    const outer = this.host.getBoundingClientRect();
    const inner = squares.getBoundingClientRect();
    Object.assign(this.el.style, {
      left: `${inner.left - outer.left}px`,
      top: `${inner.top - outer.top}px`,
      width: `${inner.width}px`,
      height: `${inner.height}px`,
    });
  }
}
