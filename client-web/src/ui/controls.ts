// The buttons under the move list: resign, draw, takeback, abort, rematch, switch game,
// pending offers with accept/decline, and the record download once a game is over.
import { h } from './dom';
import { t, tMaybe } from '../i18n';
import type { RoomState } from '../state/room';
import { canAbort, canTakeback } from '../state/room';
import { GAMES, gameMeta } from '../games/catalog';
import type { GameDirectory } from '../games/directory';
import { gameName } from '../games/names';
import { presetsFor } from './presets';
import { describeClock } from '../state/clock';
import { COMPUTER_LEVELS } from '../games/computer';
import { externalLinksRow } from './external-links-view';
import type { UploadOutcome } from '../app/record-upload';

export interface RoomActions {
  move(m: string): void;
  send(type: string, extra?: Record<string, unknown>): void;
  // Sends a request and returns its id (an error's `re` names it), or null if not sent.
  ask?(type: string, extra?: Record<string, unknown>): number | null;
  resign(): void;
  // `clockChoice`: a preset's id, or 'keep' (the room's clock when it suits the game).
  switchGame(game: string, clockChoice?: string): void;
  // Brings a record into the room (review_import, part by part); `progress` hears the parts
  // acknowledged. Absent where the page cannot send one.
  importRecord?(text: string, format: string, name: string, progress: (done: number, of: number) => void): Promise<UploadOutcome>;
}

// UTF-8 KIF is .kifu, as Japanese shogi programs expect; .kif is the Shift_JIS one.
const EXTENSION: Record<string, string> = { pgn: 'pgn', kif: 'kifu', csa: 'csa' };

// A game's record downloads: each of its formats and, beside UTF-8 KIF, the Shift_JIS .kif
// older Japanese programs read (the record route's `charset=shift_jis`).
export function recordDownloads(formats: string[]): { format: string; query: string; extension: string }[] {
  const out: { format: string; query: string; extension: string }[] = [];
  for (const f of formats) {
    out.push({ format: f, query: `format=${encodeURIComponent(f)}`, extension: EXTENSION[f] ?? 'txt' });
    if (f === 'kif') out.push({ format: 'kif_sjis', query: 'format=kif&charset=shift_jis', extension: 'kif' });
  }
  return out;
}

// A record format's button label: the file formats by their usual capitals (KIF, PGN),
// the project's own text records by a word in the page's language.
export function formatLabel(format: string): string {
  return tMaybe(`format.${format}`) ?? format.toUpperCase();
}

