import { describe, expect, it } from 'vitest';
import { parseEvent } from '../src/protocol/parse';
import { applyEvent, fromSnapshot } from '../src/state/room';
import { applyReviewEvent, canDrive, hintHere, hintScore, hintShape, reviewFromEvent, reviewRows, reviewTargets } from '../src/state/review';
import { fromDrawn, toChessground, toShogiground } from '../src/boards/review-shapes';
import type { ReviewEvent, ReviewHint, Snapshot } from '../src/protocol/messages';

// 1. 7g7f (2. 3c3d 3. 2g2f | 2. 8c8d (nested: 3. 2g2f | 3. 6g6f))
const tree = () => [
  { id: 0, parent: 0, move: '', display: '', children: [1] },
  { id: 1, parent: 0, move: '7g7f', display: '76歩', children: [2, 4] },
  { id: 2, parent: 1, move: '3c3d', display: '34歩', children: [3] },
  { id: 3, parent: 2, move: '2g2f', display: '26歩', children: [] },
  { id: 4, parent: 1, move: '8c8d', display: '84歩', children: [5, 6] },
  { id: 5, parent: 4, move: '2g2f', display: '26歩', children: [] },
  { id: 6, parent: 4, move: '6g6f', display: '66歩', children: [] },
];

function reviewEvent(over: Partial<ReviewEvent> = {}): ReviewEvent {
  return {
    type: 'review', version: 41, open: true, game_no: 1, by: 0, nodes: tree(), current: 4, ply: 2,
    position: 'sfen', to_move: 0, in_check: false, last_move: '8c8d', legal_moves: ['2g2f'],
    shapes: [{ orig: '7g', dest: '7f', brush: 'green' }], spectators_may_drive: false, ...over,
  };
}

function overSnapshot(review: ReviewEvent | null): Snapshot {
  return {
    type: 'snapshot', version: 40, server_time_ms: 1, room: 'r', you: { role: 'spectator' }, host: 0,
    options: { game: 'shogi', clock: { kind: 'none' }, side: 'random', takebacks: true, spectators: true, public: false },
    players: [{ name: 'A', connected: true, seat: 0 }, { name: 'B', connected: true, seat: 1 }],
    spectators: 1, score: [1, 0], game_no: 1,
    game: { id: 'shogi', name: 'Shogi', sides: ['sente', 'gote'], side_letters: ['b', 'w'], hidden_information: false },
    status: 'over', initial_position: 'start', position: 'p3', moves: [], to_move: 1, in_check: false,
    legal_moves: [], clock: null, offers: { draw: null, takeback: null, rematch: null }, result: null, chat: [], review,
  } as Snapshot;
}

describe('review state', () => {
  it('reads an open review and forgets a closed one', () => {
    const r = reviewFromEvent(reviewEvent())!;
    expect(r.current).toBe(4);
    expect(r.lastMove).toBe('8c8d');
    expect(reviewFromEvent(reviewEvent({ open: false, nodes: undefined }))).toBeNull();
    expect(reviewFromEvent(null)).toBeNull();
  });

  it('lists the main line with each side line indented after the move it replaces', () => {
    const rows = reviewRows(reviewFromEvent(reviewEvent())!);
    expect(rows.map((r) => [r.id, r.depth, r.ply, r.lineStart])).toEqual([
      [1, 0, 1, false], [2, 0, 2, false], [4, 1, 2, true], [5, 1, 3, false], [6, 2, 3, true], [3, 0, 3, false],
    ]);
    expect(rows.find((r) => r.current)?.id).toBe(4);
  });

  it('knows where back, forward, start and end go', () => {
    expect(reviewTargets(reviewFromEvent(reviewEvent())!)).toEqual({ start: 0, back: 1, forward: 5, end: 5 });
    expect(reviewTargets(reviewFromEvent(reviewEvent({ current: 0 }))!)).toEqual({ start: null, back: null, forward: 1, end: 3 });
    expect(reviewTargets(reviewFromEvent(reviewEvent({ current: 3 }))!)).toEqual({ start: 0, back: 2, forward: null, end: null });
  });

  it('lets spectators drive only with leave', () => {
    expect(canDrive(reviewFromEvent(reviewEvent())!, 'player')).toBe(true);
    expect(canDrive(reviewFromEvent(reviewEvent())!, 'spectator')).toBe(false);
    expect(canDrive(reviewFromEvent(reviewEvent({ spectators_may_drive: true }))!, 'spectator')).toBe(true);
  });

  it('comes in snapshots and review events, and goes when closed', () => {
    let s = fromSnapshot(parseEvent({ ...overSnapshot(reviewEvent({ version: 39 })) } as never) as Snapshot, 0);
    expect(s.review?.current).toBe(4);
    s = applyEvent(s, parseEvent({ ...reviewEvent({ version: 42, current: 6 }) } as never)!, 0).state!;
    expect(s.review?.current).toBe(6);
    s = applyEvent(s, parseEvent({ type: 'review', version: 43, open: false, game_no: 1, by: 1 })!, 0).state!;
    expect(s.review).toBeNull();
    expect(fromSnapshot(overSnapshot(null), 0).review).toBeNull();
  });

  it('drops malformed review events and a snapshot\'s malformed review', () => {
    const bad = (over: Record<string, unknown>) => parseEvent({ ...reviewEvent(), ...over } as never);
    expect(bad({})).not.toBeNull();
    expect(bad({ current: 7 })).toBeNull();
    expect(bad({ nodes: [{ id: 0, parent: 0, move: '', display: '', children: [9] }], current: 0 })).toBeNull();
    expect(bad({ legal_moves: 'x' })).toBeNull();
    expect(bad({ shapes: [{ orig: 5 }] })).toBeNull();
    const snap = parseEvent({ ...overSnapshot(reviewEvent({ current: 99 })) } as never) as Snapshot;
    expect(snap).not.toBeNull();
    expect(snap.review).toBeNull();
  });
});

