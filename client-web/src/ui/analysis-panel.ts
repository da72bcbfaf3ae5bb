// The computer's analysis of a finished game on the room page, under the move list: the
// "Analyse" button (players only), the progress while the engine works (everyone in the
// room sees it), then the evaluation graph (tap a point to go to that move), the verdict on
// the move shown with the better move and its line, and each player's summary.
// state/analysis.ts holds the geometry and the words' rules; this file only draws.
import { h } from './dom';
import { t } from '../i18n';
import type { Analysis, AnalysisStatus, ErrorMsg } from '../protocol/messages';
import { CLASS_MARK, evalText, graphPaths, graphX, graphY, percent, plyAtX, progressPercent, type GraphBox } from '../state/analysis';
import { sideName } from '../games/names';
import type { RoomActions } from './controls';

// What the panel shows, decided by the room view: which game, where its analysis stands,
// whether this viewer may ask for one, the ply shown and how to go to another.
export interface AnalysisContext {
  gameId: string;
  gameNo: number; // 0: the record brought into the room
  status: AnalysisStatus | null;
  canRequest: boolean; // a player, and the game is finished
  ply: number | null; // the ply the board shows, null when it is off the analysed line
  go: ((ply: number) => void) | null; // null: this viewer cannot move the board from here
}

const BOX: GraphBox = { width: 300, height: 80 };
const SVG = 'http://www.w3.org/2000/svg';
const REFUSALS: Record<string, string> = {
  engine_busy: 'analysis.busy',
  unsupported: 'analysis.unsupported',
  game_in_progress: 'analysis.inProgress',
  rate_limited: 'analysis.oneAtATime', // the server analyses one game of a room at a time
  unknown_game_no: 'analysis.unknownGame',
};

function svg(tag: string, attrs: Record<string, string | number>): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

export class AnalysisPanel {
  readonly el = h('section', { class: 'analysis-panel', 'data-testid': 'analysis-panel', hidden: true });
  private asked: { id: number | null; gameNo: number; before: AnalysisStatus | null } | null = null;
  private askTimer: number | undefined;
  private refusal: { gameNo: number; text: string } | null = null;
  private last: AnalysisContext | null = null;
  private drawnFor = '';
  private drawnStatus: AnalysisStatus | null = null;

  constructor(private readonly actions: RoomActions) {}

  // An error answering this panel's request: said here instead of as a toast.
  refused(e: ErrorMsg): boolean {
    if (!this.asked || this.asked.id === null || e.re !== this.asked.id) return false;
    const key = REFUSALS[e.code];
    this.refusal = { gameNo: this.asked.gameNo, text: key ? t(key as 'analysis.busy') : t('analysis.refused', { message: e.message }) };
    this.asked = null;
    this.redraw();
    return true;
  }

  update(c: AnalysisContext | null): void {
    this.last = c;
    // Answered: a new word on the game asked about (a failed run's old status is not one).
    if (c && this.asked && c.status && c.status.game_no === this.asked.gameNo && c.status !== this.asked.before) this.asked = null;
    // Drawn again only when something it shows changed (a list replaced under a press
    // would lose the tap).
    // (The status is compared by identity: a new event or snapshot is a new object, and a
    // whole game's analysis is too big to compare by its text on every update.)
    const key = JSON.stringify([c?.gameId, c?.gameNo, c?.canRequest, c?.ply, !!c?.go, this.asked?.id, this.asked?.gameNo, this.refusal, document.documentElement.lang]);
    const status = c?.status ?? null;
    if (key === this.drawnFor && status === this.drawnStatus) return;
    this.drawnFor = key;
    this.drawnStatus = status;
    this.draw(c);
  }

  private redraw(): void {
    this.drawnFor = '';
    this.update(this.last);
  }

