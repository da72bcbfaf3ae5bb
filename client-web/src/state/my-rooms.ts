// The "My rooms" list: every room whose seat token this browser keeps, as the server
// summarises it (POST /api/my-rooms, docs/protocol.md). Pure functions: the order of the
// list, the time left in words, the rooms hidden from it, and which rooms newly wait.
import type { KeyValueStore } from './session';

export interface MyRoom {
  room: string;
  game: string;
  variant?: string;
  player: 0 | 1;
  seat: number | null;
  name: string;
  opponent: string | null;
  score: [number, number];
  gameNo: number;
  status: 'waiting' | 'playing' | 'over';
  toMove: number | null;
  yourTurn: boolean;
  timeLeftMs: number | null;
  days: number | null; // a correspondence clock's days per move, else null
  lastMove: string | null;
  lastMoveMs: number | null;
  plies: number;
  receivedMs: number; // this browser's clock when the answer came
}

export interface MyRoomsAnswer {
  rooms: MyRoom[];
  unknown: string[];
}

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const str = (v: unknown): v is string => typeof v === 'string';
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

// The server's answer, or null when it is not one.
export function parseMyRooms(raw: unknown, receivedMs = Date.now()): MyRoomsAnswer | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  if (!Array.isArray(o.rooms) || !Array.isArray(o.unknown)) return null;
  const rooms: MyRoom[] = [];
  for (const r of o.rooms as Record<string, unknown>[]) {
    if (!r || !str(r.room) || !str(r.game) || (r.player !== 0 && r.player !== 1)) continue;
    const score = Array.isArray(r.score) && num(r.score[0]) && num(r.score[1]) ? [r.score[0], r.score[1]] as [number, number] : [0, 0] as [number, number];
    const status = r.status === 'playing' || r.status === 'over' ? r.status : 'waiting';
    rooms.push({
      room: r.room, game: r.game, variant: str(r.variant) ? r.variant : undefined,
      player: r.player, seat: num(r.seat) ? r.seat : null,
      name: str(r.name) ? r.name : '', opponent: str(r.opponent) ? r.opponent : null,
      score, gameNo: num(r.game_no) ? r.game_no : 0, status,
      toMove: num(r.to_move) ? r.to_move : null, yourTurn: r.your_turn === true,
      timeLeftMs: num(r.time_left_ms) ? r.time_left_ms : null,
      days: isObj(r.clock) && r.clock.kind === 'correspondence' && num(r.clock.days) ? r.clock.days : null,
      lastMove: str(r.last_move_display) ? r.last_move_display : str(r.last_move) ? r.last_move : null,
      lastMoveMs: num(r.last_move_ms) ? r.last_move_ms : null,
      plies: num(r.plies) ? r.plies : 0, receivedMs,
    });
  }
  return { rooms, unknown: (o.unknown as unknown[]).filter(str) };
}

// Rooms where it is your turn first; then games in play by the time left of the side to
// move (least first, no clock last); then the rest, the most recent move first.
export function sortMyRooms(rooms: readonly MyRoom[]): MyRoom[] {
  const rank = (r: MyRoom) => (r.yourTurn ? 0 : r.status === 'playing' ? 1 : r.status === 'waiting' ? 2 : 3);
  const left = (r: MyRoom) => r.timeLeftMs ?? Number.POSITIVE_INFINITY;
  return [...rooms].sort((a, b) => rank(a) - rank(b) || left(a) - left(b) ||
    (b.lastMoveMs ?? 0) - (a.lastMoveMs ?? 0) || a.room.localeCompare(b.room));
}

// The side to move's time left at `nowMs` (this browser's clock): the answer's, less the
// time since it came while the clock runs (from the second ply on); null without one.
export function timeLeftNow(r: MyRoom, nowMs: number): number | null {
  if (r.timeLeftMs === null || r.status !== 'playing') return null;
  return r.plies >= 2 ? Math.max(0, r.timeLeftMs - Math.max(0, nowMs - r.receivedMs)) : r.timeLeftMs;
}

// Time left in words: days and hours when long, else h:mm:ss or m:ss.
export function timeLeftParts(ms: number): { days: number; hours: number } | { clock: string } {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s >= 86400) return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600) };
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return { clock: h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}` };
}

// The rooms due a nudge: your turn now, not before (a room first seen is not news).
export function newlyYourTurn(before: readonly MyRoom[] | null, now: readonly MyRoom[]): MyRoom[] {
  if (!before) return [];
  const was = new Map(before.map((r) => [r.room, r]));
  return now.filter((r) => {
    const b = was.get(r.room);
    return r.yourTurn && !!b && (!b.yourTurn || b.plies !== r.plies || b.gameNo !== r.gameNo);
  });
}

// A correspondence game's reminder comes when the time left to move falls under a fifth of
// its days (at least an hour): 4 h 48 min of a day, 2 days 19 h of 14 days.
export function reminderAtMs(days: number): number {
  return Math.max(3_600_000, (days * 86_400_000) / 5);
}

// Correspondence rooms where it is your turn whose time left just fell under the reminder.
export function runningLow(before: readonly MyRoom[] | null, now: readonly MyRoom[]): MyRoom[] {
  if (!before) return [];
  const was = new Map(before.map((r) => [r.room, r]));
  return now.filter((r) => {
    const b = was.get(r.room);
    if (!r.yourTurn || r.days === null || r.timeLeftMs === null || !b || b.timeLeftMs === null) return false;
    const at = reminderAtMs(r.days);
    return r.timeLeftMs < at && (b.timeLeftMs >= at || b.plies !== r.plies);
  });
}

const HIDDEN_KEY = 'banmen.myrooms.hidden';

// The rooms hidden from the list (kept in the browser; the seat tokens stay).
export function hiddenRooms(store: KeyValueStore | null): Set<string> {
  try {
    const v: unknown = JSON.parse(store?.getItem(HIDDEN_KEY) ?? '[]');
    return new Set(Array.isArray(v) ? v.filter(str) : []);
  } catch {
    return new Set();
  }
}

export function setHidden(store: KeyValueStore | null, room: string, hidden: boolean): void {
  const set = hiddenRooms(store);
  if (hidden) set.add(room);
  else set.delete(room);
  store?.setItem(HIDDEN_KEY, JSON.stringify([...set]));
}