describe('review changes', () => {
  const change = (over: Record<string, unknown>) =>
    parseEvent({ type: 'review', version: 42, open: true, game_no: 1, by: 1, base: 41, ...over } as never) as ReviewEvent;

  it('adds a node to its parent and looks at it, keeping what the change leaves out', () => {
    const r = reviewFromEvent(reviewEvent())!;
    const ev = change({
      added: [{ id: 7, parent: 6, move: '3c3d', display: '34歩' }],
      current: 7, ply: 4, position: 'p7', to_move: 1, in_check: false, last_move: '3c3d', legal_moves: ['a', 'b'],
    });
    expect(ev).not.toBeNull();
    const { review, resync } = applyReviewEvent(r, ev);
    expect(resync).toBe(false);
    expect(review!.version).toBe(42);
    expect(review!.by).toBe(1);
    expect(review!.nodes).toHaveLength(8);
    expect(review!.nodes[6].children).toEqual([7]);
    expect(review!.nodes[7]).toEqual({ id: 7, parent: 6, move: '3c3d', display: '34歩', children: [] });
    expect(review!.current).toBe(7);
    expect(review!.legalMoves).toEqual(['a', 'b']);
    expect(review!.shapes).toEqual(r.shapes);
    // The review it came from is untouched (states are values).
    expect(r.nodes).toHaveLength(7);
    expect(r.nodes[6].children).toEqual([]);
  });

  it('replaces only the shapes or the leave when that is all that changed', () => {
    const r = reviewFromEvent(reviewEvent())!;
    const drawn = applyReviewEvent(r, change({ shapes: [] })).review!;
    expect(drawn.shapes).toEqual([]);
    expect(drawn.current).toBe(4);
    expect(drawn.nodes).toBe(r.nodes);
    const allowed = applyReviewEvent(drawn, change({ version: 43, base: 42, spectators_may_drive: true })).review!;
    expect(allowed.spectatorsMayDrive).toBe(true);
    expect(allowed.shapes).toEqual([]);
  });

  it('asks for a snapshot when a change does not follow the review held', () => {
    const r = reviewFromEvent(reviewEvent())!;
    expect(applyReviewEvent(r, change({ base: 40 })).resync).toBe(true); // a gap
    expect(applyReviewEvent(null, change({})).resync).toBe(true); // no review held
    expect(applyReviewEvent(r, change({ game_no: 2 })).resync).toBe(true);
    expect(applyReviewEvent(r, change({ added: [{ id: 9, parent: 0, move: 'x', display: 'x' }] })).resync).toBe(true);
    // Through the room: the state stays as it was and a snapshot is asked for.
    const s = fromSnapshot(parseEvent({ ...overSnapshot(reviewEvent({ version: 39 })) } as never) as Snapshot, 0);
    const out = applyEvent(s, change({ base: 38, shapes: [] }), 0);
    expect(out.resync).toBe(true);
    expect(out.snapshot).toBe(true);
    expect(out.state).toBe(s);
    const ok = applyEvent(s, change({ base: 39, shapes: [] }), 0);
    expect(ok.resync).toBe(false);
    expect(ok.state!.review!.shapes).toEqual([]);
    expect(ok.state!.review!.version).toBe(42);
  });

  it('drops malformed changes', () => {
    expect(change({ added: [{ id: 'x' }] })).toBeNull();
    expect(change({ current: 3 })).toBeNull(); // the current node without its position
    expect(change({ shapes: [{ orig: 5 }] })).toBeNull();
    expect(change({ shapes: [] })).not.toBeNull();
  });
});

