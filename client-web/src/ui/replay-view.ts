// Looking back through the game on the room page: the navigation bar under the move list
// (start, one back, one on, end, "Back to the game"), the keys ←/→/Home/End, and the state
// the board draws while the viewer looks back (state/replay.ts holds the rules). The room
// view asks `shown(s)` what to draw; the live state itself is never changed, so clocks,
// sounds and the announcer follow the game while the board stays where the viewer put it.
import { h } from './dom';
import { t } from '../i18n';
import type { RoomState } from '../state/room';
import type { Analysis, MoveEntry } from '../protocol/messages';
import type { PositionEntry, SeriesGame } from '../protocol/positions';
import { covers, fromAnswer, goTo, lookingBack, navigate, shownPly, withMove, type NavKey, type ReplayState } from '../state/replay';
import { fetchPositions, ApiError } from '../net/records-api';
import { toast } from './dialogs';
import { revealPosition, type RevealView } from '../boards/dogcat-reveal';
import { sideName } from '../games/names';
import { gameMeta } from '../games/catalog';
import { externalLinksRow } from './external-links-view';
import { formatLabel, recordDownloads } from './controls';

// What the board, the player bars and the move list draw.
export interface Shown {
  state: RoomState; // the live state, or the replayed position dressed as one
  lastMove: string | undefined;
  back: boolean; // an earlier position or another game: no moves, no premoves
  list: { moves: MoveEntry[]; initial: string; selected: number | null };
}

const KEYS: Record<string, NavKey> = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'start', End: 'end' };

export class ReplayView {
  readonly bar = h('div', { class: 'replay-bar', 'data-testid': 'replay-bar' });
  private r: ReplayState | null = null;
  private stale = false; // the live game changed in a way the positions did not follow
  private loading = 0; // the number of the newest request, 0 when none runs
  private requests = 0;
  private live: RoomState | null = null;
  private archiveGame: SeriesGame | null = null;
  private revealView: RevealView = 'both';
  private readonly onKey = (e: KeyboardEvent) => this.key(e);

  constructor(
    private readonly room: () => string,
    private readonly token: () => string | null,
    private readonly redraw: () => void,
  ) {
    document.addEventListener('keydown', this.onKey);
  }

  destroy(): void {
    document.removeEventListener('keydown', this.onKey);
  }

  get back(): boolean {
    return !!this.r && (this.r.archive || lookingBack(this.r));
  }

  // The live state changed: follow it (a new move extends the positions without moving
  // the viewer's board; a snapshot or the end reads them again).
  sync(s: RoomState): void {
    this.live = s;
    const r = this.r;
    if (!r || r.archive) return;
    if (r.gameNo !== s.gameNo) {
      this.r = null; // a new game: back to it
      return;
    }
    if (s.lastChange === 'move' && !this.stale) {
      const next = withMove(r, s.gameNo, liveEntry(s));
      if (next) {
        this.r = next;
        return;
      }
    }
    if (s.lastChange === 'move' || s.lastChange === 'snapshot' || s.lastChange === 'game_over') {
      if (!covers(r, s.gameNo, s.moves.length) || s.lastChange !== 'move') this.stale = true;
      if (this.stale && lookingBack(r)) void this.load(s.gameNo, false, null);
    }
  }

  // Opens one game of the series (the series panel's "Replay").
  openGame(g: SeriesGame): void {
    const s = this.live;
    if (!s) return;
    if (g.game_no === s.gameNo) {
      this.archiveGame = null;
      if (this.r?.archive) this.r = null;
      this.request('start');
      return;
    }
    this.archiveGame = g;
    void this.load(g.game_no, true, null);
  }

  // Back to the live game.
  toLive(): void {
    if (!this.r) return;
    this.r = this.r.archive ? null : { ...this.r, cursor: null };
    this.archiveGame = null;
    this.redraw();
  }

  // The game the replay has read (its number, whether it is another game of the series)
  // and the analysis that came with its positions.
  read(): { gameNo: number; archive: boolean; analysis: Analysis | null } | null {
    return this.r ? { gameNo: this.r.gameNo, archive: this.r.archive, analysis: this.r.analysis } : null;
  }

  select(ply: number): void {
    this.request(ply);
  }

