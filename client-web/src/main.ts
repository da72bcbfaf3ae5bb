// Entry point: language, the page shell and the connection to the server.
import './styles/base.css';
import { initLang, t, setLang, lang, onLangChange, type Lang } from './i18n';
import { Connection, type ConnectionStatus } from './net/connection';
import { socketUrl } from './net/url';
import { h, clear } from './ui/dom';

initLang(globalThis.localStorage ?? null, navigator);

const app = document.getElementById('app')!;
let status: ConnectionStatus = 'connecting';
let retryIn = 0;
let serverVersion = '';

const conn = new Connection(socketUrl(location), {
  onOpen: () => conn.send({ type: 'hello', client: 'banmen-web', version: __APP_VERSION__ }),
  onMessage: (msg) => {
    if (typeof msg.version === 'string') serverVersion = msg.version;
    render();
  },
  onStatus: (s, ms) => {
    status = s;
    retryIn = ms ?? 0;
    render();
  },
});

function render(): void {
  document.documentElement.lang = lang();
  clear(app);
  const langSelect = h(
    'select',
    { 'aria-label': t('app.language'), onchange: (e: Event) => setLang((e.target as HTMLSelectElement).value as Lang) },
    h('option', { value: 'en', selected: lang() === 'en' }, 'English'),
    h('option', { value: 'ja', selected: lang() === 'ja' }, '日本語'),
  );
  app.append(
    h(
      'header',
      { class: 'topbar' },
      h('a', { class: 'brand', href: '/' }, '盤面 Banmen'),
      h('span', { class: `conn conn-${status}`, role: 'status' }, connText()),
      langSelect,
    ),
    h(
      'main',
      { class: 'page' },
      h('p', {}, t('app.tagline')),
      h('p', { class: 'server-version', 'data-testid': 'server-version' }, serverVersion ? t('app.version', { version: serverVersion }) : ''),
    ),
  );
}

function connText(): string {
  if (status === 'open') return t('conn.open');
  if (status === 'down') return t('conn.down', { seconds: Math.ceil(retryIn / 1000) });
  return t('conn.connecting');
}

onLangChange(render);
render();
conn.start();
