import { describe, expect, it } from 'vitest';
import { parseAnalysis, parseAnalysisStatus } from '../src/protocol/analysis';
import { parseEvent } from '../src/protocol/parse';
import { parsePositions } from '../src/protocol/positions';
import { dispatch, type Inbox } from '../src/app/inbox';
import type { AnalysisStatus, Snapshot } from '../src/protocol/messages';
import {
  CLASS_MARK, doneStatus, evalText, graphPaths, graphX, graphY, mainLine, moveMarks, percent, plyAtX, progressPercent,
  reviewMainPly, reviewMarks, withAnalysis,
} from '../src/state/analysis';
import { applyAnalysis, fromSnapshot, keepAnalyses } from '../src/state/room';
import { fromAnswer } from '../src/state/replay';
import type { Review } from '../src/state/review';

// A short chess game, 1. f3 e5 2. g4?? Qh4#, as contract A writes its analysis.
const pos = (ply: number, ev: number, win: number, best: string | null, line: string[] = [], mate: number | null = null) =>
  ({ ply, eval: ev, mate, win, best, best_display: best ? best.toUpperCase() : null, line });
const FOOL = {
  level: 5, family: 'chess',
  positions: [
    pos(0, 20, 0.52, 'e2e4', ['e4', 'e5']),
    pos(1, -60, 0.44, 'e7e5', ['e5']),
    pos(2, -80, 0.42, 'e2e4', ['e4', 'Nc6', 'Bc4']),
    pos(3, -30000, 0, 'd8h4', ['Qh4#'], -1),
    { ply: 4, eval: -30000, mate: null, win: 0, best: null, best_display: null, line: [] },
  ],
  moves: [
    { ply: 1, side: 0, move: 'f2f3', display: 'f3', loss: 0.08, class: 'inaccuracy' },
    { ply: 2, side: 1, move: 'e7e5', display: 'e5', loss: 0, class: null },
    { ply: 3, side: 0, move: 'g2g4', display: 'g4', loss: 0.42, class: 'blunder' },
    { ply: 4, side: 1, move: 'd8h4', display: 'Qh4#', loss: 0, class: null },
  ],
  summary: [
    { side: 0, inaccuracy: 1, mistake: 0, blunder: 1, average_loss: 512 },
    { side: 1, inaccuracy: 0, mistake: 0, blunder: 0, average_loss: 0 },
  ],
};
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('analysis parsing', () => {
  it('reads the contract\'s analysis object', () => {
    const a = parseAnalysis(clone(FOOL))!;
    expect(a.positions).toHaveLength(5);
    expect(a.moves[2]).toMatchObject({ ply: 3, side: 0, display: 'g4', class: 'blunder' });
    expect(a.positions[3].mate).toBe(-1);
    expect(a.positions[4].best).toBeNull();
    expect(a.summary[0].blunder).toBe(1);
  });

  it('drops an analysis whose positions and moves do not line up, and never half-reads one', () => {
    const gap = clone(FOOL);
    gap.positions[2].ply = 5;
    expect(parseAnalysis(gap)).toBeNull();
    const short = clone(FOOL);
    short.moves.pop();
    expect(parseAnalysis(short)).toBeNull();
    const badEval = clone(FOOL) as unknown as { positions: { eval: unknown }[] };
    badEval.positions[1].eval = 'x';
    expect(parseAnalysis(badEval)).toBeNull();
    expect(parseAnalysis(null)).toBeNull();
    expect(parseAnalysis({ positions: [], moves: [] })).toBeNull();
  });

  it('keeps chances in 0..1, lines short, and an unknown class as none', () => {
    const odd = clone(FOOL) as unknown as { positions: { win: number; line: string[] }[]; moves: { class: string }[] };
    odd.positions[0].win = 1.7;
    odd.positions[0].line = Array.from({ length: 30 }, (_, i) => `m${i}`);
    odd.moves[0].class = 'brilliant';
    const a = parseAnalysis(odd)!;
    expect(a.positions[0].win).toBe(1);
    expect(a.positions[0].line).toHaveLength(8);
    expect(a.moves[0].class).toBeNull();
  });

  it('reads the event in every state, and refuses a done one without its analysis', () => {
    const running = parseAnalysisStatus({ type: 'analysis', game_no: 3, state: 'running', done: 12, total: 64, analysis: null })!;
    expect(running).toMatchObject({ game_no: 3, state: 'running', done: 12, total: 64, analysis: null });
    expect(parseAnalysisStatus({ game_no: 3, state: 'failed', done: 0, total: 64, analysis: null, reason: 'engine stopped' })!.reason).toBe('engine stopped');
    expect(parseAnalysisStatus({ game_no: 0, state: 'done', done: 5, total: 5, analysis: clone(FOOL) })!.analysis!.moves).toHaveLength(4);
    expect(parseAnalysisStatus({ game_no: 3, state: 'done', done: 5, total: 5, analysis: null })).toBeNull();
    expect(parseAnalysisStatus({ game_no: 3, state: 'thinking', done: 0, total: 1 })).toBeNull();
    expect(parseAnalysisStatus({ game_no: -1, state: 'queued', done: 0, total: 1 })).toBeNull();
    // More done than total is shown as all done, never past the end.
    expect(parseAnalysisStatus({ game_no: 1, state: 'running', done: 80, total: 64 })!.done).toBe(64);
  });

  it('hands the event to the inbox, with or without a version', () => {
    const got: (AnalysisStatus & { version?: number })[] = [];
    const inbox = { analysis: (a: AnalysisStatus) => got.push(a) } as unknown as Inbox;
    dispatch({ type: 'analysis', game_no: 2, state: 'queued', done: 0, total: 9, analysis: null }, inbox);
    dispatch({ type: 'analysis', version: 7, game_no: 2, state: 'running', done: 3, total: 9, analysis: null }, inbox);
    dispatch({ type: 'analysis', game_no: 2, state: 'nonsense' }, inbox);
    expect(got.map((a) => a.state)).toEqual(['queued', 'running']);
    expect(got.map((a) => a.version)).toEqual([undefined, 7]);
  });

  it('reads the snapshot\'s analysis, dropping a malformed one but not the snapshot', () => {
    const snap = {
      type: 'snapshot', version: 4, server_time_ms: 0, room: 'r', you: { role: 'spectator' }, host: 0, options: {}, players: [],
      spectators: 1, score: [0, 0], game_no: 2, game: { id: 'chess' }, status: 'over', initial_position: 'p', position: 'p',
      moves: [], to_move: 0, in_check: false, legal_moves: [], clock: null, offers: {}, result: null, chat: [],
      analysis: { game_no: 2, state: 'done', done: 5, total: 5, analysis: clone(FOOL) },
    };
    const s = parseEvent(clone(snap)) as Snapshot;
    expect(s.analysis!.analysis!.moves[2].class).toBe('blunder');
    const state = fromSnapshot(s, 0);
    expect(state.analyses![2].state).toBe('done');
    const broken = parseEvent({ ...clone(snap), analysis: { game_no: 2, state: 'done', analysis: { positions: 3 } } }) as Snapshot;
    expect(broken).not.toBeNull();
    expect(broken.analysis).toBeNull();
    expect(fromSnapshot(broken, 0).analyses).toEqual({});
  });

  it('reads the positions route\'s analysis into the replay', () => {
    const answer = {
      room: 'r', game_no: 1, game: 'chess', status: 'over', initial_position: 'p0',
      positions: [0, 1, 2, 3, 4].map((ply) => ({ ply, position: `p${ply}`, to_move: ply % 2 })), result: null,
      analysis: clone(FOOL),
    };
    const a = parsePositions(answer)!;
    expect(a.analysis!.moves[2].class).toBe('blunder');
    expect(fromAnswer(a, true, null)!.analysis!.level).toBe(5);
    expect(parsePositions({ ...answer, analysis: null })!.analysis).toBeNull();
    expect(parsePositions({ ...answer, analysis: { positions: 'x' } })!.analysis).toBeNull();
  });
});