  private draw(c: AnalysisContext | null): void {
    const st = c?.status ?? null;
    this.el.hidden = !c || (!st && !c.canRequest);
    if (!c || this.el.hidden) {
      this.el.replaceChildren();
      return;
    }
    const parts: (HTMLElement | SVGElement | null)[] = [h('h2', { class: 'an-title' }, t('analysis.title'))];
    const running = st && (st.state === 'queued' || st.state === 'running');
    if (c.canRequest && !running && st?.state !== 'done') {
      const asking = this.asked?.gameNo === c.gameNo;
      parts.push(h('button', {
        type: 'button', class: 'btn small an-request', 'data-testid': 'analysis-request', title: t('analysis.requestTitle'),
        disabled: asking, onclick: () => this.request(c.gameNo),
      }, asking ? t('analysis.asking') : t('analysis.request')));
    }
    if (this.refusal?.gameNo === c.gameNo && !running && st?.state !== 'done')
      parts.push(h('p', { class: 'an-refusal', role: 'alert', 'data-testid': 'analysis-refusal' }, this.refusal.text));
    if (running) parts.push(progress(st));
    if (st?.state === 'failed') parts.push(h('p', { class: 'an-failed', 'data-testid': 'analysis-failed' }, t('analysis.failed', { reason: st.reason || '—' })));
    if (st?.state === 'done' && st.analysis) parts.push(...this.result(c, st.analysis));
    this.el.replaceChildren(...parts.filter((p): p is HTMLElement => !!p));
  }

  private request(gameNo: number): void {
    this.refusal = null;
    const id = this.actions.ask ? this.actions.ask('analysis_request', { game_no: gameNo }) : (this.actions.send('analysis_request', { game_no: gameNo }), null);
    this.asked = { id, gameNo, before: this.last?.status ?? null };
    // No answer (a lost connection): the button comes back.
    window.clearTimeout(this.askTimer);
    this.askTimer = window.setTimeout(() => {
      if (this.asked?.gameNo === gameNo) {
        this.asked = null;
        this.redraw();
      }
    }, 8000);
    this.redraw();
  }

  private result(c: AnalysisContext, a: Analysis): HTMLElement[] {
    return [this.graph(c, a), here(c, a), summary(c.gameId, a)];
  }

  // The graph: the first player's winning chance by ply; the shown ply marked; classified
  // moves as coloured ticks; a tap goes to the nearest ply.
  private graph(c: AnalysisContext, a: Analysis): HTMLElement {
    const n = a.positions.length - 1;
    const paths = graphPaths(a.positions, BOX);
    const root = svg('svg', {
      class: 'an-graph', viewBox: `0 0 ${BOX.width} ${BOX.height}`, preserveAspectRatio: 'none',
      role: 'img', 'aria-label': t('analysis.graph', { side: sideName(c.gameId, 0) }), 'data-testid': 'analysis-graph', 'data-plies': n,
    });
    root.append(
      svg('rect', { class: 'an-bg', x: 0, y: 0, width: BOX.width, height: BOX.height }),
      svg('path', { class: 'an-area', d: paths.area }),
      svg('line', { class: 'an-mid', x1: 0, y1: BOX.height / 2, x2: BOX.width, y2: BOX.height / 2 }),
      svg('path', { class: 'an-line', d: paths.line }),
    );
    for (const m of a.moves) {
      if (!m.class) continue;
      const x = graphX(m.ply, n, BOX);
      const y = graphY(a.positions[m.ply].win, BOX);
      root.append(svg('line', { class: `an-tick an-${m.class}`, x1: x, y1: y, x2: x, y2: y + 0.01, 'data-ply': m.ply }));
    }
    if (c.ply !== null && c.ply <= n) {
      const x = graphX(c.ply, n, BOX);
      root.append(svg('line', { class: 'an-cursor', x1: x, y1: 0, x2: x, y2: BOX.height, 'data-testid': 'analysis-cursor', 'data-ply': c.ply }));
    }
    const wrap = h('div', { class: `an-graph-wrap${c.go ? ' live' : ''}` });
    wrap.append(root);
    const go = c.go;
    // The newest context's way to go: the same drawing serves the replay and the review.
    if (go)
      root.addEventListener('click', (e) => {
        const r = root.getBoundingClientRect();
        this.last?.go?.(plyAtX((e as MouseEvent).clientX - r.left, r.width, n));
      });
    const note = h('p', { class: 'an-note' }, go ? t('analysis.graphGo') : t('analysis.graphWatch'));
    return h('div', { class: 'an-graph-box' }, wrap, note);
  }
}

