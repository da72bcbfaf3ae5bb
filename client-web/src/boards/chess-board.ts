// Chess on chessground. The FEN's board part is drawn as given; moves leave as UCI, with
// a piece picker for promotions.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import type { BoardInput, BoardView, Chooser, MoveHandler } from './board';
import type { KeyboardBoard } from './square-keys';
import { chessMoveMaps, chessMoveSquares, fenParts, type ChessMoveMaps } from './chess-moves';
import type { ReviewShape } from '../protocol/messages';
import { fromDrawn, sameShapes, toChessground } from './review-shapes';
import type { DrawShape } from '@lichess-org/chessground/draw';
import type { HintShape } from '../state/review';

const seatColor = (seat: 0 | 1): 'white' | 'black' => (seat === 0 ? 'white' : 'black');
const PIECE_NAMES: Record<string, string> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' };

export class ChessBoard implements BoardView, KeyboardBoard {
  private ground: Api;
  private maps: ChessMoveMaps = chessMoveMaps([]);
  private input: BoardInput | null = null;

  constructor(
    private readonly el: HTMLElement,
    private readonly onMove: MoveHandler,
    private readonly choose: Chooser,
    private readonly promoteTitle: () => string,
  ) {
    el.classList.add('chess-board');
    this.ground = Chessground(el, {
      coordinates: true,
      autoCastle: true,
      movable: { free: false, showDests: true, events: { after: (o, d) => void this.afterMove(o, d) } },
      premovable: { enabled: false },
      draggable: { enabled: true, showGhost: true },
      highlight: { lastMove: true, check: true },
      animation: { enabled: true, duration: 200 },
      drawable: { enabled: true },
    });
    // chessground keeps the board's rectangle until a resize or a scroll; text appearing
    // above the board moves it without either. Every touch measures anew.
    const measureAnew = (): void => this.ground.state.dom.bounds.clear();
    el.addEventListener('mousedown', measureAnew, { capture: true });
    el.addEventListener('touchstart', measureAnew, { capture: true, passive: true });
  }

  update(input: BoardInput, animate: boolean): void {
    this.input = input;
    const { board, turn } = fenParts(input.position);
    const myTurn = input.mySeat !== null && input.toMove === input.mySeat && input.legalMoves.length > 0;
    const premoving = input.premove && input.mySeat !== null && !myTurn;
    this.maps = chessMoveMaps(myTurn ? input.legalMoves : []);
    const last = input.lastMove ? (chessMoveSquares(input.lastMove) as Key[]) : undefined;
    const apply = () =>
      this.ground.set({
        fen: board,
        orientation: seatColor(input.bottomSeat),
        turnColor: turn,
        check: input.inCheck,
        lastMove: last,
        movable: { color: myTurn || premoving ? seatColor(input.mySeat!) : undefined, dests: this.maps.dests as Map<Key, Key[]> },
        premovable: { enabled: input.premove },
      });
    if (animate) apply();
    else {
      const was = this.ground.state.animation.enabled;
      this.ground.state.animation.enabled = false;
      apply();
      this.ground.state.animation.enabled = was;
    }
    // The turn has come: a queued premove is played now if it is legal (else dropped).
    if (myTurn && this.ground.state.premovable.current) queueMicrotask(() => this.ground.playPremove());
  }

  setShapes(shapes: readonly ReviewShape[], onDraw: ((shapes: ReviewShape[]) => void) | null): void {
    const drawn = fromDrawn(this.ground.state.drawable.shapes, false);
    if (!sameShapes(drawn, shapes)) this.ground.setShapes(toChessground(shapes) as DrawShape[]);
    this.ground.set({ drawable: { onChange: onDraw ? (all) => onDraw(fromDrawn(all, false)) : undefined } });
  }

  setHint(hint: HintShape | null): void {
    // chessground's auto shapes: drawn apart from the user's, which never include them.
    this.ground.setAutoShapes(hint ? [{ orig: hint.orig as Key, ...(hint.dest ? { dest: hint.dest as Key } : {}), brush: 'purple' }] : []);
  }

  cancelPremove(): boolean {
    const had = !!this.ground.state.premovable.current;
    this.ground.cancelPremove();
    return had;
  }

  destroy(): void {
    this.ground.destroy();
  }

  squareRows(): string[][] {
    const white = this.ground.state.orientation === 'white';
    const files = white ? 'abcdefgh' : 'hgfedcba';
    const ranks = white ? '87654321' : '12345678';
    return [...ranks].map((r) => [...files].map((f) => f + r));
  }

  pressSquare(square: string): void {
    this.ground.selectSquare(square as Key);
  }

  clearSelection(): void {
    this.ground.selectSquare(null);
  }

  squaresElement(): HTMLElement | null {
    return this.el.querySelector('cg-board');
  }

  private async afterMove(orig: Key, dest: Key): Promise<void> {
    const key = orig + dest;
    const promos = this.maps.promotions.get(key);
    if (!promos) {
      this.onMove(key);
      return;
    }
    const color = this.input?.mySeat === 1 ? 'black' : 'white';
    const pick = await this.choose(
      this.promoteTitle(),
      promos.map((p) => ({ value: p, label: PIECE_NAMES[p], cls: `${PIECE_NAMES[p]} ${color}` })),
    );
    if (pick) this.onMove(key + pick);
    else if (this.input) this.update(this.input, false); // put the pawn back
  }
}