describe('analyses in the room', () => {
  const run = (state: AnalysisStatus['state'], done = 0): AnalysisStatus => ({ game_no: 1, state, done, total: 5, analysis: null });

  it('keeps each game\'s newest word, and a stored result against a late progress report', () => {
    let all = withAnalysis(undefined, run('queued'));
    all = withAnalysis(all, run('running', 2));
    expect(all[1].done).toBe(2);
    const done = doneStatus(1, parseAnalysis(clone(FOOL))!);
    all = withAnalysis(all, done);
    all = withAnalysis(all, run('running', 3));
    expect(all[1].state).toBe('done');
    all = withAnalysis(all, { ...run('queued'), game_no: 0 });
    expect(Object.keys(all)).toEqual(['0', '1']);
    // Another record brought in: game 0's analysis is gone, done or not; the others stay.
    all = withAnalysis(all, { ...done, game_no: 0 });
    all = withAnalysis(all, { ...run('none'), game_no: 0 });
    expect(Object.keys(all)).toEqual(['1']);
    expect(parseAnalysisStatus({ game_no: 0, state: 'none', done: 0, total: 0, analysis: null })!.state).toBe('none');
  });

  it('applies an event to the held state and keeps other games\' analyses across a snapshot', () => {
    const base = { room: 'r', analyses: {} } as unknown as ReturnType<typeof fromSnapshot>;
    const one = applyAnalysis(base, run('running', 1))!;
    expect(one.analyses![1].done).toBe(1);
    expect(applyAnalysis(null, run('queued'))).toBeNull();
    // A numbered event moves the room's version on (never back); its analysis holds no version.
    const numbered = { ...base, version: 10 } as typeof base;
    expect(applyAnalysis(numbered, { ...run('running', 2), version: 12 })!.version).toBe(12);
    expect(applyAnalysis(numbered, { ...run('running', 2), version: 8 })!.version).toBe(10);
    expect(applyAnalysis(numbered, run('running', 2))!.version).toBe(10);
    expect('version' in applyAnalysis(numbered, { ...run('done'), version: 12 })!.analyses![1]).toBe(false);
    const next = keepAnalyses(one, { room: 'r', analyses: { 2: { ...run('queued'), game_no: 2 } } } as unknown as typeof one);
    expect(Object.keys(next.analyses!)).toEqual(['1', '2']);
    const other = keepAnalyses(one, { room: 'q', analyses: {} } as unknown as typeof one);
    expect(other.analyses).toEqual({});
  });

  it('measures progress in percent', () => {
    expect(progressPercent(run('running', 2))).toBe(40);
    expect(progressPercent({ ...run('queued'), total: 0 })).toBe(0);
  });
});

