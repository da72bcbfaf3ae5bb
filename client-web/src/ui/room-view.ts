// The room page: board with a player bar on each side, and a panel with the share link,
// the state of play, the moves, the buttons and the chat (announcer.ts says the changes). Built once per room; each
// state change updates the parts (the board keeps its DOM so animations and drags work).
import { h } from './dom';
import { t, lang } from '../i18n';
import type { RoomState } from '../state/room';
import { bottomSeat, isMyTurn, lastMove } from '../state/room';
import type { BoardView } from '../boards/board';
import { ShogiBoard } from '../boards/shogi-board';
import { ChessBoard } from '../boards/chess-board';
import { FairyBoard } from '../boards/fairy-board';
import type { MoveEntry, VariantInfo } from '../protocol/messages';
import { ReversiBoard } from '../boards/reversi-board';
import { PlayerBar } from './player-bar';
import { renderMoveList } from './move-list';
import { renderControls, type RoomActions } from './controls';
import { choose } from './dialogs';
import { resultText } from '../state/result-text';
import { gameName, sideName, variantPieceName } from '../games/names';
import { GAMES, gameMeta } from '../games/catalog';
import type { GameDirectory } from '../games/directory';
import { describeClock } from '../state/clock';
import { roomMoveContext, typedMoveVerdict } from './typed-move';
import type { Sound } from './sound';
import { uiIcon } from './icons';
import type { Notifier } from './notifier';
import type { Settings } from '../settings/settings';
import { ShareBox } from './share-box';
import { Announcer } from './announcer';
import { positionLines, squareWords } from './position-text';
import { SquareKeys } from '../boards/square-keys';
import { ReplayView, navigationKey } from './replay-view';
import { SeriesPanel } from './series-panel';
import { ReviewPanel, reviewBoardInput } from './review-panel';
import { canDrive, hintShape } from '../state/review';
import type { ErrorMsg, ReviewHint } from '../protocol/messages';
import { AnalysisPanel, type AnalysisContext } from './analysis-panel';
import { ConditionalPanel } from './conditional-panel';
import { doneStatus, mainLine, moveMarks, reviewMainPly, reviewMarks } from '../state/analysis';
import type { Shown } from './replay-view';

export interface RoomDeps {
  actions: RoomActions;
  sound: Sound;
  games: GameDirectory;
  notifier: Notifier;
  settings: () => Settings;
  token?: () => string | null; // this browser's seat token in the room (records API)
}

