// The room as this client knows it, and how each server event changes it. Pure: no DOM,
// no socket, so every rule here has a unit test. The server is the truth: a snapshot
// replaces everything, events only move forward, and anything that does not fit asks
// for a resync (re-join with the token and the last version).
import type {
  AnalysisStatus,
  ChatLine,
  ClockState,
  Conditionals,
  GameInfoMsg,
  GameResult,
  ImpasseCounts,
  MoveEntry,
  Offers,
  PlayerInfo,
  RoomEvent,
  RoomOptions,
  Snapshot,
} from '../protocol/messages';
import { applyReviewEvent, reviewFromEvent, type Review } from './review';
import { withAnalysis, type Analyses } from './analysis';

export interface RoomState {
  room: string;
  version: number;
  role: 'player' | 'spectator';
  player: 0 | 1 | null;
  seat: 0 | 1 | null; // this client's seat in the current game
  host: 0 | 1;
  options: RoomOptions;
  players: PlayerInfo[];
  spectators: number;
  score: [number, number];
  gameNo: number;
  game: GameInfoMsg;
  status: 'waiting' | 'playing' | 'over';
  adjourned: boolean; // the game waits for both players (no moves, clocks stopped)
  initialPosition: string;
  position: string;
  moves: MoveEntry[];
  toMove: 0 | 1;
  inCheck: boolean;
  legalMoves: string[];
  clock: ClockState | null;
  clockReceivedAt: number; // local ms when `clock` arrived
  offers: Offers;
  result: GameResult | null;
  chat: ChatLine[];
  impasse: ImpasseCounts | null; // both sides' impasse count (9x9 shogi), else null
  review: Review | null; // the open review (感想戦) of the finished game, else null
  // The computer's analyses known in this room, by game_no (state/analysis.ts).
  analyses?: Analyses;
  // This player's own conditional moves (correspondence games), else null.
  conditionals?: Conditionals | null;
  // What the view should announce (sound, animation) for the last change.
  lastChange: 'snapshot' | 'move' | 'game_over' | 'other';
}

export interface Applied {
  state: RoomState | null;
  resync: boolean;
  // The resync needs a whole snapshot: catching up on events would not mend the state.
  snapshot?: boolean;
}

const MAX_CHAT = 100;

export function fromSnapshot(s: Snapshot, now: number): RoomState {
  const seat = s.you.role === 'player' ? (s.you.seat ?? null) : null;
  return {
    room: s.room,
    version: s.version,
    role: s.you.role,
    player: s.you.role === 'player' ? (s.you.player ?? null) : null,
    seat,
    host: s.host,
    options: s.options,
    players: s.players,
    spectators: s.spectators ?? 0,
    score: s.score ?? [0, 0],
    gameNo: s.game_no ?? 1,
    game: s.game,
    status: s.status,
    adjourned: s.status === 'playing' && s.adjourned === true,
    initialPosition: s.initial_position,
    position: s.position,
    moves: s.moves,
    toMove: s.to_move,
    inCheck: !!s.in_check,
    legalMoves: s.legal_moves,
    clock: s.clock,
    clockReceivedAt: now,
    offers: s.offers ?? { draw: null, takeback: null, rematch: null, computer: null },
    result: s.result,
    chat: (s.chat ?? []).slice(-MAX_CHAT),
    impasse: s.impasse ?? null,
    review: reviewFromEvent(s.review),
    analyses: s.analysis ? withAnalysis({}, s.analysis) : {},
    conditionals: s.conditionals ?? null,
    lastChange: 'snapshot',
  };
}

