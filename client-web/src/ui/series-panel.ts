// The room's series on the room page: every game (date, players by side, result and
// reason, length), a "Replay" button for each, its record downloads, the series' own
// downloads and the score. Read from `GET /api/rooms/<room>/games` when the room opens
// and again after each game; folded away by default so a phone keeps the board in view.
import { h } from './dom';
import { t, lang } from '../i18n';
import { fetchSeries } from '../net/records-api';
import type { SeriesAnswer, SeriesGame } from '../protocol/positions';
import { resultText } from '../state/result-text';
import { formatLabel } from './controls';
import { gameName, sideName } from '../games/names';
import type { ResultKind } from '../protocol/messages';

export class SeriesPanel {
  readonly el = h('details', { class: 'series-panel', 'data-testid': 'series' });
  private data: SeriesAnswer | null = null;
  private failed = false;
  private requests = 0;

  constructor(
    private readonly room: () => string,
    private readonly token: () => string | null,
    // Whether a game can be replayed on this page (its board is known here).
    private readonly canReplay: (g: SeriesGame) => boolean,
    private readonly onReplay: (g: SeriesGame) => void,
  ) {
    this.render();
  }

  async refresh(): Promise<void> {
    const id = ++this.requests;
    try {
      const a = await fetchSeries(this.room(), this.token());
      if (id !== this.requests) return;
      this.data = a;
      this.failed = false;
    } catch {
      if (id !== this.requests) return;
      this.failed = true;
    }
    this.render();
  }

  private render(): void {
    const a = this.data;
    const games = a?.games ?? [];
    const names = [0, 1].map((i) => a?.players.find((p) => p.player === i)?.name ?? '');
    const score = a && games.length ? `${names[0]} ${a.score[0]} – ${a.score[1]} ${names[1]}` : '';
    const summary = h('summary', {},
      h('span', { class: 'sp-title' }, t('series.title')),
      h('span', { class: 'sp-count' }, a ? t('series.count', { count: a.total_games }) : ''),
      score ? h('span', { class: 'sp-score', 'data-testid': 'series-score' }, score) : null);
    const body: (HTMLElement | null)[] = [];
    if (this.failed) body.push(h('p', { class: 'sp-note' }, t('series.failed')));
    else if (!a) body.push(h('p', { class: 'sp-note' }, t('replay.loading')));
    else if (!games.length) body.push(h('p', { class: 'sp-note' }, t('series.empty')));
    body.push(h('ol', { class: 'sp-games' }, games.slice().reverse().map((g) => this.row(g))));
    const sr = a?.series_records;
    if (sr && (sr.pgn || sr.zip))
      body.push(h('p', { class: 'sp-all' }, t('series.all'), ' ',
        sr.pgn ? h('a', { class: 'btn small', href: sr.pgn, download: '', 'data-testid': 'series-pgn' }, 'PGN') : null, ' ',
        sr.zip ? h('a', { class: 'btn small', href: sr.zip, download: '', 'data-testid': 'series-zip' }, 'ZIP') : null));
    this.el.replaceChildren(summary, ...body.filter((x): x is HTMLElement => x !== null));
  }

  private row(g: SeriesGame): HTMLElement {
    const when = g.started_ms ? new Date(g.started_ms).toLocaleString(lang() === 'ja' ? 'ja-JP' : undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';
    const players = ([0, 1] as const).map((seat) => `${sideName(g.game, seat)} ${g.players_by_seat[seat] || '…'}`).join(' · ');
    let outcome = t('series.inProgress');
    if (g.result) {
      const r = resultText({ result: g.result.kind as ResultKind, winner: g.result.winner ?? null, reason: g.result.reason }, (seat) => sideName(g.game, seat), true);
      outcome = `${r.title} — ${r.reason}`;
    }
    const downloads = Object.entries(g.records).flatMap(([fmt, url]) => [
      h('a', { class: 'sp-dl', href: url, download: '', 'data-format': fmt }, formatLabel(fmt)),
      // Beside UTF-8 KIF, the Shift_JIS .kif older Japanese programs read.
      ...(fmt === 'kif' ? [h('a', { class: 'sp-dl', href: `${url}&charset=shift_jis`, download: '', 'data-format': 'kif_sjis' }, formatLabel('kif_sjis'))] : []),
    ]);
    const replay = this.canReplay(g)
      ? h('button', { type: 'button', class: 'btn small sp-replay', 'data-testid': `replay-game-${g.game_no}`, onclick: () => this.onReplay(g) }, t('series.replay'))
      : null;
    return h('li', { class: 'sp-game', 'data-game-no': g.game_no },
      h('div', { class: 'sp-head' },
        h('strong', {}, `${g.game_no}. ${gameName(g.game, g.variant_name ? { id: g.game, name: g.variant_name, sides: ['', ''], side_letters: ['', ''], hidden_information: false } : undefined)}`),
        h('span', { class: 'sp-when' }, when)),
      h('div', { class: 'sp-players' }, players),
      h('div', { class: 'sp-result', 'data-testid': `series-result-${g.game_no}` }, `${outcome} · ${t('series.plies', { count: g.plies })}`),
      h('div', { class: 'sp-actions' }, replay, ...downloads));
  }
}
