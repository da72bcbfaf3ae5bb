// The HTTP answers the replay and the series panel read (docs/protocol.md, "Game records"):
// a game's positions and a room's series. Checked at the edge like WebSocket messages:
// a malformed answer is null, unknown fields are ignored.

import type { Analysis, Clock } from './messages';
import { parseAnalysis } from './analysis';
// A game's result as the records API writes it ("kind", not the room's "result").
export interface GameResultKind {
  kind: 'win' | 'draw' | 'aborted' | string;
  winner?: 0 | 1 | null;
  reason: string;
}

// Dog-cat after the end: every hidden piece's true type, and for each seat the squares of
// the opponent's hidden pieces that seat still counted as possible kings.
export interface HiddenReveal {
  owner: 0 | 1;
  where: string; // a square ("3c") or "hand"
  type: string; // upper-case letter: K R B G S
  candidate: boolean; // still a king candidate in the opponent's eyes
}
export interface Reveal {
  hidden: HiddenReveal[];
  king_candidates_seen_by: [string[], string[]];
}

export interface PositionEntry {
  ply: number;
  seat?: 0 | 1;
  move?: string;
  display?: string;
  position: string;
  to_move: 0 | 1;
  in_check: boolean;
  reveal?: Reveal;
}

export interface PositionsAnswer {
  room: string;
  game_no: number;
  game: string;
  status: string;
  initial_position: string;
  positions: PositionEntry[];
  result: GameResultKind | null;
  analysis?: Analysis | null; // the computer's analysis of the game, when one is stored
}

export interface SeriesGame {
  game_no: number;
  game: string;
  players_by_seat: [string, string];
  seat_of_player?: [0 | 1, 0 | 1]; // each player's seat in this game (by player index)
  started_ms: number;
  finished_ms?: number | null;
  status: string;
  plies: number;
  result: GameResultKind | null;
  records: Record<string, string>;
  variant_name?: string;
}

export interface SeriesAnswer {
  room: string;
  score: [number, number];
  players: { player: 0 | 1; name: string }[];
  total_games: number;
  games: SeriesGame[];
  next: string | null;
  series_records?: { pgn?: string | null; zip?: string | null };
  invite?: RoomInvite;
}

// What the link's visitor is told before joining (the series route's `invite`).
export interface RoomInvite {
  game: string;
  clock: Clock | null;
  host: string;
  variant_name: string;
  handicap: string;
  seats_taken: number;
  spectators: boolean;
}

