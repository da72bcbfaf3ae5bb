// The application: routes between the home page and a room, owns the connection, feeds
// server messages through the room reducer and turns clicks into requests.
import { t, tMaybe, onLangChange, lang } from './i18n';
import { fontsReady } from './ui/fonts';
import { Connection, type ConnectionStatus } from './net/connection';
import { socketUrl } from './net/url';
import { PROTOCOL_VERSION, type GameInfoMsg, type RoomOptions } from './protocol/messages';
import { parseError, parseEvent, parseWelcome } from './protocol/parse';
import { applyEvent, type RoomState } from './state/room';
import { Session, roomFromPath, safeStorage } from './state/session';
import { MoveOutbox } from './state/outbox';
import { isGameId, gameMeta, type GameId } from './games/catalog';
import { renderHome, renderJoinCard, type PublicRoom } from './ui/home';
import { RoomView } from './ui/room-view';
import { confirmDialog, toast } from './ui/dialogs';
import { Sound } from './ui/sound';
import { switchClock } from './ui/presets';
import { h, clear } from './ui/dom';
import { renderBanner, renderTopbar } from './ui/topbar';

export class App {
  private readonly session = new Session(safeStorage());
  private readonly sound = new Sound();
  private readonly conn: Connection;
  private status: ConnectionStatus = 'connecting';
  private retryIn = 0;
  private serverName = '';
  private games: GameInfoMsg[] = [];
  private rooms: PublicRoom[] = [];
  private roomId: string | null = null;
  private state: RoomState | null = null;
  private view: RoomView | null = null;
  private notFound = false;
  private replaced = false;
  private pendingCreate: { name: string; options: RoomOptions } | null = null;
  private readonly outbox = new MoveOutbox(`c${Date.now().toString(36)}`);
  private nextId = 1;
  private readonly header = h('header', { class: 'topbar' });
  private readonly banner = h('div', { class: 'conn-banner', role: 'alert', hidden: true });
  private readonly main = h('main', { class: 'page', id: 'main' });