// Applies one event. `now` is the local time in ms (for clocks).
export function applyEvent(state: RoomState | null, ev: RoomEvent, now: number): Applied {
  if (ev.type === 'snapshot') return { state: fromSnapshot(ev, now), resync: false };
  if (!state) return { state, resync: true };
  if (ev.version <= state.version) return { state, resync: false }; // already seen (replay)
  const next: RoomState = { ...state, version: ev.version, lastChange: 'other' };
  switch (ev.type) {
    case 'move': {
      if (ev.ply !== state.moves.length + 1) return { state, resync: true };
      next.moves = [...state.moves, { move: ev.move, display: ev.display }];
      next.position = ev.position;
      next.toMove = ev.to_move;
      next.inCheck = !!ev.in_check;
      next.legalMoves = ev.legal_moves;
      next.clock = ev.clock;
      next.clockReceivedAt = now;
      next.impasse = ev.impasse ?? null;
      next.status = 'playing';
      next.lastChange = 'move';
      return { state: next, resync: false };
    }
    case 'game_over': {
      next.status = 'over';
      next.result = { result: ev.result, winner: ev.winner ?? null, winner_side: ev.winner_side, reason: ev.reason };
      next.position = ev.position;
      next.moves = ev.moves;
      next.legalMoves = [];
      next.inCheck = false;
      if (ev.clock) next.clock = ev.clock;
      else if (state.clock) next.clock = { ...state.clock, running: null };
      next.clockReceivedAt = now;
      next.score = ev.score ?? state.score;
      next.offers = { draw: null, takeback: null, rematch: null, computer: null };
      next.lastChange = 'game_over';
      return { state: next, resync: false };
    }
    case 'offer': {
      if (ev.kind === 'computer')
        next.offers = { ...state.offers, computer: ev.state === 'made' ? { seat: ev.seat, level: ev.level ?? 1 } : null };
      else next.offers = { ...state.offers, [ev.kind]: ev.state === 'made' ? ev.seat : null };
      return { state: next, resync: false };
    }
    case 'presence': {
      if (typeof ev.spectators === 'number') next.spectators = ev.spectators;
      if (ev.player === 0 || ev.player === 1) {
        const players = state.players.slice();
        const old = players[ev.player];
        const seat = ev.seat ?? old?.seat ?? ev.player;
        const p: PlayerInfo = {
          name: ev.name ?? old?.name ?? '',
          connected: ev.connected ?? old?.connected ?? true,
          seat,
        };
        if (ev.computer) p.computer = ev.computer;
        if (!p.connected) {
          if (ev.gone_since_ms !== undefined) p.gone_since_ms = ev.gone_since_ms;
          if (ev.claim_at_ms !== undefined) p.claim_at_ms = ev.claim_at_ms;
        }
        players[ev.player] = p;
        next.players = players;
        // A second player arriving starts the game: the server follows with a snapshot
        // if the position changed, so only the status is updated here.
        if (state.status === 'waiting' && players.length === 2 && players.every(Boolean)) next.status = 'playing';
      }
      return { state: next, resync: false };
    }
    case 'options':
      next.options = ev.options;
      next.offers = { ...state.offers, rematch: null };
      return { state: next, resync: false };
    case 'chat':
      next.chat = [...state.chat, { from: ev.from, player: ev.player, channel: ev.channel, text: ev.text, time_ms: ev.time_ms }].slice(-MAX_CHAT);
      return { state: next, resync: false };
    case 'review': {
      const r = applyReviewEvent(state.review, ev);
      if (r.resync) return { state, resync: true, snapshot: true };
      next.review = r.review;
      return { state: next, resync: false };
    }
  }
}

// An `analysis` event: it changes nothing of the game, so it applies to whatever state is
// held, in any order; when the server numbers it among the room's events, the state's
// version follows (the next request carries it). Replayed after a reconnect, it applies
// again harmlessly. A snapshot after it keeps the analyses of the other games.
export function applyAnalysis(state: RoomState | null, s: AnalysisStatus & { version?: number }): RoomState | null {
  if (!state) return state;
  const { version, ...status } = s;
  const next: RoomState = { ...state, analyses: withAnalysis(state.analyses, status), lastChange: 'other' };
  if (typeof version === 'number' && version > state.version) next.version = version;
  return next;
}

export function applyConditionals(state: RoomState | null, c: Conditionals): RoomState | null {
  if (!state) return state;
  return { ...state, conditionals: c.lines.length > 0 ? c : null, lastChange: 'other' };
}

export function keepAnalyses(prev: RoomState | null, next: RoomState): RoomState {
  if (!prev || prev.room !== next.room || !prev.analyses) return next;
  return { ...next, analyses: { ...prev.analyses, ...next.analyses } };
}

// --- Questions the view asks ------------------------------------------------------------

export function isMyTurn(s: RoomState): boolean {
  return s.status === 'playing' && !s.adjourned && s.seat !== null && s.toMove === s.seat && s.legalMoves.length > 0;
}

// The seat shown at the bottom of the board: mine, or seat 0 for spectators.
export function bottomSeat(s: RoomState): 0 | 1 {
  return s.seat ?? 0;
}

export function lastMove(s: RoomState): string | undefined {
  return s.moves.length ? s.moves[s.moves.length - 1].move : undefined;
}

export function playerOnSeat(s: RoomState, seat: 0 | 1): { index: number; info: PlayerInfo } | undefined {
  const index = s.players.findIndex((p) => p && p.seat === seat);
  return index >= 0 ? { index, info: s.players[index] } : undefined;
}

export function canAbort(s: RoomState): boolean {
  return s.role === 'player' && s.status === 'playing' && s.moves.length < 2;
}

export function canTakeback(s: RoomState): boolean {
  if (s.role !== 'player' || s.status !== 'playing' || !s.options.takebacks || s.seat === null) return false;
  // The requester needs a move of its own on the board: the last one if the opponent is to
  // move, else the one before (whoever moved first: seat 1 in a handicap game).
  return s.moves.length >= (s.toMove === s.seat ? 2 : 1);
}