export function parseInvite(v: unknown): RoomInvite | null {
  if (!isObj(v) || !isStr(v.game) || !isNum(v.seats_taken)) return null;
  const c = v.clock;
  const clock = isObj(c) && (c.kind === 'none' || c.kind === 'fischer' || c.kind === 'byoyomi' || c.kind === 'correspondence') ? (c as unknown as Clock) : null;
  return {
    game: v.game, clock, host: isStr(v.host) ? v.host : '', variant_name: isStr(v.variant_name) ? v.variant_name : '',
    handicap: isStr(v.handicap) ? v.handicap : '', seats_taken: v.seats_taken, spectators: v.spectators !== false,
  };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isSeat = (v: unknown): v is 0 | 1 => v === 0 || v === 1;
const isStrs = (v: unknown): v is string[] => Array.isArray(v) && v.every(isStr);

function parseResult(v: unknown): GameResultKind | null {
  if (!isObj(v) || !isStr(v.kind) || !isStr(v.reason)) return null;
  return { kind: v.kind, winner: isSeat(v.winner) ? v.winner : null, reason: v.reason };
}

function parseReveal(v: unknown): Reveal | undefined {
  if (!isObj(v) || !Array.isArray(v.hidden)) return undefined;
  const seen = v.king_candidates_seen_by;
  if (!Array.isArray(seen) || seen.length !== 2 || !seen.every(isStrs)) return undefined;
  const hidden: HiddenReveal[] = [];
  for (const p of v.hidden) {
    if (!isObj(p) || !isSeat(p.owner) || !isStr(p.where) || !isStr(p.type)) return undefined;
    hidden.push({ owner: p.owner, where: p.where, type: p.type.toUpperCase(), candidate: p.candidate === true });
  }
  return { hidden, king_candidates_seen_by: [seen[0] as string[], seen[1] as string[]] };
}

function parseEntry(v: unknown): PositionEntry | null {
  if (!isObj(v) || !isNum(v.ply) || !isStr(v.position) || !isSeat(v.to_move)) return null;
  const e: PositionEntry = { ply: v.ply, position: v.position, to_move: v.to_move, in_check: v.in_check === true };
  if (isSeat(v.seat)) e.seat = v.seat;
  if (isStr(v.move)) e.move = v.move;
  if (isStr(v.display)) e.display = v.display;
  const reveal = parseReveal(v.reveal);
  if (reveal) e.reveal = reveal;
  return e;
}

export function parsePositions(v: unknown): PositionsAnswer | null {
  if (!isObj(v) || !isNum(v.game_no) || !isStr(v.game) || !Array.isArray(v.positions)) return null;
  const positions: PositionEntry[] = [];
  for (const p of v.positions) {
    const e = parseEntry(p);
    if (!e) return null;
    positions.push(e);
  }
  if (!positions.length) return null;
  return {
    room: isStr(v.room) ? v.room : '', game_no: v.game_no, game: v.game, status: isStr(v.status) ? v.status : '',
    initial_position: isStr(v.initial_position) ? v.initial_position : positions[0].position,
    positions, result: parseResult(v.result), analysis: parseAnalysis(v.analysis),
  };
}

function parseGame(v: unknown): SeriesGame | null {
  if (!isObj(v) || !isNum(v.game_no) || !isStr(v.game)) return null;
  const names = Array.isArray(v.players_by_seat) && v.players_by_seat.length === 2 ? v.players_by_seat.map((n) => (isStr(n) ? n : '')) : ['', ''];
  const records: Record<string, string> = {};
  if (isObj(v.records)) for (const [k, u] of Object.entries(v.records)) if (isStr(u)) records[k] = u;
  const g: SeriesGame = {
    game_no: v.game_no, game: v.game, players_by_seat: [names[0], names[1]],
    started_ms: isNum(v.started_ms) ? v.started_ms : 0, finished_ms: isNum(v.finished_ms) ? v.finished_ms : null,
    status: isStr(v.status) ? v.status : '', plies: isNum(v.plies) ? v.plies : 0, result: parseResult(v.result), records,
  };
  if (isStr(v.variant_name)) g.variant_name = v.variant_name;
  const sp = v.seat_of_player;
  if (Array.isArray(sp) && sp.length === 2 && sp.every(isSeat)) g.seat_of_player = [sp[0], sp[1]];
  return g;
}

export function parseSeries(v: unknown): SeriesAnswer | null {
  if (!isObj(v) || !Array.isArray(v.games)) return null;
  const games = v.games.map(parseGame);
  if (games.some((g) => g === null)) return null;
  const score = Array.isArray(v.score) && v.score.length === 2 && v.score.every(isNum) ? (v.score as [number, number]) : [0, 0] as [number, number];
  const players = Array.isArray(v.players) ? v.players.filter((p): p is Obj => isObj(p) && isSeat(p.player) && isStr(p.name)).map((p) => ({ player: p.player as 0 | 1, name: p.name as string })) : [];
  const a: SeriesAnswer = {
    room: isStr(v.room) ? v.room : '', score, players,
    total_games: isNum(v.total_games) ? v.total_games : games.length,
    games: games as SeriesGame[], next: isStr(v.next) ? v.next : null,
  };
  if (isObj(v.series_records)) {
    const sr = v.series_records;
    a.series_records = { pgn: isStr(sr.pgn) ? sr.pgn : null, zip: isStr(sr.zip) ? sr.zip : null };
  }
  const invite = parseInvite(v.invite);
  if (invite) a.invite = invite;
  return a;
}
