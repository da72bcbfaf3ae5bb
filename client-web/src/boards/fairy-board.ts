// A fairy-chess board of any size (up to 12 files by 10 ranks) with any piece letter,
// drawn as a grid of buttons: tap a piece to see where it goes, tap a square to move
// there; when one pair of squares has several legal moves (promotions) the player picks
// the piece from the variant's own. Moves leave in Fairy-Stockfish's UCI.
import { t } from '../i18n';
import type { ReviewShape, VariantInfo } from '../protocol/messages';
import { GridShapes } from './grid-shapes';
import type { HintShape } from '../state/review';
import type { BoardInput, BoardView, Chooser, MoveHandler } from './board';
import { pieceSvg } from './fairy-pieces';
import { fairyMoveMaps, parseFairyFen, parseFairyMove, squareName, type FairyMoveMaps } from './fairy-position';

export class FairyBoard implements BoardView {
  private readonly grid: HTMLElement;
  private maps: FairyMoveMaps = fairyMoveMaps([]);
  private input: BoardInput | null = null;
  private selected: string | null = null;
  private readonly shapes: GridShapes;

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
    this.grid.addEventListener('click', (e) => {
      const sq = (e.target as Element).closest<HTMLElement>('[data-square]');
      if (sq) void this.tap(sq.dataset.square!);
    });
    el.append(this.grid);
    this.shapes = new GridShapes(el, () => this.grid);
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
    if (this.selected && !this.maps.dests.has(this.selected)) this.selected = null;
    this.draw();
  }

  cancelPremove(): boolean {
    return false; // no premoves on this board
  }

  destroy(): void {
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
    for (let row = 0; row < ranks; row++) {
      for (let col = 0; col < files; col++) {
        const rank = flipped ? row : ranks - 1 - row;
        const file = flipped ? files - 1 - col : col;
        const name = squareName({ file, rank });
        const piece = pos.board[rank][file];
        const cls = ['sq', (file + rank) % 2 === 0 ? 'dark' : 'light'];
        if (name === this.selected) cls.push('selected');
        if (dests.includes(name)) cls.push(piece ? 'dest capture' : 'dest');
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
        cell.setAttribute('aria-label', label);
        if (piece) {
          cell.dataset.piece = piece.white ? letter.toUpperCase() : letter;
          cell.append(pieceSvg(letter, piece.white, piece.promoted));
        }
        if (col === 0) cell.append(coord('rank', String(rank + 1)));
        if (row === ranks - 1) cell.append(coord('file', String.fromCharCode(97 + file)));
        cells.push(cell);
      }
    }
    this.grid.replaceChildren(...cells);
    this.shapes.render(); // the squares may have turned (the board flipped)
  }

  private royal(letter: string): boolean {
    return this.variant.pieces.some((p) => p.royal && p.letter === letter);
  }

  private async tap(square: string): Promise<void> {
    if (this.selected && this.selected !== square) {
      const moves = this.maps.moves.get(this.selected + square);
      if (moves) {
        this.selected = null;
        const move = moves.length === 1 ? moves[0] : await this.pick(moves);
        if (move) this.onMove(move);
        this.draw();
        return;
      }
    }
    this.selected = this.selected !== square && this.maps.dests.has(square) ? square : null;
    this.draw();
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
        return { value: m, label: this.pieceName(letter), icon: pieceSvg(letter, white) };
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