function progress(st: AnalysisStatus): HTMLElement {
  const pc = progressPercent(st);
  const words = st.state === 'queued' ? t('analysis.queued') : t('analysis.running', { done: st.done, total: st.total });
  const bar = h('div', {
    class: 'an-progress', role: 'progressbar', 'aria-label': t('analysis.progress'), 'aria-valuemin': 0,
    'aria-valuemax': Math.max(st.total, 1), 'aria-valuenow': Math.min(st.done, st.total), 'aria-valuetext': words, 'data-testid': 'analysis-progress',
  }, h('div', { class: 'an-progress-fill', style: `width: ${pc}%` }));
  return h('div', { class: 'an-progress-box' }, bar, h('p', { class: 'an-progress-text' }, words));
}

// The position shown: its evaluation, and for a classified move the better one and its line.
function here(c: AnalysisContext, a: Analysis): HTMLElement {
  const box = h('div', { class: 'an-here', 'data-testid': 'analysis-here', 'aria-live': 'polite' });
  const ply = c.ply;
  if (ply === null || ply >= a.positions.length) return box;
  const p = a.positions[ply];
  box.append(h('p', { class: 'an-eval' },
    h('span', { class: 'an-at' }, ply === 0 ? t('analysis.atStart') : t('analysis.at', { ply })), ' ',
    t('analysis.eval', { eval: evalText(p, a.family), side: sideName(c.gameId, 0), win: percent(p.win) })));
  const m = ply > 0 ? a.moves[ply - 1] : undefined;
  if (m?.class) {
    const before = a.positions[ply - 1];
    box.append(h('p', { class: `an-verdict an-${m.class}`, 'data-testid': 'analysis-verdict', 'data-class': m.class },
      h('span', { class: 'an-mark', 'aria-hidden': 'true' }, CLASS_MARK[m.class]), ' ',
      t('analysis.moveClass', { move: m.display, class: t(`analysis.class.${m.class}`), loss: percent(m.loss) })));
    if (before.best_display) box.append(h('p', { class: 'an-better', 'data-testid': 'analysis-better' }, t('analysis.better', { move: before.best_display })));
    if (before.line.length) box.append(h('p', { class: 'an-pv' }, t('analysis.line', { line: before.line.join(' ') })));
  }
  return box;
}

// Each player's counts and average loss, in a small table.
function summary(gameId: string, a: Analysis): HTMLElement {
  const head = (mark: string, cls: 'inaccuracy' | 'mistake' | 'blunder') =>
    h('th', { scope: 'col', class: `an-${cls}` }, h('span', { 'aria-hidden': 'true' }, mark), h('span', { class: 'sr-only' }, t(`analysis.class.${cls}`)));
  const rows = a.summary.slice().sort((x, y) => x.side - y.side).map((s) =>
    h('tr', { 'data-side': s.side },
      h('th', { scope: 'row' }, sideName(gameId, s.side)),
      h('td', { class: 'an-inaccuracy', 'data-count': 'inaccuracy' }, String(s.inaccuracy)),
      h('td', { class: 'an-mistake', 'data-count': 'mistake' }, String(s.mistake)),
      h('td', { class: 'an-blunder', 'data-count': 'blunder' }, String(s.blunder)),
      h('td', { 'data-count': 'average_loss' }, String(Math.round(s.average_loss)))));
  return h('div', { class: 'an-summary-box' },
    h('table', { class: 'an-summary', 'data-testid': 'analysis-summary' },
      h('caption', {}, t('analysis.summary'), a.level ? ` · ${t('analysis.level', { level: a.level })}` : ''),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('analysis.player')), head('?!', 'inaccuracy'), head('?', 'mistake'), head('??', 'blunder'), h('th', { scope: 'col' }, t('analysis.avgLoss')))),
      h('tbody', {}, ...rows)));
}