describe('evaluation graph', () => {
  const box = { width: 300, height: 80 };

  it('puts ply 0 at the left edge, the last at the right, a sure win at the top', () => {
    expect(graphX(0, 4, box)).toBe(0);
    expect(graphX(4, 4, box)).toBe(300);
    expect(graphX(1, 4, box)).toBe(75);
    expect(graphY(1, box)).toBe(0);
    expect(graphY(0, box)).toBe(80);
    expect(graphY(0.5, box)).toBe(40);
    expect(graphY(3, box)).toBe(0); // out of range: clamped
  });

  it('maps a tap to the nearest ply, never outside the game', () => {
    expect(plyAtX(0, 300, 4)).toBe(0);
    expect(plyAtX(74, 300, 4)).toBe(1);
    expect(plyAtX(120, 300, 4)).toBe(2);
    expect(plyAtX(300, 300, 4)).toBe(4);
    expect(plyAtX(-20, 300, 4)).toBe(0);
    expect(plyAtX(999, 300, 4)).toBe(4);
    expect(plyAtX(50, 0, 4)).toBe(0);
    // Each ply's own x maps back to it, on a long game as on a short one.
    for (const n of [1, 7, 61, 300])
      for (let p = 0; p <= n; p++) expect(plyAtX(graphX(p, n, { width: 333, height: 1 }), 333, n)).toBe(p);
  });

  it('draws the curve through every position and closes the area along the bottom', () => {
    const a = parseAnalysis(clone(FOOL))!;
    const { line, area } = graphPaths(a.positions, box);
    // win 0.52, 0.44, 0.42, 0, 0 over 80 units: y = (1 - win) * 80.
    expect(line).toBe('M0,38.4 L75,44.8 L150,46.4 L225,80 L300,80');
    expect(area.startsWith('M0,80 L0,38.4')).toBe(true);
    expect(area.endsWith('L300,80 Z')).toBe(true);
    // A game without moves still draws a line across.
    expect(graphPaths([a.positions[0]], box).line).toBe('M0,38.4 L300,38.4');
  });
});

