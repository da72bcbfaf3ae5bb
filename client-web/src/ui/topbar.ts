// The header (brand, connection dot, server version, the "My rooms" link, sound, settings and language) and the banner
// shown while the connection is down or the seat is open elsewhere.
import { t, lang, setLang, type Lang, type MessageKey } from '../i18n';
import { isDown, type ConnectionStatus } from '../net/connection';
import { h, clear } from './dom';
import { uiIcon } from './icons';

export interface TopbarProps {
  status: ConnectionStatus;
  serverName: string;
  soundOn: boolean;
  onToggleSound: () => void;
  onSettings: () => void;
  onHome: () => void;
  onMyRooms: () => void; // the "My rooms" page (/my)
  waiting: number; // rooms where it is your turn
  onMyPage: boolean;
}

export function renderTopbar(el: HTMLElement, p: TopbarProps): void {
  document.documentElement.lang = lang();
  const soundBtn = h('button', {
    type: 'button', class: 'btn small icon', 'aria-pressed': String(p.soundOn), title: t('play.sound'), 'aria-label': t('play.sound'),
    onclick: p.onToggleSound,
  }, uiIcon(p.soundOn ? 'sound' : 'mute'));
  const gearBtn = h('button', {
    type: 'button', class: 'btn small icon', title: t('settings.open'), 'aria-label': t('settings.open'), 'data-testid': 'open-settings',
    onclick: p.onSettings,
  }, uiIcon('gear'));
  const langSel = h('select', { class: 'lang', 'aria-label': t('app.language'), onchange: (e: Event) => setLang((e.target as HTMLSelectElement).value as Lang) },
    h('option', { value: 'en', selected: lang() === 'en' }, 'English'),
    h('option', { value: 'ja', selected: lang() === 'ja' }, '日本語'));
  clear(el);
  el.append(
    h('a', { class: 'brand', href: '/', onclick: (e: Event) => { e.preventDefault(); p.onHome(); } },
      h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, '盤'), h('span', { class: 'brand-text' }, 'Banmen')),
    h('span', { class: `conn-dot conn-${isDown(p.status) ? 'down' : p.status}`, title: t(`conn.${isDown(p.status) ? 'connecting' : p.status}` as MessageKey), 'aria-hidden': 'true' }),
    p.serverName ? h('span', { class: 'server-version', 'data-testid': 'server-version' }, t('app.version', { version: p.serverName })) : '',
    h('a', {
      class: 'my-link', href: '/my', 'data-testid': 'my-rooms-link', 'aria-current': p.onMyPage ? 'page' : undefined,
      'aria-label': p.waiting ? `${t('my.title')} (${t('my.waitingCount', { count: p.waiting })})` : t('my.title'),
      onclick: (e: Event) => { e.preventDefault(); p.onMyRooms(); },
    }, t('my.link'), p.waiting ? h('span', { class: 'my-count', 'aria-hidden': 'true' }, String(p.waiting)) : ''),
    soundBtn, gearBtn, langSel,
  );
}

export interface BannerProps {
  status: ConnectionStatus;
  retryInMs: number;
  replaced: boolean;
  movedAway: boolean; // the seat moved to another device by its link
  moving: boolean; // the room is moving between servers: joining again shortly
  onRetry: () => void;
  onUseHere: () => void;
  onWatchHere: () => void;
}

export function renderBanner(el: HTMLElement, p: BannerProps): void {
  el.hidden = !isDown(p.status) && !p.replaced && !p.movedAway && !p.moving;
  if (p.movedAway) {
    el.replaceChildren(h('span', { 'data-testid': 'moved-away' }, t('conn.movedAway')),
      h('button', { type: 'button', class: 'btn small', 'data-testid': 'watch-here', onclick: p.onWatchHere }, t('conn.watchHere')));
  } else if (p.replaced) {
    el.replaceChildren(h('span', {}, t('conn.replaced')),
      h('button', { type: 'button', class: 'btn small', onclick: p.onUseHere }, t('conn.useHere')));
  } else if (isDown(p.status)) {
    el.replaceChildren(h('span', { 'data-testid': 'conn-down' }, t(p.status === 'restarting' ? 'conn.restarting' : 'conn.down', { seconds: Math.max(1, Math.ceil(p.retryInMs / 1000)) })),
      h('button', { type: 'button', class: 'btn small', onclick: p.onRetry }, t('conn.retry')));
  } else if (p.moving) {
    el.replaceChildren(h('span', { 'data-testid': 'conn-moving' }, t('conn.moving')));
  }
  document.body.classList.toggle('offline', isDown(p.status));
}
