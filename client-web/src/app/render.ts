// The page's three parts (header, connection banner, main) drawn from the model: the home
// page, a room that does not exist, the name card of a first visit, the loading spinner,
// or the room view (built once per room, then updated with each state).
import { t } from '../i18n';
import { GAMES } from '../games/catalog';
import type { VariantChecker } from '../games/variant-form';
import type { GameDirectory } from '../games/directory';
import type { RoomOptions } from '../protocol/messages';
import type { Session } from '../state/session';
import { clear, h } from '../ui/dom';
import { renderHome, renderJoinCard, type HomePage, type HomeProps } from '../ui/home';
import { renderMyRooms, type MyRoomsPage, type MyRoomsProps } from '../ui/my-rooms-page';
import type { MyRoomsWatch } from './my-rooms-watch';
import { fetchInvite } from '../net/records-api';
import { RoomView, type RoomDeps } from '../ui/room-view';
import { renderBanner, renderTopbar } from '../ui/topbar';
import { needsName, type AppModel } from './model';

export interface PageHooks {
  home(): void;
  myRooms(): void;
  openRoom(room: string): void;
  retry(): void;
  useHere(): void;
  watchHere(): void;
  toggleSound(): void;
  settings(): void;
  create(name: string, options: RoomOptions): void;
  named(name: string): void;
  checkVariant: VariantChecker;
}

export class Pages {
  readonly header = h('header', { class: 'topbar' });
  readonly banner = h('div', { class: 'conn-banner', role: 'alert', hidden: true });
  readonly main = h('main', { class: 'page', id: 'main' });
  private view: RoomView | null = null;
  private home: HomePage | null = null;
  private my: MyRoomsPage | null = null;

  constructor(
    private readonly model: AppModel,
    private readonly session: Session,
    private readonly room: RoomDeps,
    private readonly hooks: PageHooks,
    private readonly watch: MyRoomsWatch,
  ) {}

  private get games(): GameDirectory {
    return this.room.games;
  }

  // The room view, if one is shown.
  get roomView(): RoomView | null {
    return this.view;
  }

  leaveRoom(): void {
    this.view?.destroy();
    this.view = null;
  }

  all(): void {
    this.home = null; // drawn again in the new language
    this.my = null;
    this.drawHeader();
    this.drawBanner();
    this.leaveRoom();
    this.drawMain();
  }

  drawHeader(): void {
    renderTopbar(this.header, {
      status: this.model.status,
      serverName: this.model.serverName,
      soundOn: this.room.settings().sound,
      onToggleSound: this.hooks.toggleSound,
      onSettings: this.hooks.settings,
      onHome: this.hooks.home,
      onMyRooms: this.hooks.myRooms,
      waiting: this.watch.waiting,
      onMyPage: this.model.myPage && !this.model.roomId,
    });
  }

  drawBanner(): void {
    renderBanner(this.banner, {
      status: this.model.status,
      retryInMs: this.model.retryIn,
      replaced: this.model.replaced,
      movedAway: this.model.movedAway,
      moving: this.model.moving,
      onRetry: this.hooks.retry,
      onUseHere: this.hooks.useHere,
      onWatchHere: this.hooks.watchHere,
    });
  }

  drawMain(): void {
    const m = this.model;
    if (!m.roomId && m.myPage) {
      const props: MyRoomsProps = {
        rooms: this.watch.list, failed: this.watch.error, storage: this.session.storage,
        open: this.hooks.openRoom, refresh: () => this.watch.refresh(),
        changed: () => {
          this.watch.drawTitle();
          this.drawHeader();
        },
      };
      if (this.my && this.main.contains(this.my.el)) {
        this.my.update(props);
        return;
      }
      this.my = renderMyRooms(props);
      this.show(this.my.el);
      return;
    }
    if (!m.roomId) {
      const props: HomeProps = {
        available: (id) => this.games.available(id),
        byoyomi: (id) => this.games.byoyomi(id),
        computer: (id) => this.games.computer(id),
        variants: this.games.variants(),
        checkVariant: this.hooks.checkVariant,
        name: this.session.name(),
        rooms: m.rooms,
        onCreate: this.hooks.create,
      };
      if (this.home && this.main.contains(this.home.el)) {
        this.home.update(props);
        return;
      }
      const home = renderHome(props, this.session.pref('game') ?? GAMES[0].id);
      this.show(home.el);
      this.home = home;
      return;
    }
    if (m.notFound) {
      this.show(h('div', { class: 'notice' }, h('p', {}, t('room.notFound')),
        h('a', { class: 'btn primary', href: '/' }, t('room.home'))));
      return;
    }
    if (needsName(m, this.session)) {
      this.show(renderJoinCard(this.hooks.named, fetchInvite(m.roomId!)), true);
      return;
    }
    if (!m.state) {
      if (!this.view)
        this.show(h('div', { class: 'loading' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('conn.connecting')));
      return;
    }
    if (!this.view) {
      this.view = new RoomView(this.room);
      this.show(this.view.el, true);
    }
    this.view.update(m.state);
  }

  private show(el: HTMLElement, keepView = false): void {
    if (!keepView) this.leaveRoom();
    this.home = null;
    if (this.my && el !== this.my.el) this.my = null;
    clear(this.main);
    this.main.append(el);
  }
}
