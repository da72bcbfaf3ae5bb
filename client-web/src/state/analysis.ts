// The computer's analysis of whole games as the room page shows it: where each game's
// analysis stands, the evaluation graph's geometry (and which ply a click on it means),
// the marks of the move list and the words of an evaluation. Pure, so each rule has a test.
import type { Analysis, AnalysisPosition, AnalysisStatus, MoveClass } from '../protocol/messages';
import type { Review } from './review';

// Each game's analysis by game_no (0: the record brought into the room).
export type Analyses = Record<number, AnalysisStatus>;

// The analyses after an `analysis` event (or a snapshot's): the newest word on a game wins,
// except that a stored result is not replaced by a late progress report of the same run.
export function withAnalysis(all: Analyses | undefined, s: AnalysisStatus): Analyses {
  // `none`: the game's analysis is gone (game 0 when another record was brought in).
  if (s.state === 'none') {
    const rest = { ...(all ?? {}) };
    delete rest[s.game_no];
    return rest;
  }
  const old = all?.[s.game_no];
  if (old?.state === 'done' && (s.state === 'queued' || s.state === 'running')) return all ?? {};
  return { ...(all ?? {}), [s.game_no]: s };
}

// The status of a game whose analysis came with its positions (the replay's read): the
// same object for the same analysis, so the panel sees nothing new to draw.
const statusOf = new WeakMap<Analysis, AnalysisStatus>();
export function doneStatus(gameNo: number, a: Analysis): AnalysisStatus {
  let s = statusOf.get(a);
  if (!s || s.game_no !== gameNo) {
    s = { game_no: gameNo, state: 'done', done: a.positions.length, total: a.positions.length, analysis: a };
    statusOf.set(a, s);
  }
  return s;
}

// --- The graph ---------------------------------------------------------------------------
// x: the ply, from 0 at the left edge to the last at the right; y: the first player's
// winning chance, 1 at the top, 0 at the bottom, so a big evaluation does not flatten the rest.
export interface GraphBox {
  width: number;
  height: number;
}

export function graphX(ply: number, plies: number, box: GraphBox): number {
  return plies <= 0 ? box.width / 2 : (ply / plies) * box.width;
}

export function graphY(win: number, box: GraphBox): number {
  return (1 - Math.max(0, Math.min(1, win))) * box.height;
}

// The ply a point at `x` (0..width, from the graph's left edge) stands for: the nearest.
export function plyAtX(x: number, width: number, plies: number): number {
  if (plies <= 0 || width <= 0) return 0;
  return Math.max(0, Math.min(plies, Math.round((x / width) * plies)));
}

// The curve through every position, and the area under it down to the bottom edge (the
// first player's share, filled).
export function graphPaths(positions: AnalysisPosition[], box: GraphBox): { line: string; area: string } {
  const n = positions.length - 1;
  const pts = n <= 0
    ? [0, box.width].map((x) => `${x},${round(graphY(positions[0].win, box))}`) // a game without moves: level across
    : positions.map((p) => `${round(graphX(p.ply, n, box))},${round(graphY(p.win, box))}`);
  const line = `M${pts.join(' L')}`;
  const area = `M0,${box.height} L${pts.join(' L')} L${n <= 0 ? box.width : round(graphX(n, n, box))},${box.height} Z`;
  return { line, area };
}

const round = (x: number) => Math.round(x * 100) / 100;

// --- Marks -----------------------------------------------------------------------------
export const CLASS_MARK: Record<MoveClass, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

// Each move's class for a list of `count` moves, when the analysis is of those moves.
export function moveMarks(a: Analysis | null | undefined, count: number): (MoveClass | null)[] | null {
  if (!a || a.moves.length !== count) return null;
  return a.moves.map((m) => m.class);
}

// The analysis's marks on the review's nodes: along the main line, as long as its moves are
// the analysed game's (a node id -> its class).
export function reviewMarks(r: Review, a: Analysis | null | undefined): Map<number, MoveClass> {
  const marks = new Map<number, MoveClass>();
  if (!a) return marks;
  const line = mainLine(r);
  for (let ply = 1; ply < line.length && ply <= a.moves.length; ply++) {
    const m = a.moves[ply - 1];
    if (r.nodes[line[ply]].move !== m.move) break;
    if (m.class) marks.set(line[ply], m.class);
  }
  return marks;
}

// The review's main line: the node at each ply (index 0: the start).
export function mainLine(r: Review): number[] {
  const ids = [0];
  for (let id = 0; r.nodes[id]?.children.length && ids.length <= r.nodes.length; ) {
    id = r.nodes[id].children[0];
    ids.push(id);
  }
  return ids;
}

// The ply of the review's current node when it is on the main line, else null.
export function reviewMainPly(r: Review): number | null {
  const i = mainLine(r).indexOf(r.current);
  return i >= 0 ? i : null;
}

// --- Words -----------------------------------------------------------------------------
// An evaluation as people read it, from the first player's view: "+0.35" pawns (chess and
// its variants), "+230" (shogi's and the other games' own units), "#3" / "#-3" a forced end
// (in moves of the winner for chess, as chess players count; in plies elsewhere, as a
// shogi problem's length is counted).
export function evalText(p: AnalysisPosition, family: string): string {
  const chess = family === 'chess' || family === 'fairy';
  if (p.mate !== null) return `#${p.mate < 0 ? '-' : ''}${chess ? Math.ceil(Math.abs(p.mate) / 2) : Math.abs(p.mate)}`;
  const sign = p.eval > 0 ? '+' : '';
  if (chess) return `${sign}${(p.eval / 100).toFixed(2)}`;
  return `${sign}${Math.round(p.eval)}`;
}

// A winning chance in whole percent.
export function percent(win: number): number {
  return Math.round(Math.max(0, Math.min(1, win)) * 100);
}

// How far the analysis has come, 0..100.
export function progressPercent(s: AnalysisStatus): number {
  return s.total > 0 ? Math.round((Math.min(s.done, s.total) / s.total) * 100) : 0;
}