export class RoomView {
  readonly el: HTMLElement;
  private readonly boardEl = h('div', { class: 'board-wrap' });
  // A custom fairy variant's definition, for players and spectators alike.
  private readonly definition = h('details', { class: 'variant-definition', hidden: true, 'data-testid': 'variant-definition' });
  // Every piece by name and square, for screen readers (the boards draw them unnamed).
  private readonly pieceList = h('ul', { class: 'sr-only', 'aria-label': t('a11y.pieces'), 'data-testid': 'piece-list' });
  private pieceListFor = '';
  // What the move list last drew (renderMoves).
  private movesDrawnFor = '';
  // Keyboard play on shogi and chess boards, named again when the position or the side
  // drawn at the bottom changes.
  private squareKeys: SquareKeys | null = null;
  private squareKeysFor: 0 | 1 | null = null;
  private readonly top = new PlayerBar('top');
  private readonly bottom = new PlayerBar('bottom');
  private readonly header = h('div', { class: 'room-header' });
  private readonly share = new ShareBox();
  private readonly announcer: Announcer;
  private readonly actions: RoomActions;
  private readonly games: GameDirectory;
  private readonly legend = h('p', { class: 'dogcat-legend' });
  private readonly status = h('div', { class: 'status-line', role: 'status', 'aria-live': 'polite', 'data-testid': 'status' });
  // The same words under the board, for a phone whose side panel starts below the screen
  // (hidden from screen readers: the status line above already speaks them).
  private readonly turnNote = h('p', { class: 'turn-note', 'aria-hidden': 'true', 'data-testid': 'turn-note' });
  private readonly moves = h('div', { class: 'moves-box' });
  private readonly controls = h('div', { class: 'controls-box' });
  private readonly review: ReviewPanel;
  // The computer's analysis of the game shown (analysis-panel.ts), under the move list.
  private readonly analysis: AnalysisPanel;
  // A correspondence game's conditional moves (conditional-panel.ts), the player's own.
  private readonly conditional: ConditionalPanel;
  private readonly chatLog = h('ul', { class: 'chat-log', 'aria-live': 'polite' });
  private readonly chatInput = h('input', { type: 'text', maxlength: 300, placeholder: t('chat.placeholder'), 'aria-label': t('chat.title') });
  private readonly moveInput = h('input', { type: 'text', class: 'move-input', autocomplete: 'off', spellcheck: 'false', 'aria-label': t('play.typeMove'), placeholder: t('play.typeMove') });
  private readonly passBtn = h('button', { type: 'button', class: 'btn primary pass-btn', hidden: true, 'data-testid': 'pass' }, t('play.pass'));
  private readonly moveForm: HTMLFormElement;
  // Looking back through the game (replay-view.ts) and the room's series (series-panel.ts).
  private readonly replay: ReplayView;
  private readonly series: SeriesPanel;
  private board: BoardView | null = null;
  private boardGame = '';
  private state: RoomState | null = null;
  private flipped = false;
  private claimShownFor = 0;
  private timer: number | undefined;
  private wasBack = false;
  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') this.cancelPremove();
    const nav = this.state?.review ? navigationKey(e) : null;
    if (nav && this.state) {
      e.preventDefault();
      this.review.navigate(this.state, nav);
    }
  };

  constructor(private readonly deps: RoomDeps) {
    this.actions = deps.actions;
    this.games = deps.games;
    this.review = new ReviewPanel(this.actions, (id) => this.games.computer(id));
    this.analysis = new AnalysisPanel(this.actions);
    this.conditional = new ConditionalPanel(this.actions);
    this.share.onDeviceLink = () => this.actions.send('device_link');
    this.announcer = new Announcer(deps.sound, deps.notifier, deps.settings, () => this.actions.send('rematch_offer'));
    const chatForm = h('form', { class: 'chat-form' }, this.chatInput, h('button', { type: 'submit', class: 'btn small' }, t('chat.send')));
    chatForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.chatInput.value.trim();
      if (text) this.actions.send('chat', { text });
      this.chatInput.value = '';
    });
    this.passBtn.addEventListener('click', () => this.actions.move('pass'));
    // Keyboard play: type a move in the game's notation (e2e4, 7g7f, P*5e, d3).
    // Why a typed move was not played is said under the box, where the player looks
    // (a toast at the bottom would cover the clock on a phone).
    const moveError = h('p', { class: 'move-error', role: 'alert', 'data-testid': 'move-error' });
    const moveForm = h('form', { class: 'move-form' }, this.moveInput, moveError);
    this.moveInput.addEventListener('input', () => { moveError.textContent = ''; });
    moveForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const s = this.state;
      const typed = this.moveInput.value.trim();
      if (!s || !typed) return;
      const verdict = typedMoveVerdict(typed, roomMoveContext(s));
      if (verdict.move) {
        this.actions.move(verdict.move);
        this.moveInput.value = '';
        moveError.textContent = '';
      } else moveError.textContent = verdict.why;
    });
    this.moveForm = moveForm;
    const token = () => deps.token?.() ?? null;
    this.replay = new ReplayView(() => this.state?.room ?? '', token, () => this.redraw());
    this.series = new SeriesPanel(() => this.state?.room ?? '', token,
      (g) => g.game === this.state?.game.id || (!!gameMeta(g.game) && !this.games.variant(g.game)),
      (g) => this.replay.openGame(g));
    const flip = h('button', { type: 'button', class: 'btn small icon', title: t('play.flip'), 'aria-label': t('play.flip'), onclick: () => this.flip() }, uiIcon('flip'));
    this.el = h('div', { class: 'room' },
      h('section', { class: 'play-area', 'aria-label': t('a11y.board') },
        this.top.el,
        h('div', { class: 'board-outer', oncontextmenu: (e: Event) => { if (this.cancelPremove()) e.preventDefault(); } }, this.boardEl),
        this.pieceList,
        h('p', { class: 'sr-only', id: 'board-keys-hint' }, t('a11y.keyboard')),
        this.bottom.el,
        this.turnNote,
        h('div', { class: 'under-board' }, this.passBtn, this.moveForm, flip)),
      h('aside', { class: 'side-panel' },
        this.header, this.share.el, this.status, this.announcer.live, this.legend, this.definition, this.review.el, this.moves, this.replay.bar, this.analysis.el, this.controls, this.conditional.el, this.series.el,
        h('section', { class: 'chat', 'aria-label': t('chat.title') }, h('h2', {}, t('chat.title')), this.chatLog, chatForm)),
    );
    this.timer = window.setInterval(() => this.tick(), 100);
    document.addEventListener('keydown', this.onKey);
  }

  // review_hint's answer: the panel shows it, the board draws its arrow (this user only).
  showHint(h: ReviewHint): void {
    this.review.showHint(h);
    if (this.state) this.drawHint(this.state);
  }

  // An error answering the analysis request: the panel says it where it was asked.
  analysisRefused(e: ErrorMsg): boolean {
    return this.analysis.refused(e);
  }
  conditionalRefused(e: ErrorMsg): boolean {
    return this.conditional.refused(e);
  }

  // Which game's analysis the panel shows, and how a tap on its graph moves the board: the
  // review's main line while a review is open (for whoever may drive it), else the replay.
  private analysisContext(s: RoomState, shown: Shown): AnalysisContext | null {
    const all = s.analyses ?? {};
    const player = s.role === 'player';
    const r = s.review;
    if (r) {
      const line = mainLine(r);
      const drive = canDrive(r, s.role);
      return {
        gameId: s.game.id, gameNo: r.gameNo, status: all[r.gameNo] ?? null, canRequest: player,
        ply: reviewMainPly(r),
        go: drive ? (ply) => { if (line[ply] !== undefined) this.actions.send('review_goto', { node: line[ply] }); } : null,
      };
    }
    const read = this.replay.read();
    const go = (ply: number) => this.replay.select(ply);
    if (read?.archive && shown.back) {
      const status = all[read.gameNo] ?? (read.analysis ? doneStatus(read.gameNo, read.analysis) : null);
      return { gameId: shown.state.game.id, gameNo: read.gameNo, status, canRequest: player, ply: shown.list.selected, go };
    }
    if (s.status !== 'over' || s.moves.length === 0) return null;
    const fromReplay = read && !read.archive && read.gameNo === s.gameNo && read.analysis ? doneStatus(s.gameNo, read.analysis) : null;
    return {
      gameId: s.game.id, gameNo: s.gameNo, status: all[s.gameNo] ?? fromReplay, canRequest: player,
      ply: shown.back ? shown.list.selected : s.moves.length, go,
    };
  }

  private drawHint(s: RoomState): void {
    const here = s.review ? this.review.hintHere(s) : null;
    this.board?.setHint?.(here ? hintShape(here.move) : null);
  }

  destroy(): void {
    window.clearInterval(this.timer);
    document.removeEventListener('keydown', this.onKey);
    this.replay.destroy();
    this.board?.destroy();
  }

  update(s: RoomState): void {
    const prev = this.state;
    this.state = s;
    // While the viewer looks back, the board and the bars draw `v` (the chosen position);
    // everything else follows the game `s`.
    this.replay.sync(s);
    const shown = this.replay.shown(s);
    const v = shown.state;
    if (shown.back && !this.wasBack) this.cancelPremove();
    this.wasBack = shown.back;
    // A record brought in shows its own game's board, whatever the room plays.
    const imported = s.review?.imported?.game;
    const boardId = imported || v.game.id;
    const key = imported ? `imported:${imported}` : boardKey(v);
    if (this.boardGame !== key) {
      if (imported) this.makeBoard(imported, false, this.games.variant(imported), this.games.hands(imported));
      else this.makeBoard(v.game.id, spectatorBoard(v), v.game.variant, v.game.hands ?? this.games.hands(v.game.id));
      this.boardGame = key;
    }
    this.renderDefinition(s);
    const bottom = this.flipped ? ((1 - bottomSeat(v)) as 0 | 1) : bottomSeat(v);
    const top = (1 - bottom) as 0 | 1;
    this.top.update(v, top);
    this.bottom.update(v, bottom);
    // While a review (感想戦) is open the board is the review's (review-panel.ts); otherwise
    // it is the game's, or the position the viewer looks back at.
    const review = s.review;
    this.el.classList.toggle('reviewing', !!review);
    if (review) this.board!.update(reviewBoardInput(s, review, bottom), prev?.review?.current === review.nodes[review.current].parent);
    else this.board!.update({
      gameId: v.game.id,
      position: v.position,
      lastMove: shown.back ? shown.lastMove : lastMove(s),
      legalMoves: !shown.back && isMyTurn(s) ? s.legalMoves : [],
      toMove: v.toMove,
      mySeat: !shown.back && s.status === 'playing' ? s.seat : null,
      bottomSeat: bottom,
      inCheck: v.inCheck,
      over: v.status === 'over',
      premove: !shown.back && this.deps.settings().premove && s.role === 'player' && s.status === 'playing',
    }, s.lastChange === 'move' && !shown.back);
    this.board!.setShapes?.(review?.shapes ?? [], review && canDrive(review, s.role) ? (shapes) => this.actions.send('review_draw', { shapes }) : null);
    const analysis = this.analysisContext(s, shown);
    this.review.update(s, review ? reviewMarks(review, analysis?.status?.analysis) : undefined);
    this.drawHint(s);
    const onBoard = review ? review.position : v.position;
    if (this.pieceListFor !== onBoard || this.squareKeysFor !== bottom) {
      this.pieceListFor = onBoard;
      this.squareKeysFor = bottom;
      this.pieceList.replaceChildren(...positionLines(boardId, onBoard).map((line) => h('li', {}, line)));
      const words = squareWords(boardId, onBoard);
      this.squareKeys?.update((square) => `${square} ${words.get(square) ?? t('a11y.empty')}`);
    }
    this.passBtn.hidden = shown.back || !(isMyTurn(s) && s.legalMoves.includes('pass'));
    this.moveForm.hidden = shown.back || s.role !== 'player' || s.status !== 'playing';
    this.renderHeader(s);
    this.renderLegend(s);
    this.share.update(s);
    this.renderStatus(s);
    this.analysis.update(analysis);
    this.conditional.update(s);
    const done = analysis && !s.review ? analysis.status?.analysis : null;
    this.renderMoves(v.game.id, shown.list, moveMarks(done, shown.list.moves.length));
    this.replay.render(s, shown);
    // The series changes when a game starts (the first one too: the room exists before its
    // first game does) and when one ends.
    const started = prev?.status !== 'playing' && s.status === 'playing';
    if (!prev || started || s.lastChange === 'game_over' || prev.gameNo !== s.gameNo) void this.series.refresh();
    this.controls.replaceChildren(renderControls(s, this.actions, this.games, this.games.formats(s.game.id) ?? []));
    this.renderChat(s);
    this.announcer.change(prev, s);
    // The boards cache their position on the page; tell them when things may have moved.
    document.body.dispatchEvent(new Event('chessground.resize'));
    document.body.dispatchEvent(new Event('shogiground.resize'));
  }

  // The move list is drawn again only when what it shows changed: most updates (a clock,
  // a player's connection, a spectator coming) leave it as it was, and a list replaced
  // between a press and its release loses the click (a move clicked while looking back,
  // seen on a loaded machine), and its scroll position with it.
  private renderMoves(gameId: string, list: { moves: MoveEntry[]; initial: string; selected: number | null }, marks: ReturnType<typeof moveMarks>): void {
    const key = JSON.stringify([gameId, lang(), list.initial, list.selected, list.moves, marks]);
    if (key === this.movesDrawnFor) return;
    this.movesDrawnFor = key;
    const nav = { selected: list.selected, onSelect: (ply: number) => this.replay.select(ply) };
    this.moves.replaceChildren(h('h2', { class: 'sr-only' }, t('play.moves')), renderMoveList(gameId, list.moves, list.initial, nav, marks));
    const drawn = this.moves.querySelector('.move-list');
    const selected = drawn?.querySelector('.ml-move.selected');
    if (selected) selected.scrollIntoView({ block: 'nearest' });
    else if (drawn) drawn.scrollTop = drawn.scrollHeight;
  }

  private makeBoard(gameId: string, spectator: boolean, variant?: VariantInfo, hands = false): void {
    this.board?.destroy();
    this.squareKeys?.destroy();
    this.squareKeys = null;
    this.pieceListFor = '';
    this.boardEl.replaceChildren();
    this.boardEl.className = `board-wrap game-${gameId}`;
    this.top.hand.replaceChildren();
    this.bottom.hand.replaceChildren();
    const onMove = (m: string) => (this.state?.review ? this.review.move(this.state, m) : this.actions.move(m));
    const meta = gameMeta(gameId);
    const kind = meta?.board ?? GAMES[0].board;
    if (variant) {
      this.board = new FairyBoard(this.boardEl, variant, onMove, choose, () => t('play.choosePiece'), (l) => variantPieceName(variant, l));
    } else if (kind === 'checkered') {
      const inner = h('div', { class: 'cg-wrap-outer' });
      this.boardEl.append(inner);
      const chess = new ChessBoard(inner, onMove, choose, () => t('play.choosePiece'));
      this.board = chess;
      this.squareKeys = new SquareKeys(this.boardEl, chess);
    } else if (kind === 'discs') {
      this.board = new ReversiBoard(this.boardEl, onMove, (sq, d) => `${sq} ${d === 'X' ? t('side.reversi.0') : d === 'O' ? t('side.reversi.1') : ''}`);
    } else {
      const inner = h('div', { class: 'sg-outer' });
      this.boardEl.append(inner);
      const shogi = new ShogiBoard(inner, this.top.hand, this.bottom.hand, gameId, onMove, spectator, askPromotion);
      this.board = shogi;
      this.squareKeys = new SquareKeys(this.boardEl, shogi);
    }
    this.boardEl.setAttribute('role', 'group');
    this.boardEl.setAttribute('aria-label', t('a11y.board'));
    this.boardEl.setAttribute('aria-describedby', 'board-keys-hint');
    this.el.dataset.game = gameId;
    // What the page's layout follows (room.css): the board's kind and width, and hands (the
    // game's facts in the snapshot, else in welcome).
    this.el.dataset.board = kind;
    this.el.dataset.files = String(meta?.files ?? 8);
    this.el.dataset.hands = String(hands);
  }

  // Drawn again only when the text changes, so an opened definition stays open.
  private renderDefinition(s: RoomState): void {
    const text = s.game.id === 'custom' && s.options.game === 'custom' ? s.options.variant ?? '' : '';
    if (this.definition.dataset.text === text) return;
    this.definition.dataset.text = text;
    this.definition.hidden = !text;
    this.definition.replaceChildren(h('summary', {}, t('variant.definition')), h('pre', {}, text));
  }

  private renderLegend(s: RoomState): void {
    this.legend.hidden = !gameMeta(s.game.id)?.hiddenPieces;
    this.legend.replaceChildren(h('span', { class: 'dot', 'aria-hidden': 'true' }), t('dogcat.legend'));
  }

  private renderHeader(s: RoomState): void {
    const score = s.score[0] + s.score[1] > 0 ? `${s.score[0]} – ${s.score[1]}` : '';
    const next = s.options.game !== s.game.id ? h('span', { class: 'next-game', 'data-testid': 'next-game' }, `→ ${t('play.nextGame', { game: gameName(s.options.game) })}`) : '';
    this.header.replaceChildren(
      h('h1', { class: 'room-title' }, gameName(s.game.id, s.game)),
      next,
      h('span', { class: 'room-meta' }, [describeClock(s.options.clock), score, s.spectators ? t('room.spectators', { count: s.spectators }) : ''].filter(Boolean).join(' · ')),
    );
  }

  private renderStatus(s: RoomState): void {
    this.renderStatusLine(s);
    this.turnNote.className = this.status.className.replace('status-line', 'turn-note');
    this.turnNote.textContent = this.status.textContent;
  }

  private renderStatusLine(s: RoomState): void {
    let text = '';
    if (s.role === 'spectator') text = t('room.spectating') + ' ';
    if (s.status === 'over' && s.result) {
      const r = resultText(s.result, (seat) => sideName(s.game.id, seat), s.role === 'spectator', s.position);
      this.status.className = `status-line result tone-${r.tone}`;
      this.status.textContent = `${text}${r.title} — ${r.reason}`;
      return;
    }
    this.status.className = 'status-line';
    if (s.status === 'playing' && s.adjourned) {
      text += t('play.adjourned');
    } else if (s.status === 'playing') {
      text += s.seat === null ? t('play.toMove', { side: sideName(s.game.id, s.toMove) }) : s.toMove === s.seat ? t('play.yourTurn') : t('play.theirTurn');
      if (s.inCheck) text += ` · ${t('play.check')}`;
    }
    this.status.textContent = text;
    this.status.classList.toggle('my-turn', isMyTurn(s));
  }


  private renderChat(s: RoomState): void {
    const atBottom = this.chatLog.scrollTop + this.chatLog.clientHeight >= this.chatLog.scrollHeight - 4;
    this.chatLog.replaceChildren(...s.chat.map((c) => h('li', {}, h('strong', {}, c.from), ' ', c.text)));
    if (atBottom) this.chatLog.scrollTop = this.chatLog.scrollHeight;
  }

  // Drops a queued premove; true if there was one.
  private cancelPremove(): boolean {
    return this.board?.cancelPremove() ?? false;
  }

  // Draws the same state again (the replay moved, the board flipped).
  private redraw(): void {
    if (this.state) this.update({ ...this.state, lastChange: 'other' });
  }

  private flip(): void {
    this.flipped = !this.flipped;
    if (this.state) this.update({ ...this.state, lastChange: 'other' });
  }

  private tick(): void {
    const s = this.state;
    if (!s || s.status !== 'playing') return;
    // The abandonment claim becomes possible at a time, not on an event: redraw then.
    const claimAt = Math.min(...s.players.filter((p) => p && !p.connected && p.claim_at_ms).map((p) => p.claim_at_ms!));
    if (Number.isFinite(claimAt) && Date.now() >= claimAt - 1000 && this.claimShownFor !== claimAt) {
      this.claimShownFor = claimAt;
      this.update({ ...s, lastChange: 'other' });
    }
    if (!s.clock) return;
    const now = performance.now();
    const faces = [this.top.tick(s, now), this.bottom.tick(s, now)];
    // A player hears their own clock's last seconds and each new byoyomi period.
    const mine = s.role === 'player' ? faces[this.top.seat === s.seat ? 0 : 1] : null;
    this.announcer.clock(s, mine);
  }
}

// Which board a room needs: a new one when the game, its variant or the viewer's role changes.
// A keyboard move that may promote or not asks, as a pointer move gets the board's dialog.
async function askPromotion(): Promise<boolean | null> {
  const pick = await choose(t('play.promote'), [
    { value: 'yes', label: t('play.promote.yes') },
    { value: 'no', label: t('play.promote.no') },
  ]);
  return pick === null ? null : pick === 'yes';
}

function boardKey(s: RoomState): string {
  const v = s.game.variant;
  return `${s.game.id}:${v ? `${v.name}:${v.files}x${v.ranks}` : ''}:${spectatorBoard(s) ? 'spectator' : 'player'}`;
}

// A spectator's board has no typed hidden pieces in hand, until a hidden-piece game is
// over and everything may be shown; a review hides nothing.
function spectatorBoard(s: RoomState): boolean {
  return s.role === 'spectator' && !s.review && !(s.status === 'over' && gameMeta(s.game.id)?.hiddenPieces);
}