export function renderControls(s: RoomState, a: RoomActions, games: GameDirectory, formats: string[]): HTMLElement {
  const box = h('div', { class: 'controls' });
  const player = s.role === 'player';
  const mySeat = s.seat;
  const opp = mySeat === null ? null : ((1 - mySeat) as 0 | 1);
  const btn = (label: string, onclick: () => void, cls = '', testid?: string) =>
    h('button', { type: 'button', class: `btn ${cls}`, onclick, 'data-testid': testid }, label);

  // Offers waiting for this player's answer come first: they need attention.
  if (player && s.status === 'playing') {
    if (s.offers.draw !== null && s.offers.draw === opp)
      box.append(offer(t('play.draw.incoming'), () => a.send('draw_accept'), () => a.send('draw_decline'), 'draw'));
    if (s.offers.takeback !== null && s.offers.takeback === opp)
      box.append(offer(t('play.takeback.incoming'), () => a.send('takeback_accept'), () => a.send('takeback_decline'), 'takeback'));
    const handing = s.offers.computer;
    if (handing && handing.seat === opp)
      box.append(offer(t('play.computer.incoming', { level: handing.level }), () => a.send('computer_accept'), () => a.send('computer_decline'), 'computer'));
  }
  if (player && s.status === 'over' && s.offers.rematch !== null && s.offers.rematch === opp)
    box.append(offer(t('play.rematch.incoming'), () => a.send('rematch_accept'), () => a.send('rematch_decline'), 'rematch'));

  const row = h('div', { class: 'button-row' });
  if (player && s.status === 'playing') {
    if (canAbort(s)) row.append(btn(t('play.abort'), () => a.send('abort'), '', 'abort'));
    else row.append(btn(t('play.resign'), () => a.resign(), 'danger', 'resign'));
    const drawMine = s.offers.draw === mySeat;
    row.append(h('button', { type: 'button', class: 'btn', disabled: drawMine, 'data-testid': 'draw', onclick: () => a.send('draw_offer') },
      drawMine ? t('play.draw.offered') : t('play.draw')));
    if (s.options.takebacks) {
      const mine = s.offers.takeback === mySeat;
      row.append(h('button', { type: 'button', class: 'btn', disabled: mine || !canTakeback(s), 'data-testid': 'takeback', onclick: () => a.send('takeback_request') },
        mine ? t('play.takeback.sent') : t('play.takeback')));
    }
    if (gameMeta(s.game.id)?.impasse && s.toMove === mySeat && kingInEnemyCamp(s.position, mySeat))
      row.append(btn(t('play.declare'), () => a.send('declare'), '', 'declare'));
    if (opp !== null) {
      const other = s.players.find((p) => p && p.seat === opp);
      if (other && !other.connected && other.claim_at_ms && Date.now() >= other.claim_at_ms - 1000) {
        row.append(btn(`${t('result.win')}?`, () => a.send('claim', { result: 'win' }), 'primary', 'claim-win'));
        row.append(btn(`${t('result.draw')}?`, () => a.send('claim', { result: 'draw' }), '', 'claim-draw'));
      }
    }
  }
  if (player && s.status === 'over') {
    const mine = s.offers.rematch === mySeat;
    row.append(h('button', { type: 'button', class: 'btn primary', disabled: mine, 'data-testid': 'rematch', onclick: () => a.send('rematch_offer') },
      mine ? t('play.rematch.sent') : t('play.rematch')));
  }
  if (row.childElementCount) box.append(row);

  // The computer: into the empty place (the host, before the first game), or in a player's
  // seat for the rest of the game (the opponent must accept).
  const computerHere = s.players.some((p) => p && p.computer);
  if (player && games.computer(s.game.id) && !computerHere) {
    const inviting = s.status === 'waiting' && s.player === s.host;
    const handing = s.status === 'playing';
    if (inviting || handing) {
      const level = h('select', { 'aria-label': t('home.computer.level'), 'data-testid': 'computer-offer-level' },
        COMPUTER_LEVELS.map((l) => h('option', { value: l, selected: l === 3 }, `${t('home.computer.level')} ${l}`)));
      const sent = handing && s.offers.computer?.seat === mySeat;
      const action = inviting
        ? btn(t('play.computer.invite'), () => a.send('computer_invite', { level: Number(level.value) }), '', 'computer-invite')
        : h('button', { type: 'button', class: 'btn', disabled: sent, 'data-testid': 'computer-offer',
            onclick: () => a.send('computer_offer', { level: Number(level.value) }) },
          sent ? t('play.computer.sent') : t('play.computer.offer'));
      box.append(h('div', { class: 'computer-row' }, level, action));
    }
  }

  // Only the host switches games, and only between games.
  if (player && s.player === s.host && s.status !== 'playing') {
    const select = h('select', { 'aria-label': t('play.switch'), 'data-testid': 'switch-select' },
      [...GAMES, ...games.variants()].map((g) => h('option', { value: g.id, selected: g.id === s.options.game, disabled: games.available(g.id) === false }, gameName(g.id, 'name' in g ? g : undefined))),
      games.variants().length ? h('option', { value: 'custom', selected: s.options.game === 'custom' }, gameName('custom')) : null);
    // The clock of the next game: as it is, or one of the presets of that game's kind.
    const clock = h('select', { 'aria-label': t('play.switch.clock'), 'data-testid': 'switch-clock' });
    const fillClocks = (): void => {
      clock.replaceChildren(h('option', { value: 'keep' }, t('play.switch.keepClock')),
        ...presetsFor(games.byoyomi(select.value)).map((p) => h('option', { value: p.id }, p.id === 'none' ? t('home.unlimited') : describeClock(p.clock))));
    };
    select.addEventListener('change', fillClocks);
    fillClocks();
    box.append(h('div', { class: 'switch-row' }, select, clock,
      btn(t('play.switch'), () => a.switchGame(select.value, clock.value), '', 'switch-game')));
  }

  if (s.status === 'over' && s.result && s.result.result !== 'aborted' && formats.length) {
    const base = `/api/rooms/${encodeURIComponent(s.room)}/games/${s.gameNo}/record`;
    box.append(h('div', { class: 'download-row' }, h('span', {}, `${t('play.download')}:`),
      recordDownloads(formats).map(({ format, query, extension }) => h('a', {
        class: 'btn small', download: `${s.game.id}-${s.room}-${s.gameNo}.${extension}`,
        href: `${base}?${query}`, 'data-format': format,
      }, formatLabel(format)))));
  }
  if (s.status === 'over' && s.result && s.result.result !== 'aborted') {
    const links = externalLinksRow({ gameId: s.game.id, position: s.position, initial: s.initialPosition,
      moves: s.moves, atPly: s.moves.length }, 'room-links');
    if (links) box.append(links);
  }
  return box;
}

function offer(text: string, accept: () => void, decline: () => void, kind: string): HTMLElement {
  return h('div', { class: 'offer', role: 'alert', 'data-testid': `offer-${kind}` },
    h('span', {}, text),
    h('button', { type: 'button', class: 'btn primary small', onclick: accept, 'data-testid': `accept-${kind}` }, t('play.accept')),
    h('button', { type: 'button', class: 'btn small', onclick: decline, 'data-testid': `decline-${kind}` }, t('play.decline')));
}

// The impasse declaration only makes sense once one's king has entered the enemy camp.
export function kingInEnemyCamp(sfen: string, seat: 0 | 1 | null): boolean {
  if (seat === null) return false;
  const rows = (sfen.split(' ')[0] ?? '').split('/');
  const king = seat === 0 ? 'K' : 'k';
  const camp = seat === 0 ? [0, 1, 2] : [6, 7, 8];
  return camp.some((r) => (rows[r] ?? '').includes(king));
}