  // What to draw for the live state `s`.
  shown(s: RoomState): Shown {
    const r = this.r;
    const liveList = { moves: s.moves, initial: s.initialPosition, selected: null };
    if (!r || !this.back) return { state: s, lastMove: s.moves.at(-1)?.move, back: false, list: liveList };
    const ply = shownPly(r, s.moves.length);
    const e = r.positions[ply];
    if (!e) return { state: s, lastMove: s.moves.at(-1)?.move, back: false, list: liveList };
    const revealed = e.reveal ? revealPosition(e.position, e.reveal, this.revealView, gameMeta(r.game)?.files ?? 5) : e.position;
    const base: RoomState = {
      ...s, position: revealed, toMove: e.to_move, inCheck: e.in_check, legalMoves: [], impasse: null,
    };
    if (!r.archive) {
      const moves = s.moves.slice(0, ply);
      return { state: { ...base, moves }, lastMove: e.move ?? moves.at(-1)?.move, back: true, list: { ...liveList, selected: ply } };
    }
    const g = this.archiveGame;
    const all = r.positions.slice(1).map((p) => ({ move: p.move ?? '', display: p.display ?? p.move ?? '' }));
    const mySeat = s.player !== null && g?.seat_of_player ? g.seat_of_player[s.player] ?? null : null;
    const names = g?.players_by_seat ?? ['', ''];
    const state: RoomState = {
      ...base,
      game: r.game === s.game.id ? s.game : { id: r.game, name: r.game, sides: ['', ''], side_letters: ['', ''], hidden_information: false },
      gameNo: r.gameNo, status: 'over', seat: mySeat, clock: null, offers: { draw: null, takeback: null, rematch: null, computer: null },
      players: [0, 1].map((seat) => ({ name: names[seat], connected: true, seat: seat as 0 | 1 })),
      score: [0, 0], options: { ...s.options, handicap: undefined }, moves: all.slice(0, ply),
      initialPosition: r.positions[0].position,
    };
    return { state, lastMove: e.move, back: true, list: { moves: all, initial: r.positions[0].position, selected: ply } };
  }

  // Draws the bar for what `shown` gave.
  render(s: RoomState, shown: Shown): void {
    const r = this.r;
    const ply = shown.back ? shown.list.selected ?? 0 : s.moves.length;
    const total = r?.archive ? r.positions.length - 1 : s.moves.length;
    const btn = (key: NavKey, label: string, text: string, off: boolean) =>
      h('button', { type: 'button', class: 'btn small rp-nav', 'data-nav': key, title: label, 'aria-label': label, disabled: off, onclick: () => this.request(key) }, text);
    const where = ply === 0 ? t('replay.atStart') : t('replay.at', { ply, total });
    const parts: (HTMLElement | string)[] = [
      btn('start', t('replay.start'), '«', ply === 0), btn('prev', t('replay.prev'), '‹', ply === 0),
      btn('next', t('replay.next'), '›', ply >= total), btn('end', t('replay.end'), '»', ply >= total),
      h('span', { class: 'rp-where', 'data-testid': 'replay-where', 'data-at': `${r?.archive ? `${r.gameNo}:` : ''}${ply}/${total}` }, r?.archive ? `${t('replay.archive', { no: r.gameNo })} · ${where}` : where),
    ];
    if (this.loading) parts.push(h('span', { class: 'rp-loading' }, t('replay.loading')));
    if (shown.back)
      parts.push(h('button', { type: 'button', class: 'btn small primary rp-live', 'data-testid': 'replay-live', onclick: () => this.toLive() }, t('replay.live')));
    const e = r && shown.back ? r.positions[ply] : undefined;
    if (e?.reveal) parts.push(this.revealBox(shown.state.game.id, e.reveal.king_candidates_seen_by));
    // A finished game only: no engine's help one click away while it is played.
    if (r && e && r.over) {
      const links = externalLinksRow({
        gameId: r.game, position: e.position, initial: r.positions[0].position, atPly: ply,
        moves: r.positions.slice(1).map((p) => ({ move: p.move ?? '', display: p.display ?? p.move ?? '' })),
      }, 'replay-links');
      if (links) parts.push(links);
    }
    if (r?.archive && r.over) {
      const downloads = recordLinks(this.room(), r.gameNo, this.archiveGame?.records ?? {});
      if (downloads) parts.push(downloads);
    }
    this.bar.replaceChildren(...parts);
    this.bar.classList.toggle('looking-back', shown.back);
    this.bar.hidden = !shown.back && s.moves.length === 0; // nothing to look back at yet
  }

  private revealBox(gameId: string, seen: [string[], string[]]): HTMLElement {
    const choice = (v: RevealView, label: string) =>
      h('button', { type: 'button', class: `btn small rv-view${this.revealView === v ? ' on' : ''}`, 'aria-pressed': String(this.revealView === v), 'data-reveal': String(v),
        onclick: () => { this.revealView = v; this.redraw(); } }, label);
    const words = ([0, 1] as const).map((seat) =>
      h('li', {}, t('reveal.suspected', { side: sideName(gameId, seat), squares: seen[seat].length ? seen[seat].join(', ') : t('reveal.none') })));
    return h('div', { class: 'reveal-box', 'data-testid': 'reveal-box' },
      h('p', { class: 'rv-title' }, t('reveal.title')),
      h('div', { class: 'rv-views', role: 'group', 'aria-label': t('reveal.title') },
        choice('both', t('reveal.both')), choice(0, t('reveal.seat', { side: sideName(gameId, 0) })), choice(1, t('reveal.seat', { side: sideName(gameId, 1) }))),
      h('ul', { class: 'rv-seen' }, words));
  }

