// What the room view needs from any board: draw a position, take moves from the player.
// Each game family has its own adapter (shogiground, chessground, the reversi board).
export interface BoardInput {
  gameId: string;
  position: string; // in the game's notation, as this viewer may see it
  lastMove: string | undefined; // protocol notation
  legalMoves: readonly string[]; // non-empty only when this client may move now
  toMove: 0 | 1;
  mySeat: 0 | 1 | null; // null for spectators
  bottomSeat: 0 | 1; // the seat drawn at the bottom
  inCheck: boolean;
  over: boolean;
  // Premoves allowed (the setting is on and this client plays): one move may be queued
  // during the opponent's turn and is played when the turn comes, if legal then.
  premove: boolean;
}

import type { HintShape } from '../state/review';
import type { ReviewShape } from '../protocol/messages';

export interface BoardView {
  // Draws `input`; `animate` is false for a snapshot (reconnect, takeback, new game).
  update(input: BoardInput, animate: boolean): void;
  // Drops a queued premove; true if there was one.
  cancelPremove(): boolean;
  destroy(): void;
  // The review's arrows and circles (boards that draw them): shown as given; `onDraw`, when
  // set, receives the whole new set each time this user draws or erases one.
  setShapes?(shapes: readonly ReviewShape[], onDraw: ((shapes: ReviewShape[]) => void) | null): void;
  // The engine's hint on the review board (state/review.ts, hintShape): drawn for this user
  // only, in its own colour, beside the shared shapes and never part of them; null clears it.
  setHint?(hint: HintShape | null): void;
}

export type MoveHandler = (move: string) => void;

// Asks the player to pick one of `choices`; resolves to null when cancelled.
// `cls`: chessground piece classes to draw; `icon`: a picture of the choice's own.
export type Chooser = (title: string, choices: { value: string; label: string; cls?: string; icon?: Node }[]) => Promise<string | null>;
