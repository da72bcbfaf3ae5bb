// Checks at the edge that a server message has the fields the client relies on, so the
// rest of the client can trust its types. Anything malformed is dropped (returns null).
import type { Conditionals, RoomEvent, Welcome, ErrorMsg } from './messages';
import { parseAnalysisStatus } from './analysis';

type Obj = Record<string, unknown>;

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isSeat = (v: unknown): boolean => v === 0 || v === 1;
const isSeatOrNull = (v: unknown): boolean => v === null || isSeat(v);
const isStrArray = (v: unknown): boolean => Array.isArray(v) && v.every(isStr);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function isClockState(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (!isObj(v)) return false;
  const r = v.remaining_ms, p = v.periods_left;
  return (
    isStr(v.kind) &&
    Array.isArray(r) && r.length === 2 && r.every(isNum) &&
    (p === undefined || (Array.isArray(p) && p.length === 2 && p.every(isNum))) &&
    isSeatOrNull(v.running ?? null) &&
    isNum(v.server_time_ms)
  );
}

function isMoves(v: unknown): boolean {
  return Array.isArray(v) && v.every((m) => isObj(m) && isStr(m.move) && isStr(m.display));
}

export function parseEvent(m: Obj): RoomEvent | null {
  if (!isNum(m.version)) return null;
  switch (m.type) {
    case 'snapshot':
      return isStr(m.room) && isObj(m.you) && isObj(m.options) && Array.isArray(m.players) &&
        isObj(m.game) && isStr(m.status) && isStr(m.position) && isMoves(m.moves) &&
        isStrArray(m.legal_moves) && isClockState(m.clock)
        ? (normaliseConditionals(normaliseAnalysis(normaliseReview(normaliseImpasse(normaliseClock(m))))) as unknown as RoomEvent)
        : null;
    case 'move':
      return isNum(m.ply) && isSeat(m.seat) && isStr(m.move) && isStr(m.display) &&
        isStr(m.position) && isSeat(m.to_move) && isStrArray(m.legal_moves) && isClockState(m.clock)
        ? (normaliseImpasse(normaliseClock(m)) as unknown as RoomEvent)
        : null;
    case 'game_over':
      return isStr(m.result) && isStr(m.reason) && isSeatOrNull(m.winner ?? null) && isStr(m.position) &&
        isMoves(m.moves) && isClockState(m.clock)
        ? (normaliseClock(m) as unknown as RoomEvent)
        : null;
    case 'offer':
      return isStr(m.kind) && isSeat(m.seat) && isStr(m.state) ? (m as unknown as RoomEvent) : null;
    case 'presence':
      return isSeatOrNull(m.player ?? null) ? (m as unknown as RoomEvent) : null;
    case 'options':
      return isObj(m.options) ? (m as unknown as RoomEvent) : null;
    case 'chat':
      return isStr(m.text) && isStr(m.from) ? (m as unknown as RoomEvent) : null;
    case 'review':
      return isReview(m) ? (m as unknown as RoomEvent) : null;
    default:
      return null;
  }
}

function normaliseClock(m: Obj): Obj {
  const c = m.clock;
  if (isObj(c)) {
    if (!Array.isArray(c.periods_left)) c.periods_left = [0, 0];
    if (c.running === undefined) c.running = null;
    // Extra information: a malformed countdown is dropped, not the event.
    const f = c.first_move;
    if (!(isObj(f) && isSeat(f.seat) && isNum(f.deadline_ms))) c.first_move = null;
  } else {
    m.clock = null;
  }
  return m;
}

// The impasse count is extra information: a malformed one is dropped, not the event.
function normaliseImpasse(m: Obj): Obj {
  const side = (v: unknown) =>
    isObj(v) && typeof v.king_in_camp === 'boolean' && isNum(v.pieces) && isNum(v.points) && isNum(v.needed);
  const i = m.impasse;
  if (i !== undefined && !(isObj(i) && side(i.black) && side(i.white))) delete m.impasse;
  return m;
}

// A review event: closed, or open with a whole tree whose links stay inside it.
function isReview(m: Obj): boolean {
  if (typeof m.open !== 'boolean' || !isNum(m.game_no)) return false;
  if (!m.open) return true;
  if (m.nodes === undefined && isNum(m.base)) return isReviewChange(m);
  const nodes = m.nodes;
  if (!Array.isArray(nodes) || nodes.length === 0) return false;
  const inTree = (v: unknown) => isNum(v) && v >= 0 && v < nodes.length;
  return (
    nodes.every((n, i) => isObj(n) && n.id === i && inTree(n.parent) && isStr(n.move) && isStr(n.display) &&
      Array.isArray(n.children) && n.children.every(inTree)) &&
    inTree(m.current) && isStr(m.position) && isSeat(m.to_move) && isStrArray(m.legal_moves) &&
    Array.isArray(m.shapes) && m.shapes.every((s) => isObj(s) && isStr(s.orig) && isStr(s.brush)) &&
    (m.imported === undefined || (isObj(m.imported) && isStr(m.imported.game) && isStr(m.imported.name) && isStr(m.imported.format)))
  );
}

// A change of the review: each field it carries well-formed (the tree it applies to is
// checked when it is applied).
function isReviewChange(m: Obj): boolean {
  const added = m.added ?? [];
  const here = m.current === undefined ||
    (isNum(m.current) && isStr(m.position) && isSeat(m.to_move) && isStrArray(m.legal_moves));
  return (
    Array.isArray(added) &&
    added.every((n) => isObj(n) && isNum(n.id) && isNum(n.parent) && isStr(n.move) && isStr(n.display)) &&
    here &&
    (m.shapes === undefined ||
      (Array.isArray(m.shapes) && m.shapes.every((s) => isObj(s) && isStr(s.orig) && isStr(s.brush))))
  );
}

// A snapshot's review is extra: a malformed one is dropped, not the snapshot.
function normaliseReview(m: Obj): Obj {
  if (!isObj(m.review) || !isReview(m.review)) m.review = null;
  return m;
}

// A player's conditional moves (a snapshot's, or their own message), or null if malformed.
export function parseConditionals(m: unknown): Conditionals | null {
  if (!isObj(m) || !isNum(m.ply) || !Array.isArray(m.lines)) return null;
  if (!m.lines.every((line) => isStrArray(line))) return null;
  return { ply: m.ply, lines: m.lines as string[][] };
}

function normaliseConditionals(m: Obj): Obj {
  m.conditionals = m.conditionals === undefined ? null : parseConditionals(m.conditionals);
  return m;
}

// A snapshot's analysis is extra: a malformed one is dropped, not the snapshot.
function normaliseAnalysis(m: Obj): Obj {
  m.analysis = m.analysis === undefined || m.analysis === null ? null : parseAnalysisStatus(m.analysis);
  return m;
}

export function parseWelcome(m: Obj): Welcome | null {
  return m.type === 'welcome' && isStr(m.server) && isNum(m.protocol)
    ? ({ ...m, games: Array.isArray(m.games) ? m.games : [] } as unknown as Welcome)
    : null;
}

export function parseError(m: Obj): ErrorMsg | null {
  return m.type === 'error' && isStr(m.code)
    ? ({ ...m, message: isStr(m.message) ? m.message : m.code } as unknown as ErrorMsg)
    : null;
}
