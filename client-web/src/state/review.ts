// The review (感想戦) as the room page shows it: the tree from the server's `review` event,
// the rows of its variation list, and where the navigation buttons go. Pure, like the room
// state: the server holds the review; opening it comes as a whole `review` event, every
// change after that as the change alone (applyReviewEvent).
import type { ImportedFacts, ReviewEvent, ReviewHint, ReviewNode, ReviewShape } from '../protocol/messages';

export interface Review {
  version: number;
  gameNo: number;
  by: 0 | 1 | null;
  nodes: ReviewNode[];
  current: number;
  ply: number;
  position: string;
  toMove: 0 | 1;
  inCheck: boolean;
  lastMove: string | undefined;
  legalMoves: string[];
  shapes: ReviewShape[];
  spectatorsMayDrive: boolean;
  // A record brought in (game 0): what it says of itself; its game is the board's.
  imported: ImportedFacts | null;
}

// The game whose board the review shows: a record brought in names its own.
export function reviewGame(r: Review | null, roomGame: string): string {
  return r?.imported?.game || roomGame;
}

// The review an event describes; null when it is closed.
export function reviewFromEvent(ev: ReviewEvent | null | undefined): Review | null {
  if (!ev || !ev.open || !ev.nodes) return null;
  return {
    version: ev.version,
    gameNo: ev.game_no,
    by: ev.by ?? null,
    nodes: ev.nodes,
    current: ev.current ?? 0,
    ply: ev.ply ?? 0,
    position: ev.position ?? '',
    toMove: ev.to_move ?? 0,
    inCheck: !!ev.in_check,
    lastMove: ev.last_move || undefined,
    legalMoves: ev.legal_moves ?? [],
    shapes: ev.shapes ?? [],
    spectatorsMayDrive: !!ev.spectators_may_drive,
    imported: ev.imported && typeof ev.imported.game === 'string' ? ev.imported : null,
  };
}

// The review after `ev`: a whole review replaces it, a closed one ends it, and a change
// (`base`) is applied to the review of exactly that version. `resync`: the change does not
// follow the review held (a gap or a different game), so a snapshot must bring it back.
export function applyReviewEvent(r: Review | null, ev: ReviewEvent): { review: Review | null; resync: boolean } {
  if (!ev.open || ev.nodes) return { review: reviewFromEvent(ev), resync: false };
  if (ev.base === undefined || !r || r.version !== ev.base || r.gameNo !== ev.game_no) return { review: r, resync: true };
  const nodes = ev.added?.length ? r.nodes.slice() : r.nodes;
  for (const n of ev.added ?? []) {
    if (n.id !== nodes.length || n.parent < 0 || n.parent >= nodes.length) return { review: r, resync: true };
    const parent = nodes[n.parent];
    nodes[n.parent] = { ...parent, children: [...parent.children, n.id] };
    nodes.push({ id: n.id, parent: n.parent, move: n.move, display: n.display, children: [] });
  }
  const next: Review = { ...r, version: ev.version, by: ev.by ?? null, nodes };
  if (ev.current !== undefined) {
    if (ev.current < 0 || ev.current >= nodes.length) return { review: r, resync: true };
    next.current = ev.current;
    next.ply = ev.ply ?? 0;
    next.position = ev.position ?? '';
    next.toMove = ev.to_move ?? 0;
    next.inCheck = !!ev.in_check;
    next.lastMove = ev.last_move || undefined;
    next.legalMoves = ev.legal_moves ?? [];
  }
  if (ev.shapes) next.shapes = ev.shapes;
  if (ev.spectators_may_drive !== undefined) next.spectatorsMayDrive = ev.spectators_may_drive;
  return { review: next, resync: false };
}

// Who may move, go and draw on the review board: the players, and the spectators once a
// player let them.
export function canDrive(r: Review, role: 'player' | 'spectator'): boolean {
  return role === 'player' || r.spectatorsMayDrive;
}

