// The application: puts the parts together (routing.ts, link.ts, inbox.ts,
// error-policy.ts, actions.ts, render.ts) and carries out what each server message means
// for the model. Room events go through the room reducer (state/room.ts).
import { t, tMaybe, onLangChange, lang } from '../i18n';
import { VariantChecks } from './variant-checks';
import { RecordUpload } from './record-upload';
import { fontsReady } from '../ui/fonts';
import type { ConnectionStatus } from '../net/connection';
import { backoffDelay, joinRetryBackoff } from '../net/backoff';
import { PROTOCOL_VERSION, type ErrorMsg, type PublicRoom, type RoomEvent, type RoomOptions, type VariantCheck, type Welcome, type ReviewRecord, type ReviewHint, type AnalysisEvent, type Conditionals } from '../protocol/messages';
import { applyAnalysis, applyConditionals, applyEvent, keepAnalyses } from '../state/room';
import { Session, safeStorage } from '../state/session';
import { GameDirectory } from '../games/directory';
import { toast } from '../ui/dialogs';
import { Sound } from '../ui/sound';
import { h } from '../ui/dom';
import { newModel, needsName } from './model';
import { Router } from './routing';
import { ServerLink } from './link';
import { dispatch, type Inbox } from './inbox';
import { errorSteps } from './error-policy';
import { roomActions } from './actions';
import { Pages } from './render';
import { SettingsStore } from '../settings/settings';
import { followLooks } from '../settings/theme';
import { openSettings } from '../ui/settings-panel';
import { Notifier, askNotificationLeave } from '../ui/notifier';
import { MyRoomsWatch } from './my-rooms-watch';
import { subscribeNewSeat } from '../net/web-push';
import { deviceCodeFromHash, deviceLinkUrl, showDeviceLink } from '../ui/device-link';
import { downloadReviewRecord } from '../ui/review-panel';

// How long a room's creator waits for the snapshot that follows room_created on its own
// connection before connecting to the room's URL instead.
const SNAPSHOT_AFTER_CREATE_MS = 4000;
// After a rejoin, a move still unanswered goes again once the room's first event (the
// snapshot or the catch-up) is in, or after this long when the catch-up is empty.
const RESEND_AFTER_JOIN_MS = 400;
// After storage_error, the move in flight goes again (same move_id) after this long.
const RESEND_AFTER_STORAGE_ERROR_MS = 1500;

export class App implements Inbox {
  private readonly model = newModel();
  private readonly session = new Session(safeStorage());
  private readonly settings = new SettingsStore(safeStorage());
  private readonly sound = new Sound();
  private readonly games = new GameDirectory();
  private readonly router = new Router(() => this.route());
  private readonly link: ServerLink;
  private readonly pages: Pages;
  private readonly watch: MyRoomsWatch;
  private readonly variantChecks = new VariantChecks();
  // A record being brought into the room, part by part (record-upload.ts).
  private readonly recordUpload = new RecordUpload((msg) => this.link.ask(msg), () => this.maxMessageBytes);
  private maxMessageBytes = 32 * 1024; // welcome.limits.max_message_bytes once it has come
  private maxVariantBytes = 16 * 1024; // welcome.limits.max_variant_bytes likewise
  // A join answered room_busy: the timer of the next try and how many came before it.
  private joinRetry: { timer: number | null; tries: number } = { timer: null, tries: 0 };
  // wrong_room answers since the last join: the first reconnects, a second is shown.
  private wrongRoom = 0;
  private resendDue = false;

