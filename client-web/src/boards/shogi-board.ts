// Shogi, minishogi, dog-cat and hasami on shogiground. Positions arrive as text and are
// redrawn whole; moves leave as USI strings checked against the server's legal list.
import { Shogiground } from 'shogiground';
import type { Api } from 'shogiground/api';
import type { Config } from 'shogiground/config';
import type { Key, Piece } from 'shogiground/types';
import type { BoardInput, BoardView, MoveHandler } from './board';
import type { KeyboardBoard } from './square-keys';
import type { ReviewShape } from '../protocol/messages';
import { fromDrawn, sameShapes, toShogiground } from './review-shapes';
import type { DrawShape } from 'shogiground/draw';
import type { HintShape } from '../state/review';
import { parseShogiPosition, type Color } from './shogi-position';
import { boardSfen, handsSfen, fromForsyth, toForsyth, handRoles } from './shogi-tokens';
import { gameMeta } from '../games/catalog';
import { premoveDests, predropDests } from './shogi-premove';
import { moveMaps, boardMoveUsi, dropUsi, moveSquares, promotedRole, PROMOTES, type ShogiMoveMaps } from './shogi-moves';

const UNPROMOTES: Record<string, string> = Object.fromEntries(Object.entries(PROMOTES).map(([a, b]) => [b, a]));

const seatColor = (seat: 0 | 1): Color => (seat === 0 ? 'sente' : 'gote');

const RANK_LETTERS = 'abcdefghi';

// Drops shogiground's remembered rectangles of the board and the hand pieces.
function forgetBounds(ground: Api): void {
  const bounds = ground.state.dom.bounds;
  bounds.board.bounds.clear();
  bounds.hands.bounds.clear();
  bounds.hands.pieceBounds.clear();
}

export class ShogiBoard implements BoardView, KeyboardBoard {
  private ground: Api;
  private maps: ShogiMoveMaps = moveMaps([], 'sente');
  private readonly files: number;
  private readonly ranks: number;
  private readonly hasCheck: boolean;

  constructor(
    private readonly el: HTMLElement,
    handTop: HTMLElement,
    handBottom: HTMLElement,
    gameId: string,
    private readonly onMove: MoveHandler,
    spectator: boolean,
    // Asked when a keyboard move may promote or not (a pointer gets shogiground's dialog).
    private readonly askPromotion: () => Promise<boolean | null>,
  ) {
    const meta = gameMeta(gameId);
    this.files = meta?.files ?? 9;
    this.ranks = meta?.ranks ?? 9;
    this.hasCheck = meta?.hasCheck ?? true;
    el.classList.add('shogi-board', `game-${gameId}`);
    const config: Config = {
      sfen: { board: Array(this.ranks).fill(String(this.files)).join('/'), hands: '-' },
      coordinates: { enabled: true, files: 'numeric', ranks: 'japanese' },
      scaleDownPieces: false,
      hands: { inlined: false, roles: handRoles(gameId, spectator) },
      forsyth: { toForsyth, fromForsyth },
      movable: { free: false, showDests: true, events: { after: (o, d, p) => this.afterMove(o, d, p) } },
      droppable: { free: false, showDests: true, events: { after: (pc, k) => this.afterDrop(pc, k) } },
      premovable: {
        enabled: false, showDests: true,
        generate: (key, pieces) => premoveDests(key, pieces, this.files, this.ranks, gameMeta(gameId)?.rookMovesOnly === true) as Key[],
      },
      predroppable: {
        enabled: false, showDests: true,
        generate: (piece, pieces) => predropDests(piece.color, pieces, this.files, this.ranks) as Key[],
      },
      draggable: { enabled: true, showGhost: true, showTouchSquareOverlay: true },
      highlight: { lastDests: true, check: true },
      animation: { enabled: true, hands: true, duration: 220 },
      drawable: { enabled: true, visible: true },
      promotion: {
        promotesTo: (r) => promotedRole(r),
        unpromotesTo: (r) => UNPROMOTES[r] ?? (r.startsWith('hidden-') ? undefined : r),
        movePromotionDialog: (o, d) => this.maps.promoOptional.has(o + d),
        forceMovePromotion: (o, d) => this.maps.promoForced.has(o + d),
      },
    };
    this.ground = Shogiground(config, { board: el, hands: { top: handTop, bottom: handBottom } });
    // shogiground measures the board and each hand piece once and keeps the rectangles
    // until a resize or a scroll. A hand type running out hides its slot and moves the
    // others without resizing anything, and a line of text above the board can move the
    // board: a touch then lands on the piece or square that used to be there. So every
    // touch measures anew (a few rectangles per press), before shogiground reads them.
    const measureAnew = (): void => forgetBounds(this.ground);
    for (const target of [el, handTop, handBottom]) {
      target.addEventListener('mousedown', measureAnew, { capture: true });
      target.addEventListener('touchstart', measureAnew, { capture: true, passive: true });
    }
  }