  constructor(root: HTMLElement) {
    this.conn = new Connection(socketUrl(location), {
      onOpen: () => this.onOpen(),
      onMessage: (m) => this.onMessage(m),
      onStatus: (s, ms) => this.onStatus(s, ms),
      onClosed: (code) => {
        this.replaced = code === 4001;
        return !this.replaced;
      },
    });
    root.append(h('a', { class: 'skip', href: '#main' }, 'Skip to content'), this.header, this.banner, this.main);
    onLangChange(() => void fontsReady(lang() === 'ja').then(() => this.rerenderAll()));
    window.addEventListener('popstate', () => this.route());
    document.addEventListener('pointerdown', () => this.sound.unlock(), { once: false, capture: true });
    document.addEventListener('keydown', () => this.sound.unlock(), { capture: true });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.conn.retryNow();
    });
    this.sound.enabled = this.session.pref('sound') !== 'off';
  }

  start(): void {
    (window as unknown as { __banmenDropSocket?: () => void }).__banmenDropSocket = () => this.conn.drop();
    this.renderHeader();
    this.route();
    this.conn.start();
  }

  // --- Routing ------------------------------------------------------------------------------
  private route(): void {
    const room = roomFromPath(location.pathname);
    if (room !== this.roomId) {
      this.leaveView();
      this.roomId = room;
      this.state = null;
      this.notFound = false;
      if (room && this.conn.isOpen) this.join();
      if (!room && this.conn.isOpen) this.request({ type: 'list_rooms' });
    }
    this.renderMain();
  }

  private navigate(path: string): void {
    history.pushState(null, '', path);
    this.route();
  }

  // --- Connection ---------------------------------------------------------------------------
  private onOpen(): void {
    this.request({ type: 'hello', protocol: PROTOCOL_VERSION, client: `banmen-web/${__APP_VERSION__}` });
    if (this.pendingCreate) this.create(this.pendingCreate.name, this.pendingCreate.options);
    else if (this.roomId) this.join();
    else this.request({ type: 'list_rooms' });
  }

  private onStatus(s: ConnectionStatus, ms?: number): void {
    this.status = s;
    this.retryIn = ms ?? 0;
    this.renderBanner();
    this.renderHeader();
  }

  private request(msg: Record<string, unknown>): boolean {
    return this.conn.send({ ...msg, id: this.nextId++ });
  }

  // Someone opening a share link for the first time says who they are before joining.
  private needsName(): boolean {
    return !!this.roomId && !this.session.token(this.roomId) && !this.session.name() && !this.state;
  }

  private join(): void {
    if (!this.roomId || this.needsName()) return;
    const token = this.session.token(this.roomId);
    const msg: Record<string, unknown> = { type: 'join_room', room: this.roomId, name: this.session.name() || 'Player' };
    if (token) {
      msg.token = token;
      if (this.state) msg.since = this.state.version;
    }
    this.request(msg);
  }

  private onMessage(m: Record<string, unknown>): void {
    switch (m.type) {
      case 'welcome': {
        const w = parseWelcome(m);
        if (!w) return;
        this.serverName = w.server;
        this.games = w.games;
        if (w.protocol !== PROTOCOL_VERSION) toast(`Protocol ${w.protocol} ≠ ${PROTOCOL_VERSION}`, 'error');
        this.renderHeader();
        if (!this.roomId) this.renderMain();
        return;
      }
      case 'rooms':
        this.rooms = Array.isArray(m.rooms) ? (m.rooms as PublicRoom[]) : [];
        if (!this.roomId) this.renderMain();
        return;
      case 'room_created':
      case 'joined': {
        const room = String(m.room ?? '');
        if (typeof m.token === 'string' && room) this.session.saveToken(room, m.token);
        if (m.type === 'room_created') {
          this.pendingCreate = null;
          this.roomId = room;
          history.pushState(null, '', `/r/${room}`);
          this.renderMain();
        } else {
          // Back in the room after a drop: a move still unanswered goes again, same id.
          const again = this.outbox.toResend();
          if (again) this.request({ type: 'move', move: again.move, version: again.version, move_id: again.moveId });
        }
        return;
      }
      case 'error':
        this.onError(m);
        return;
      case 'ack':
        // Protocol 2 answers a move with its own move event (settled below); an ack with a
        // move_id is the answer to a resend the server had already applied.
        if (typeof m.move_id === 'string') this.outbox.settle(m.move_id);
        return;
      case 'pong':
        return;
      default: {
        const ev = parseEvent(m);
        if (!ev) {
          console.warn('dropped a malformed message', m.type);
          return;
        }
        if (!this.roomId) return;
        if (ev.type === 'snapshot' && ev.room !== this.roomId) return;
        const r = applyEvent(this.state, ev, performance.now());
        if (r.resync) {
          this.join();
          return;
        }
        const first = !this.state;
        if (ev.type === 'move' && ev.seat === this.state?.seat) this.outbox.settle();
        this.state = r.state;
        if (first) this.renderMain();
        else if (this.state) this.view?.update(this.state);
      }
    }
  }

  private onError(m: Record<string, unknown>): void {
    const e = parseError(m);
    if (!e) return;
    if (e.code === 'bad_token' && this.roomId) {
      this.session.forgetToken(this.roomId);
      this.join();
      return;
    }
    if (e.code === 'no_such_room') {
      this.notFound = true;
      this.renderMain();
      return;
    }
    if (['stale_version', 'not_your_turn', 'illegal_move', 'bad_move', 'game_over'].includes(e.code)) {
      this.outbox.settle();
      // The board showed a move the server did not take: redraw the true position.
      if (this.state) this.view?.update({ ...this.state, lastChange: 'other' });
      if (e.code === 'stale_version') this.join();
    }
    if (e.code === 'not_implemented' || e.code === 'unknown_game') this.pendingCreate = null;
    toast(t('play.error', { message: tMaybe(`error.${e.code}`) ?? e.message }), 'error');
  }

  // --- Actions ------------------------------------------------------------------------------
  private create(name: string, options: RoomOptions): void {
    this.session.saveName(name);
    this.pendingCreate = { name, options };
    this.request({ type: 'create_room', name, ...options });
  }

  private actions = {
    move: (move: string) => {
      if (!this.state) return;
      this.sound.unlock();
      const p = this.outbox.next(move, this.state.version);
      // Not sent while down: it goes after the reconnect, when the server has us back.
      this.request({ type: 'move', move, version: p.version, move_id: p.moveId });
    },
    send: (type: string, extra: Record<string, unknown> = {}) => {
      this.request({ type, ...extra });
    },
    resign: () => {
      void confirmDialog(t('play.resign.confirm'), t('play.resign')).then((yes) => {
        if (yes) this.request({ type: 'resign' });
      });
    },
    switchGame: (game: string, clockChoice = 'keep') => {
      if (!isGameId(game) || !this.state) return;
      const clock = switchClock(gameMeta(game)!.byoyomi, this.state.options.clock, clockChoice);
      this.request({ type: 'switch_game', game, clock });
    },
  };

  private available = (id: string): boolean | undefined => {
    const g = this.games.find((x) => x.id === id);
    return g ? g.available !== false : this.games.length ? false : undefined;
  };

  private formats = (id: string): string[] | undefined => {
    return this.games.find((x) => x.id === id)?.record_formats;
  };

  // --- Rendering ----------------------------------------------------------------------------
  private leaveView(): void {
    this.view?.destroy();
    this.view = null;
  }

  private rerenderAll(): void {
    this.renderHeader();
    this.renderBanner();
    this.leaveView();
    this.renderMain();
  }

  private renderHeader(): void {
    renderTopbar(this.header, {
      status: this.status,
      serverName: this.serverName,
      soundOn: this.sound.enabled,
      onToggleSound: () => {
        this.sound.enabled = !this.sound.enabled;
        this.session.setPref('sound', this.sound.enabled ? 'on' : 'off');
        this.renderHeader();
      },
      onHome: () => this.navigate('/'),
    });
  }

  private renderBanner(): void {
    renderBanner(this.banner, {
      status: this.status,
      retryInMs: this.retryIn,
      replaced: this.replaced,
      onRetry: () => this.conn.retryNow(),
      onUseHere: () => {
        this.replaced = false;
        this.conn.retryNow(true);
      },
    });
  }

  private renderMain(): void {
    if (!this.roomId) {
      this.leaveView();
      clear(this.main);
      this.main.append(renderHome({
        available: (id) => this.available(id),
        name: this.session.name(),
        rooms: this.rooms,
        onCreate: (name, options) => this.create(name, options),
      }, (this.session.pref('game') as GameId) ?? 'shogi'));
      return;
    }
    if (this.notFound) {
      this.leaveView();
      clear(this.main);
      this.main.append(h('div', { class: 'notice' }, h('p', {}, t('room.notFound')),
        h('a', { class: 'btn primary', href: '/' }, t('room.home'))));
      return;
    }
    if (this.needsName()) {
      clear(this.main);
      this.main.append(renderJoinCard((name) => {
        this.session.saveName(name);
        this.renderMain();
        if (this.conn.isOpen) this.join();
      }));
      return;
    }
    if (!this.state) {
      if (!this.view) {
        clear(this.main);
        this.main.append(h('div', { class: 'loading' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('conn.connecting')));
      }
      return;
    }
    if (!this.view) {
      this.view = new RoomView(this.actions, this.sound, this.available, this.formats);
      clear(this.main);
      this.main.append(this.view.el);
    }
    this.view.update(this.state);
  }
}