  constructor(root: HTMLElement) {
    this.link = new ServerLink({
      onOpen: () => this.onOpen(),
      onMessage: (m) => dispatch(m, this),
      onStatus: (s, ms) => this.onStatus(s, ms),
      onClosed: (code) => {
        this.recordUpload.lost();
        this.model.replaced = code === 4001;
        this.model.movedAway = code === 4004;
        // The link did its work: its dialog (link and QR code) gives way to the banner.
        if (this.model.movedAway) document.querySelector<HTMLDialogElement>('dialog.device-dialog')?.close();
        return !this.model.replaced && !this.model.movedAway;
      },
    }, this.router.room);
    const actions = roomActions({
      link: this.link, sound: this.sound, games: this.games, state: () => this.model.state,
      checkVariant: (variant, name) => this.checkVariant(variant, name),
      upload: this.recordUpload,
    });
    const notifier = new Notifier(() => this.settings.value.notify);
    this.watch = new MyRoomsWatch({ session: this.session, notifier, sound: this.sound, shownRoom: () => this.model.roomId });
    this.pages = new Pages(this.model, this.session, {
      actions, sound: this.sound, games: this.games, notifier, settings: () => this.settings.value,
      token: () => (this.model.roomId ? this.session.token(this.model.roomId) : null),
    }, {
      home: () => this.router.go('/'),
      myRooms: () => this.router.go('/my'),
      openRoom: (room) => this.router.go(`/r/${room}`),
      retry: () => this.link.conn.retryNow(),
      useHere: () => {
        this.model.replaced = false;
        this.link.conn.retryNow(true);
      },
      // The seat went to another device: this tab's token is void; it comes back as a
      // spectator of the same room.
      watchHere: () => {
        if (this.model.roomId) this.session.forgetToken(this.model.roomId);
        this.model.movedAway = false;
        this.link.conn.retryNow(true);
      },
      toggleSound: () => this.settings.change({ sound: !this.settings.value.sound }),
      settings: () => openSettings(this.settings, { askNotify: askNotificationLeave, sample: () => this.sound.play('notify') }),
      create: (name, options) => this.create(name, options),
      checkVariant: (variant, name) => this.checkVariant(variant, name),
      named: (name) => {
        this.session.saveName(name);
        this.pages.drawMain();
        if (this.link.isOpen) this.join();
      },
    }, this.watch);
    this.watch.onChange(() => {
      this.pages.drawHeader();
      if (this.model.myPage && !this.model.roomId) this.pages.drawMain();
    });
    root.append(h('a', { class: 'skip', href: '#main' }, 'Skip to content'), this.pages.header, this.pages.banner, this.pages.main);
    onLangChange(() => void fontsReady(lang() === 'ja').then(() => this.pages.all()));
    document.addEventListener('pointerdown', () => this.sound.unlock(), { once: false, capture: true });
    document.addEventListener('keydown', () => this.sound.unlock(), { capture: true });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.link.conn.retryNow();
    });
    this.applySettings();
    followLooks(() => this.settings.value, (f) => this.settings.onChange(f));
    this.settings.onChange((s, before) => {
      this.applySettings();
      this.pages.drawHeader();
      // The board takes the premove choice with each update.
      if (s.premove !== before.premove && this.model.state) this.pages.roomView?.update({ ...this.model.state, lastChange: 'other' });
    });
  }

  private applySettings(): void {
    this.sound.enabled = this.settings.value.sound;
    this.sound.volume = this.settings.value.volume / 100;
  }

  start(): void {
    // Arrived by a "continue on another device" link: the code joins once, then leaves the
    // address bar (a reload or a shared address must not carry it).
    const code = deviceCodeFromHash(location.hash);
    const room = this.router.room;
    if (code && room) {
      this.session.offerDeviceCode(room, code);
      history.replaceState(null, '', location.pathname);
    }
    (window as unknown as { __banmenDropSocket?: () => void }).__banmenDropSocket = () => this.link.conn.drop();
    this.pages.drawHeader();
    this.route();
    this.link.conn.start();
    this.watch.start();
  }

  private route(): void {
    const room = this.router.room;
    const m = this.model;
    const myPage = !room && this.router.myPage;
    if (myPage !== m.myPage) {
      m.myPage = myPage;
      this.pages.drawHeader();
      if (myPage) this.watch.refresh();
    }
    if (room !== m.roomId) {
      this.pages.leaveRoom();
      m.roomId = room;
      m.state = null;
      m.notFound = false;
      this.watch.shownRoomChanged();
      this.settleJoin();
      // Another room, another connection (its open says hello and joins).
      const reopened = this.link.forRoom(room, true);
      if (!reopened && room && this.link.isOpen) this.join();
      if (!reopened && !room && this.link.isOpen) this.link.request({ type: 'list_rooms' });
    }
    this.pages.drawMain();
  }

  private onOpen(): void {
    this.cancelJoinRetry();
    this.link.hello();
    const m = this.model;
    if (m.pendingCreate) this.create(m.pendingCreate.name, m.pendingCreate.options);
    else if (m.roomId) this.join();
    else this.link.request({ type: 'list_rooms' });
  }

  private onStatus(s: ConnectionStatus, ms?: number): void {
    this.model.status = s;
    this.model.retryIn = ms ?? 0;
    this.pages.drawBanner();
    this.pages.drawHeader();
  }

  // `snapshot`: without `since`, so the server answers the whole room.
  private join(snapshot = false): void {
    const m = this.model;
    if (!m.roomId || needsName(m, this.session)) return;
    this.link.join(m.roomId, this.session, snapshot ? undefined : m.state?.version);
  }

  // The room is joined or left: no retry pending, nothing to say about moving.
  private settleJoin(): void {
    this.cancelJoinRetry();
    this.joinRetry.tries = 0;
    this.wrongRoom = 0;
    if (this.model.moving) {
      this.model.moving = false;
      this.pages.drawBanner();
    }
  }

  private cancelJoinRetry(): void {
    if (this.joinRetry.timer !== null) window.clearTimeout(this.joinRetry.timer);
    this.joinRetry.timer = null;
  }

  // room_busy: the room is between servers for up to a lease; say so and join again.
  private retryJoinLater(): void {
    this.model.moving = true;
    this.pages.drawBanner();
    this.cancelJoinRetry();
    const delay = backoffDelay(this.joinRetry.tries++, Math.random(), joinRetryBackoff);
    this.joinRetry.timer = window.setTimeout(() => {
      this.joinRetry.timer = null;
      if (this.link.isOpen) this.join();
    }, delay);
  }

  private create(name: string, options: RoomOptions): void {
    this.session.saveName(name);
    this.model.pendingCreate = { name, options };
    this.link.create(name, options);
  }

  // --- Inbox: what each server message does -------------------------------------------------
  // One check at a time: a newer one answers the older with null (the form keeps the newest).
  private checkVariant(variant: string, name: string): Promise<VariantCheck | null> {
    // Too long a definition is said here, in the reader's language; a message over the
    // server's limit would close the connection: say so instead of sending.
    if (new TextEncoder().encode(variant).length > this.maxVariantBytes)
      return Promise.resolve({ type: 'variant_check', ok: false, error: { line: 0, key: '', message: t('variant.tooLong', { bytes: this.maxVariantBytes }) } });
    const msg = { type: 'check_variant', variant, variant_name: name, id: 0 };
    if (new TextEncoder().encode(JSON.stringify(msg)).length > this.maxMessageBytes - 64)
      return Promise.resolve({ type: 'variant_check', ok: false, error: { line: 0, key: '', message: t('variant.tooLarge', { bytes: this.maxMessageBytes }) } });
    return this.variantChecks.ask(() => this.link.ask({ type: 'check_variant', variant, variant_name: name }));
  }

  reviewRecord(r: ReviewRecord): void {
    downloadReviewRecord(r);
  }

  reviewHint(h: ReviewHint): void {
    this.pages.roomView?.showHint(h);
  }

  analysis(a: AnalysisEvent): void {
    const m = this.model;
    if (!m.roomId || !m.state) return;
    m.state = applyAnalysis(m.state, a);
    if (m.state) this.pages.roomView?.update(m.state);
  }

  conditionals(c: Conditionals): void {
    const m = this.model;
    if (!m.roomId || !m.state) return;
    m.state = applyConditionals(m.state, c);
    if (m.state) this.pages.roomView?.update(m.state);
  }

  variantCheck(v: VariantCheck): void {
    this.variantChecks.answered(v);
  }

  welcome(w: Welcome): void {
    if (typeof w.limits?.max_message_bytes === 'number') this.maxMessageBytes = w.limits.max_message_bytes;
    if (typeof w.limits?.max_variant_bytes === 'number') this.maxVariantBytes = w.limits.max_variant_bytes;
    this.model.serverName = w.server;
    this.games.set(w.games);
    if (w.protocol !== PROTOCOL_VERSION) toast(`Protocol ${w.protocol} ≠ ${PROTOCOL_VERSION}`, 'error');
    this.pages.drawHeader();
    if (!this.model.roomId) this.pages.drawMain();
  }

  rooms(list: PublicRoom[]): void {
    this.model.rooms = list;
    if (!this.model.roomId) this.pages.drawMain();
  }

  entered(room: string, token: string | null, created: boolean, inRoom: boolean): void {
    if (token && room) {
      const known = this.session.token(room) === token;
      this.session.saveToken(room, token);
      if (!known) void subscribeNewSeat({ room, token });
    }
    if (created && !inRoom) {
      // Several servers: the room is on the server its URL leads to. Go to its page, whose
      // connection joins with the token just saved, as a returning player does.
      this.model.pendingCreate = null;
      this.router.go(`/r/${room}`);
    } else if (created) {
      // One server: this connection is in the room already; the next one names it.
      this.model.pendingCreate = null;
      this.model.roomId = room;
      this.watch.shownRoomChanged();
      this.link.forRoom(room, false);
      this.router.record(`/r/${room}`);
      this.pages.drawMain();
      // Its snapshot follows at once. If none comes, the room lives elsewhere after all:
      // the room's own connection joins with the token just saved.
      window.setTimeout(() => {
        if (this.model.roomId === room && !this.model.state && this.link.isOpen) this.link.reconnect();
      }, SNAPSHOT_AFTER_CREATE_MS);
    } else {
      this.settleJoin();
      this.resendDue = true;
      window.setTimeout(() => this.resendIfDue(), RESEND_AFTER_JOIN_MS);
    }
  }

  deviceLink(code: string): void {
    if (this.model.roomId) showDeviceLink(deviceLinkUrl(location.origin, this.model.roomId, code));
  }

  ack(moveId: string | null, re?: unknown): void {
    if (this.recordUpload.acked(re)) return;
    if (moveId) this.link.settleMove(moveId);
  }

  event(ev: RoomEvent): void {
    const m = this.model;
    if (!m.roomId) return;
    if (ev.type === 'snapshot' && ev.room !== m.roomId) return;
    const r = applyEvent(m.state, ev, performance.now());
    if (r.resync) {
      this.join(r.snapshot);
      return;
    }
    const first = !m.state;
    if (ev.type === 'move' && ev.seat === m.state?.seat) this.link.settleMove();
    m.state = r.state && ev.type === 'snapshot' ? keepAnalyses(m.state, r.state) : r.state;
    if (first) this.pages.drawMain();
    else if (m.state) this.pages.roomView?.update(m.state);
    this.resendIfDue();
  }

  // The move the server could not record, sent again with its move_id while the position
  // is still the one it was made at: stored meanwhile with its answer lost, the server
  // takes it as that move; not stored, it is played now.
  private resendAfterRefusal(): void {
    const s = this.model.state;
    if (s && this.link.isOpen) this.link.resendMove({ version: s.version, plies: s.moves.length });
  }

  // The move left unanswered by a drop, sent again at the position the rejoin brought.
  private resendIfDue(): void {
    const s = this.model.state;
    if (!this.resendDue || !s) return;
    this.resendDue = false;
    this.link.resendMove({ version: s.version, plies: s.moves.length });
  }

  error(e: ErrorMsg): void {
    // A refused check (the server's workers busy for this address) is the form's to say.
    if (this.variantChecks.refused(e, e.code === 'rate_limited' ? t('variant.busy') : e.message)) return;
    // A refused analysis request is said in the analysis panel, where it was asked.
    if (this.pages.roomView?.analysisRefused(e)) return;
    if (this.pages.roomView?.conditionalRefused(e)) return;
    // A part of a record refused: the import dialog says why, next to the text.
    if (this.recordUpload.refused(e)) return;
    const m = this.model;
    const steps = errorSteps(e.code, !!m.roomId);
    if (steps.forgetTokenAndRejoin && m.roomId) {
      this.session.forgetToken(m.roomId);
      // A newcomer now: the join card asks for a name first if this browser has none.
      if (needsName(m, this.session)) this.pages.drawMain();
      else this.join();
    }
    if (steps.notFound) {
      m.notFound = true;
      this.pages.drawMain();
    }
    if (steps.moveRefused) {
      this.link.settleMove();
      // The board showed a move the server did not take: redraw the true position.
      if (m.state) this.pages.roomView?.update({ ...m.state, lastChange: 'other' });
    }
    if (steps.rejoin) this.join();
    if (steps.dropPendingCreate) m.pendingCreate = null;
    if (steps.retryJoinLater) this.retryJoinLater();
    if (steps.resendMoveLater) window.setTimeout(() => this.resendAfterRefusal(), RESEND_AFTER_STORAGE_ERROR_MS);
    if (steps.reconnectForRoom) {
      if (this.wrongRoom++ === 0) {
        this.link.forRoom(m.roomId, false);
        this.link.reconnect();
      } else {
        toast(t('play.error', { message: tMaybe(`error.${e.code}`) ?? e.message }), 'error');
      }
    }
    if (steps.tell) toast(t('play.error', { message: tMaybe(`error.${e.code}`) ?? e.message }), 'error');
  }
}