// One line of the variation list: the main line at depth 0, each side line one step in,
// written right after the move it replaces (as KIF and PGN readers show them).
export interface ReviewRow {
  id: number;
  depth: number; // how far the line is indented
  ply: number;
  display: string;
  current: boolean;
  lineStart: boolean; // the first move of a side line
}

export function reviewRows(r: Review, maxRows = 2000): ReviewRow[] {
  const rows: ReviewRow[] = [];
  const plyOf = (id: number): number => {
    let ply = 0;
    for (let n = id; n !== 0 && ply <= r.nodes.length; n = r.nodes[n].parent) ply++;
    return ply;
  };
  // A line from `first`: its moves, and after each move the side lines replacing it.
  const line = (first: number, depth: number, start: boolean) => {
    let id: number | undefined = first;
    let ply = plyOf(first);
    let isStart = start;
    while (id !== undefined && rows.length < maxRows) {
      const node: ReviewNode = r.nodes[id];
      rows.push({ id, depth, ply, display: node.display || node.move, current: id === r.current, lineStart: isStart });
      isStart = false;
      const siblings = r.nodes[node.parent].children;
      if (siblings[0] === id && id !== 0)
        for (const side of siblings.slice(1)) line(side, depth + 1, true);
      id = node.children[0];
      ply++;
    }
  };
  const top = r.nodes[0]?.children ?? [];
  if (top.length) line(top[0], 0, false);
  return rows;
}

// Where back / forward / start / end go from the current node; null where none.
export function reviewTargets(r: Review): { start: number | null; back: number | null; forward: number | null; end: number | null } {
  const here = r.current;
  const node = r.nodes[here];
  let end = here;
  for (let steps = 0; r.nodes[end].children.length && steps < r.nodes.length; steps++) end = r.nodes[end].children[0];
  return {
    start: here === 0 ? null : 0,
    back: here === 0 ? null : node.parent,
    forward: node.children.length ? node.children[0] : null,
    end: end === here ? null : end,
  };
}

// The engine's hint (review_hint's answer) as the board draws it: an arrow from square to
// square, or a circle on the square a piece is dropped or a disc placed; null for a pass.
// Local to the asker: never sent as a review_draw.
export interface HintShape {
  orig: string;
  dest?: string;
}

export function hintShape(move: string): HintShape | null {
  const drop = /\*(\d[a-z])/.exec(move); // shogi family: P*5e, ?R*2e
  if (drop) return { orig: drop[1] };
  const shogi = /^(\d[a-z])(\d[a-z])/.exec(move); // 7g7f, 7g7f+
  if (shogi) return { orig: shogi[1], dest: shogi[2] };
  const chess = /^([a-z]\d+)([a-z]\d+)?/.exec(move); // e2e4, e7e8q; reversi d3
  if (chess) return chess[2] ? { orig: chess[1], dest: chess[2] } : { orig: chess[1] };
  return null;
}

// The hint to show at the review's current node, if the last answer is for it.
export function hintHere(r: Review | null, hint: ReviewHint | null, gameNo: number | null): ReviewHint | null {
  return r && hint && hint.node === r.current && gameNo === r.gameNo ? hint : null;
}

// The evaluation as people read it, for the side to move: "+0.35", a forced win or loss
// (scores near ±31000), or a solved reversi endgame's disc difference.
export type HintScore = { kind: 'pawns'; text: string } | { kind: 'wins' | 'loses' } | { kind: 'discs'; text: string };

export function hintScore(h: ReviewHint): HintScore {
  const sign = (n: number) => (n > 0 ? `+${n}` : `${n}`);
  if (h.solved) return { kind: 'discs', text: sign(h.score) };
  if (Math.abs(h.score) >= 30000) return { kind: h.score > 0 ? 'wins' : 'loses' };
  const pawns = (h.score / 100).toFixed(2);
  return { kind: 'pawns', text: h.score > 0 ? `+${pawns}` : pawns };
}