  update(input: BoardInput, animate: boolean): void {
    const pos = parseShogiPosition(input.position, this.files, this.ranks);
    if (!pos) return;
    const mine = input.mySeat === null ? undefined : seatColor(input.mySeat);
    const myTurn = input.mySeat !== null && input.toMove === input.mySeat && input.legalMoves.length > 0;
    const premoving = input.premove && input.mySeat !== null && !myTurn;
    this.maps = moveMaps(myTurn ? input.legalMoves : [], seatColor(input.toMove));
    const lastDests = (input.lastMove ? moveSquares(input.lastMove) : []) as Key[];
    this.ground.set(
      {
        sfen: { board: boardSfen(pos), hands: handsSfen(pos) },
        orientation: seatColor(input.bottomSeat),
        turnColor: seatColor(input.toMove),
        activeColor: myTurn || premoving ? mine : undefined,
        premovable: { enabled: input.premove },
        predroppable: { enabled: input.premove },
        checks: input.inCheck && this.hasCheck,
        lastDests,
        movable: { dests: this.maps.dests as Map<Key, Key[]> },
        droppable: { dests: this.maps.dropDests as Map<`${Color} ${string}`, Key[]> },
      },
      !animate,
    );
    forgetBounds(this.ground); // the hands may have gained or lost a type
    this.el.classList.toggle('my-turn', myTurn);
    // The turn has come: a queued premove or predrop is played now if legal (else dropped).
    const st = this.ground.state;
    if (myTurn && st.premovable.current) queueMicrotask(() => this.ground.playPremove());
    if (myTurn && st.predroppable.current) queueMicrotask(() => this.ground.playPredrop());
  }

  setShapes(shapes: readonly ReviewShape[], onDraw: ((shapes: ReviewShape[]) => void) | null): void {
    const drawn = fromDrawn(this.ground.state.drawable.shapes, true);
    if (!sameShapes(drawn, shapes)) this.ground.setShapes(toShogiground(shapes) as DrawShape[]);
    this.ground.set({ drawable: { onChange: onDraw ? (all) => onDraw(fromDrawn(all, true)) : undefined } });
  }

  setHint(hint: HintShape | null): void {
    // shogiground's auto shapes, with a brush of their own (coloured in review.css).
    this.ground.setAutoShapes(hint ? [{ orig: hint.orig as Key, dest: (hint.dest ?? hint.orig) as Key, brush: 'hint' }] : []);
  }

  cancelPremove(): boolean {
    const st = this.ground.state;
    const had = !!st.premovable.current || !!st.predroppable.current;
    this.ground.cancelPremove();
    this.ground.cancelPredrop();
    return had;
  }

  destroy(): void {
    this.ground.destroy();
  }

  squareRows(): string[][] {
    const sente = this.ground.state.orientation === 'sente';
    const rows: string[][] = [];
    for (let i = 0; i < this.ranks; i++) {
      const rank = RANK_LETTERS[sente ? i : this.ranks - 1 - i];
      const row: string[] = [];
      for (let j = 0; j < this.files; j++) row.push(`${sente ? this.files - j : j + 1}${rank}`);
      rows.push(row);
    }
    return rows;
  }

  pressSquare(square: string): void {
    const from = this.ground.state.selected;
    if (!from || !this.maps.promoOptional.has(from + square)) {
      this.ground.selectSquare(square as Key);
      return;
    }
    void this.askPromotion().then((promote) => {
      if (this.ground.state.selected !== from) return; // the board moved on meanwhile
      if (promote === null) this.ground.selectSquare(null);
      else this.ground.selectSquare(square as Key, promote);
    });
  }

  clearSelection(): void {
    this.ground.selectSquare(null);
  }

  squaresElement(): HTMLElement | null {
    return this.el.querySelector('sg-squares');
  }

  private afterMove(orig: Key, dest: Key, prom: boolean): void {
    this.onMove(boardMoveUsi(orig, dest, prom));
  }

  private afterDrop(piece: Piece, key: Key): void {
    const usi = dropUsi(piece, key);
    if (usi) this.onMove(usi);
  }
}
