// The analysis of a whole game as the server sends it (the `analysis` event, the
// snapshot's `analysis`, the positions route's `analysis`), checked at the edge: a
// malformed analysis is dropped whole (null), never drawn half; unknown fields are ignored.
import type { Analysis, AnalysisEvent, AnalysisMove, AnalysisPosition, AnalysisStatus, AnalysisSummary, MoveClass } from './messages';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isSeat = (v: unknown): v is 0 | 1 => v === 0 || v === 1;
const CLASSES: readonly string[] = ['inaccuracy', 'mistake', 'blunder'];
const STATES: readonly string[] = ['queued', 'running', 'done', 'failed', 'none'];
// More than any game the server keeps (its records hold a few thousand plies at most).
const MAX_PLIES = 10_000;
const MAX_LINE = 8;

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));

function position(v: unknown, ply: number): AnalysisPosition | null {
  if (!isObj(v) || v.ply !== ply || !isNum(v.eval) || !isNum(v.win)) return null;
  const line = Array.isArray(v.line) ? v.line.filter(isStr).slice(0, MAX_LINE) : [];
  return {
    ply, eval: v.eval, mate: isNum(v.mate) ? v.mate : null, win: clamp01(v.win),
    best: isStr(v.best) && v.best ? v.best : null,
    best_display: isStr(v.best_display) && v.best_display ? v.best_display : isStr(v.best) && v.best ? v.best : null,
    line,
  };
}

function move(v: unknown, ply: number): AnalysisMove | null {
  if (!isObj(v) || v.ply !== ply || !isSeat(v.side) || !isStr(v.move) || !isNum(v.loss)) return null;
  const c = isStr(v.class) && CLASSES.includes(v.class) ? (v.class as MoveClass) : null;
  return { ply, side: v.side, move: v.move, display: isStr(v.display) && v.display ? v.display : v.move, loss: clamp01(v.loss), class: c };
}

function summary(v: unknown): AnalysisSummary | null {
  if (!isObj(v) || !isSeat(v.side)) return null;
  const n = (x: unknown) => (isNum(x) && x >= 0 ? x : 0);
  return { side: v.side, inaccuracy: n(v.inaccuracy), mistake: n(v.mistake), blunder: n(v.blunder), average_loss: n(v.average_loss) };
}

// The analysis object: one position per ply from 0, one move between each two.
export function parseAnalysis(v: unknown): Analysis | null {
  if (!isObj(v) || !Array.isArray(v.positions) || !Array.isArray(v.moves)) return null;
  if (v.positions.length === 0 || v.positions.length > MAX_PLIES + 1) return null;
  if (v.moves.length !== v.positions.length - 1) return null;
  const positions = v.positions.map(position);
  const moves = v.moves.map((m, i) => move(m, i + 1));
  if (positions.some((p) => !p) || moves.some((m) => !m)) return null;
  const sums = Array.isArray(v.summary) ? v.summary.map(summary).filter((s): s is AnalysisSummary => !!s) : [];
  return {
    level: isNum(v.level) ? v.level : 0, family: isStr(v.family) ? v.family : '',
    positions: positions as AnalysisPosition[], moves: moves as AnalysisMove[], summary: sums,
  };
}

// The event's body (or the snapshot's field): where the analysis of one game stands.
export function parseAnalysisStatus(v: unknown): AnalysisStatus | null {
  if (!isObj(v) || !isNum(v.game_no) || v.game_no < 0 || !isStr(v.state) || !STATES.includes(v.state)) return null;
  const state = v.state as AnalysisStatus['state'];
  const analysis = state === 'done' ? parseAnalysis(v.analysis) : null;
  if (state === 'done' && !analysis) return null;
  const total = isNum(v.total) && v.total >= 0 ? v.total : 0;
  const done = isNum(v.done) && v.done >= 0 ? Math.min(v.done, total) : 0;
  const s: AnalysisStatus = { game_no: v.game_no, state, done, total, analysis };
  if (state === 'failed') s.reason = isStr(v.reason) ? v.reason : '';
  return s;
}

// The `analysis` event: the status, and the room's version when the server gives one.
export function parseAnalysisEvent(v: unknown): AnalysisEvent | null {
  const s = parseAnalysisStatus(v);
  if (!s) return null;
  const e: AnalysisEvent = { type: 'analysis', ...s };
  if (isObj(v) && isNum(v.version)) e.version = v.version;
  return e;
}
