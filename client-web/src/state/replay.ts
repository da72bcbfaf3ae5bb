// Looking back through a game: which position the viewer has chosen, and the positions the
// server gave (`GET /api/rooms/<room>/games/<n>/positions`, docs/protocol.md), extended by
// each move that arrives. Pure: no DOM, no fetch, so every rule here has a unit test.
//
// The cursor is `null` while the viewer follows the game ("live"); a number is the ply they
// look at (0: the start). A game of the series other than the current one is an "archive":
// it has no live position, so its cursor is always a number.
import type { GameResultKind, PositionsAnswer, PositionEntry } from '../protocol/positions';
import type { Analysis } from '../protocol/messages';

export interface ReplayState {
  gameNo: number; // the game these positions belong to
  archive: boolean; // another game of the series, opened from the series panel
  game: string; // its game id ("chess", "dogcat", ...)
  positions: PositionEntry[]; // index = ply
  over: boolean; // the game was finished when these positions were read
  result: GameResultKind | null;
  cursor: number | null;
  analysis: Analysis | null; // the computer's analysis read with the positions, if stored
}

// The server's answer, checked: entries in ply order from 0 without gaps (else null).
export function fromAnswer(a: PositionsAnswer, archive: boolean, cursor: number | null): ReplayState | null {
  if (!a.positions.every((p, i) => p.ply === i)) return null;
  const last = a.positions.length - 1;
  const c = cursor === null ? (archive ? last : null) : Math.max(0, Math.min(cursor, last));
  return { gameNo: a.game_no, archive, game: a.game, positions: a.positions, over: a.status === 'over', result: a.result ?? null, cursor: c, analysis: a.analysis ?? null };
}

// The last ply known (the live position of the current game).
export function lastPly(r: ReplayState): number {
  return r.positions.length - 1;
}

// Whether the board shows an earlier position than the game's own.
export function lookingBack(r: ReplayState): boolean {
  return r.cursor !== null;
}

// The ply the list and board should show; `livePly` is the game's own move count.
export function shownPly(r: ReplayState, livePly: number): number {
  return r.cursor ?? livePly;
}

// Moves the cursor to `ply`. Reaching the game's own position goes back to the game
// (live) unless this is an archive, whose last position is just its end.
export function goTo(r: ReplayState, ply: number, livePly: number): ReplayState {
  const end = r.archive ? lastPly(r) : livePly;
  const p = Math.max(0, Math.min(Math.trunc(ply), end));
  if (!r.archive && p === livePly) return { ...r, cursor: null };
  return { ...r, cursor: p };
}

// One of the navigation keys: ←/→ one move, Home the start, End the game's position.
export type NavKey = 'prev' | 'next' | 'start' | 'end';

export function navigate(r: ReplayState, key: NavKey, livePly: number): ReplayState {
  const at = shownPly(r, livePly);
  switch (key) {
    case 'prev':
      return goTo(r, at - 1, livePly);
    case 'next':
      return goTo(r, at + 1, livePly);
    case 'start':
      return goTo(r, 0, livePly);
    case 'end':
      return goTo(r, r.archive ? lastPly(r) : livePly, livePly);
  }
}

// A move arrived in the live game: if the known positions end just before it, they grow
// by one, and the cursor stays where the viewer put it. Anything that does not fit
// (a gap, another game) leaves the positions stale: null, read them again when needed.
export function withMove(r: ReplayState, gameNo: number, entry: PositionEntry): ReplayState | null {
  if (r.archive) return r;
  if (r.gameNo !== gameNo || r.positions.length !== entry.ply) return null;
  return { ...r, positions: [...r.positions, entry] };
}

// Whether the known positions cover the live game up to `livePly`.
export function covers(r: ReplayState, gameNo: number, livePly: number): boolean {
  return r.archive || (r.gameNo === gameNo && r.positions.length === livePly + 1);
}
