// The "My rooms" page (/my): every room whose seat this browser keeps, with the game, the
// opponent, the series score, whose turn it is, the time left and the last move; rooms
// waiting for you first, then by time left (state/my-rooms.ts). One click opens a room; a
// room can be hidden from the list and shown again. The list comes from the watcher
// (app/my-rooms-watch.ts), which keeps it up to date.
import { t } from '../i18n';
import { gameName } from '../games/names';
import { hiddenRooms, setHidden, sortMyRooms, timeLeftNow, timeLeftParts, type MyRoom } from '../state/my-rooms';
import type { KeyValueStore } from '../state/session';
import { h } from './dom';
import { gameIcon } from './icons';

export function myRoomGameName(r: Pick<MyRoom, 'game' | 'variant'>): string {
  return r.game === 'custom' && r.variant ? `${t('game.custom')}: ${r.variant}` : gameName(r.game);
}

export function timeLeftText(ms: number): string {
  const p = timeLeftParts(ms);
  return 'clock' in p ? p.clock : t('my.daysHours', { days: p.days, hours: p.hours });
}

export interface MyRoomsProps {
  rooms: MyRoom[] | null; // null: not answered yet
  failed: boolean;
  storage: KeyValueStore | null;
  open: (room: string) => void;
  refresh: () => void;
  changed: () => void; // a room was hidden or shown again
}

export interface MyRoomsPage {
  el: HTMLElement;
  update(p: MyRoomsProps): void;
}

function score(r: MyRoom): string {
  const f = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  return `${f(r.score[0])}–${f(r.score[1])}`;
}

function turnText(r: MyRoom): string {
  if (r.status === 'waiting') return t('my.waiting');
  if (r.status === 'over') return t('my.over');
  return r.yourTurn ? t('my.yourTurn') : t('my.theirTurn');
}

export function renderMyRooms(first: MyRoomsProps): MyRoomsPage {
  let p = first;
  let showHidden = false;
  const el = h('section', { class: 'my-rooms', 'aria-labelledby': 'my-title', 'data-testid': 'my-rooms' });

  const row = (r: MyRoom, hidden: boolean): HTMLElement => {
    const href = `/r/${r.room}`;
    const go = (e: Event) => {
      e.preventDefault();
      p.open(r.room);
    };
    const left = timeLeftNow(r, Date.now());
    const time = left !== null ? h('span', { class: 'my-time', 'data-testid': 'my-time' }, timeLeftText(left)) : '';
    const toggle = h('button', {
      type: 'button', class: 'btn small', 'data-testid': hidden ? 'my-show' : 'my-hide',
      'aria-label': t(hidden ? 'my.showRoom' : 'my.hideRoom', { game: myRoomGameName(r), opponent: r.opponent ?? '—' }),
      onclick: () => {
        setHidden(p.storage, r.room, !hidden);
        draw();
        p.changed();
      },
    }, t(hidden ? 'my.show' : 'my.hide'));
    return h('li', { class: `my-room${r.yourTurn ? ' mine' : ''}`, 'data-room': r.room, 'data-testid': 'my-room' },
      h('a', { class: 'my-open', href, onclick: go },
        h('span', { class: 'my-game' }, gameIcon(r.game), ' ', myRoomGameName(r)),
        h('span', { class: 'my-opponent' }, t('my.vs', { opponent: r.opponent ?? t('my.noOpponent') })),
        h('span', { class: 'my-score', title: t('my.score') }, score(r)),
        h('span', { class: `my-turn${r.yourTurn ? ' yours' : ''}`, 'data-testid': 'my-turn' }, turnText(r)),
        time,
        h('span', { class: 'my-last' }, r.lastMove ? t('my.lastMove', { move: r.lastMove }) : '')),
      toggle);
  };

  const draw = (): void => {
    const hidden = hiddenRooms(p.storage);
    const all = p.rooms ? sortMyRooms(p.rooms) : [];
    const shown = all.filter((r) => !hidden.has(r.room));
    const kept = all.filter((r) => hidden.has(r.room));
    const parts: (HTMLElement | string)[] = [
      h('div', { class: 'my-head' },
        h('h1', { id: 'my-title' }, t('my.title')),
        h('button', { type: 'button', class: 'btn small', onclick: p.refresh }, t('my.refresh'))),
    ];
    if (!p.rooms) parts.push(h('p', { class: 'muted' }, p.failed ? t('my.failed') : t('conn.connecting')));
    else if (!all.length) parts.push(h('p', { class: 'muted', 'data-testid': 'my-empty' }, t('my.none')));
    else if (!shown.length) parts.push(h('p', { class: 'muted' }, t('my.allHidden')));
    if (shown.length) parts.push(h('ul', { class: 'my-list', 'data-testid': 'my-list' }, shown.map((r) => row(r, false))));
    if (p.rooms && p.failed) parts.push(h('p', { class: 'muted' }, t('my.failed')));
    if (kept.length) {
      parts.push(h('button', {
        type: 'button', class: 'btn small', 'aria-expanded': String(showHidden), 'data-testid': 'my-hidden-toggle',
        onclick: () => {
          showHidden = !showHidden;
          draw();
        },
      }, t(showHidden ? 'my.hiddenHide' : 'my.hiddenShow', { count: kept.length })));
      if (showHidden) parts.push(h('ul', { class: 'my-list hidden-rooms' }, kept.map((r) => row(r, true))));
    }
    el.replaceChildren(...parts);
  };
  draw();
  // The running clocks count down between answers; the timer ends with the page.
  const tick = window.setInterval(() => {
    if (!el.isConnected) {
      window.clearInterval(tick);
      return;
    }
    for (const r of p.rooms ?? []) {
      const left = timeLeftNow(r, Date.now());
      const span = el.querySelector(`[data-room="${r.room}"] .my-time`);
      if (span && left !== null) span.textContent = timeLeftText(left);
    }
  }, 1000);
  return {
    el,
    update(next: MyRoomsProps): void {
      p = next;
      draw();
    },
  };
}