describe('marks and words', () => {
  it('marks each move by its class, only when the analysis is of the moves listed', () => {
    const a = parseAnalysis(clone(FOOL))!;
    expect(moveMarks(a, 4)).toEqual(['inaccuracy', null, 'blunder', null]);
    expect(moveMarks(a, 3)).toBeNull();
    expect(moveMarks(null, 4)).toBeNull();
    expect(CLASS_MARK).toEqual({ inaccuracy: '?!', mistake: '?', blunder: '??' });
  });

  it('writes evaluations in pawns for chess, in the engine\'s units elsewhere, mates as #', () => {
    const p = parseAnalysis(clone(FOOL))!.positions;
    expect(evalText(p[0], 'chess')).toBe('+0.20');
    expect(evalText(p[1], 'fairy')).toBe('-0.60');
    expect(evalText({ ...p[0], eval: 230 }, 'shogi')).toBe('+230');
    expect(evalText({ ...p[0], eval: -6 }, 'reversi')).toBe('-6');
    expect(evalText(p[3], 'chess')).toBe('#-1');
    expect(evalText({ ...p[3], mate: 3 }, 'shogi')).toBe('#3');
    expect(evalText({ ...p[3], mate: 3 }, 'chess')).toBe('#2'); // three plies: mate in two moves
    expect(evalText({ ...p[3], mate: -4 }, 'fairy')).toBe('#-2');
    expect(percent(0.526)).toBe(53);
  });

  it('finds the review\'s main line and whether the board is on it', () => {
    const nodes = [
      { id: 0, parent: 0, move: '', display: '', children: [1] },
      { id: 1, parent: 0, move: 'a', display: 'a', children: [2, 3] },
      { id: 2, parent: 1, move: 'b', display: 'b', children: [4] },
      { id: 3, parent: 1, move: 'c', display: 'c', children: [] },
      { id: 4, parent: 2, move: 'd', display: 'd', children: [] },
    ];
    const r = { nodes, current: 2 } as unknown as Review;
    expect(mainLine(r)).toEqual([0, 1, 2, 4]);
    expect(reviewMainPly(r)).toBe(2);
    expect(reviewMainPly({ ...r, current: 3 })).toBeNull();
    expect(reviewMainPly({ ...r, current: 0 })).toBe(0);
  });

  it('marks the review\'s main line while its moves are the analysed game\'s', () => {
    const nodes = [
      { id: 0, parent: 0, move: '', display: '', children: [1] },
      { id: 1, parent: 0, move: 'f2f3', display: 'f3', children: [2, 5] },
      { id: 2, parent: 1, move: 'e7e5', display: 'e5', children: [3] },
      { id: 3, parent: 2, move: 'g2g4', display: 'g4', children: [4] },
      { id: 4, parent: 3, move: 'd8h4', display: 'Qh4#', children: [] },
      { id: 5, parent: 1, move: 'g2g4', display: 'g4', children: [] },
    ];
    const a = parseAnalysis(clone(FOOL))!;
    const r = { nodes, current: 0 } as unknown as Review;
    expect([...reviewMarks(r, a)]).toEqual([[1, 'inaccuracy'], [3, 'blunder']]);
    // A main line that left the game keeps only the marks before it parted.
    const other = nodes.map((n) => (n.id === 2 ? { ...n, move: 'd7d5' } : n));
    expect([...reviewMarks({ ...r, nodes: other }, a)]).toEqual([[1, 'inaccuracy']]);
    expect(reviewMarks(r, null).size).toBe(0);
  });
});