  // A navigation key or a chosen ply; reads the positions first if they are not known.
  private request(to: NavKey | number): void {
    const s = this.live;
    if (!s) return;
    const r = this.r;
    if (r && (r.archive || (!this.stale && covers(r, s.gameNo, s.moves.length)))) {
      this.r = typeof to === 'number' ? goTo(r, to, s.moves.length) : navigate(r, to, s.moves.length);
      this.redraw();
      return;
    }
    if (s.moves.length === 0) return; // nothing to look back at
    const at = typeof to === 'number' ? to : null;
    void this.load(s.gameNo, false, at, typeof to === 'number' ? undefined : to);
  }

  private async load(gameNo: number, archive: boolean, cursor: number | null, then?: NavKey): Promise<void> {
    const id = ++this.requests;
    this.loading = id;
    this.redraw();
    try {
      const a = await fetchPositions(this.room(), gameNo, this.token());
      if (id !== this.requests) return; // a newer request won
      const s = this.live;
      const keep = cursor ?? (this.r && !this.r.archive && this.r.gameNo === gameNo ? this.r.cursor : null);
      let r = fromAnswer(a, archive, archive ? keep : null);
      if (!r) throw new ApiError(0);
      if (!archive && s) {
        if (s.gameNo !== gameNo) return;
        r = reconcile(r, s);
        if (keep !== null) r = goTo(r, keep, s.moves.length);
        if (then) r = navigate(r, then, s.moves.length);
      }
      this.r = r;
      // The store may lag a move or two behind the room: read again on the next look back.
      this.stale = !archive && !!s && !covers(r, s.gameNo, s.moves.length);
    } catch (e) {
      if (id !== this.requests) return;
      toast(t('replay.failed', { status: e instanceof ApiError && e.status ? e.status : '—' }), 'error');
    } finally {
      if (id === this.requests) {
        this.loading = 0;
        this.redraw();
      }
    }
  }

  private key(e: KeyboardEvent): void {
    // While a review is open the keys move the review (review-panel.ts), not the replay.
    if (!this.live || this.live.review) return;
    const nav = navigationKey(e);
    if (!nav) return;
    e.preventDefault();
    this.request(nav);
  }
}

// The page's move-navigation key pressed (←/→, Home/End), or null: typing, the board's own
// keys (square by square) and open dialogs keep their keys.
export function navigationKey(e: KeyboardEvent): NavKey | null {
  const nav = KEYS[e.key];
  if (!nav || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  const target = e.target as Element | null;
  if (target?.closest('input, textarea, select, [contenteditable], .board-wrap, dialog')) return null;
  if (document.querySelector('dialog[open]')) return null;
  return nav;
}

// The live game's newest position, as the positions route would give it.
function liveEntry(s: RoomState): PositionEntry {
  const last = s.moves.at(-1);
  const e: PositionEntry = { ply: s.moves.length, position: s.position, to_move: s.toMove, in_check: s.inCheck };
  if (last) {
    e.move = last.move;
    e.display = last.display;
    e.seat = (1 - s.toMove) as 0 | 1;
  }
  return e;
}

// Positions read while moves kept arriving: cut to the live game, or add its newest.
function reconcile(r: ReplayState, s: RoomState): ReplayState {
  const live = s.moves.length;
  if (r.positions.length > live + 1) return { ...r, positions: r.positions.slice(0, live + 1) };
  if (r.positions.length === live) return { ...r, positions: [...r.positions, liveEntry(s)] };
  return r;
}

// The archived game's record downloads (the series lists its formats), UTF-8 KIF with its
// Shift_JIS .kif beside it.
function recordLinks(room: string, gameNo: number, records: Record<string, string>): HTMLElement | null {
  const formats = Object.keys(records);
  if (!formats.length) return null;
  const base = `/api/rooms/${encodeURIComponent(room)}/games/${gameNo}/record`;
  return h('div', { class: 'rp-downloads', 'data-testid': 'replay-downloads' },
    h('span', {}, `${t('play.download')}:`),
    recordDownloads(formats).map(({ format, query, extension }) => h('a', {
      class: 'btn small', href: `${base}?${query}`, download: `${room}-${gameNo}.${extension}`, 'data-format': format,
    }, formatLabel(format))));
}