describe('review shapes', () => {
  it('maps the boards\' drawings to the protocol and back', () => {
    expect(fromDrawn([{ orig: 'e2', dest: 'e4', brush: 'red' }, { orig: 'd4', brush: 'blue' }], false)).toEqual([
      { orig: 'e2', dest: 'e4', brush: 'red' }, { orig: 'd4', brush: 'blue' },
    ]);
    // shogiground: a circle is an arrow onto its own square; its brushes have their own names.
    expect(fromDrawn([{ orig: '5e', dest: '5e', brush: 'alternative0' }, { orig: { role: 'pawn' }, dest: '5e', brush: 'primary' }], true)).toEqual([
      { orig: '5e', brush: 'red' },
    ]);
    expect(toShogiground([{ orig: '5e', brush: 'yellow' }])).toEqual([{ orig: '5e', dest: '5e', brush: 'alternative2' }]);
    expect(toChessground([{ orig: 'a1', dest: 'a8', brush: 'green' }])).toEqual([{ orig: 'a1', dest: 'a8', brush: 'green' }]);
    const many = Array.from({ length: 40 }, () => ({ orig: 'a1', brush: 'green' }));
    expect(fromDrawn(many, false)).toHaveLength(32);
  });
});

describe('review hints', () => {
  const hint = (over: Partial<ReviewHint> = {}): ReviewHint => ({
    type: 'review_hint', node: 4, move: '2g2f', display: '▲２六歩', score: 35, solved: false, depth: 9, level: 6, ...over,
  });

  it('draws the move as an arrow, a drop or a disc as a circle, a pass not at all', () => {
    expect(hintShape('7g7f')).toEqual({ orig: '7g', dest: '7f' });
    expect(hintShape('8h2b+')).toEqual({ orig: '8h', dest: '2b' });
    expect(hintShape('P*5e')).toEqual({ orig: '5e' });
    expect(hintShape('?R*2e')).toEqual({ orig: '2e' });
    expect(hintShape('e7e8q')).toEqual({ orig: 'e7', dest: 'e8' });
    expect(hintShape('a10b10')).toEqual({ orig: 'a10', dest: 'b10' });
    expect(hintShape('d3')).toEqual({ orig: 'd3' });
    expect(hintShape('pass')).toBeNull();
  });

  it('shows a hint only at its node of the review it was asked in', () => {
    const r = reviewFromEvent(reviewEvent())!;
    expect(hintHere(r, hint(), 1)).toEqual(hint());
    expect(hintHere(r, hint({ node: 2 }), 1)).toBeNull();
    expect(hintHere(r, hint(), 2)).toBeNull(); // asked in another game's review
    expect(hintHere(null, hint(), 1)).toBeNull();
    expect(hintHere(r, null, 1)).toBeNull();
  });

  it('writes the evaluation for the side to move', () => {
    expect(hintScore(hint())).toEqual({ kind: 'pawns', text: '+0.35' });
    expect(hintScore(hint({ score: -120 }))).toEqual({ kind: 'pawns', text: '-1.20' });
    expect(hintScore(hint({ score: 0 }))).toEqual({ kind: 'pawns', text: '0.00' });
    expect(hintScore(hint({ score: 30990 }))).toEqual({ kind: 'wins' });
    expect(hintScore(hint({ score: -30990 }))).toEqual({ kind: 'loses' });
    expect(hintScore(hint({ score: 6, solved: true }))).toEqual({ kind: 'discs', text: '+6' });
  });
});
