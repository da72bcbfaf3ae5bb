// The review (感想戦) on the room page: after a game the players open a shared board on
// which anyone allowed moves, branches, goes back and forth and draws arrows; this panel
// holds its variation list, the navigation, the spectators' leave, saving and closing.
// The board itself is the room's, fed by reviewBoardInput() while a review is open.
import { h } from './dom';
import { t } from '../i18n';
import type { RoomState } from '../state/room';
import { canDrive, hintHere, hintScore, reviewGame, reviewRows, reviewTargets, type Review } from '../state/review';
import { importButton } from './import-dialog';
import type { BoardInput } from '../boards/board';
import type { RoomActions } from './controls';
import type { MoveClass, ReviewHint, ReviewRecord } from '../protocol/messages';
import { CLASS_MARK } from '../state/analysis';
import { externalLinksRow } from './external-links-view';
import type { LinkMove } from '../games/external-links';

export class ReviewPanel {
  readonly el = h('section', { class: 'review-panel', 'data-testid': 'review-panel', hidden: true });
  private listScrolledTo = -1;
  // The engine's last hint for this user (review_hint's answer, never shared) and the review
  // it was asked in; `asking` while an answer is awaited (at most a few seconds).
  private hint: ReviewHint | null = null;
  private hintGame: number | null = null;
  private askedGame: number | null = null;
  private asking = false;
  private askTimer: number | undefined;
  private last: RoomState | null = null;
  private marks = new Map<number, MoveClass>();

  constructor(
    private readonly actions: RoomActions,
    private readonly computerPlays: (gameId: string) => boolean,
  ) {}

  // review_hint's answer.
  showHint(h: ReviewHint): void {
    this.hint = h;
    this.hintGame = this.askedGame;
    this.asking = false;
    window.clearTimeout(this.askTimer);
    if (this.last) this.update(this.last);
  }

  // The hint for the node the review shows, if there is one (the board draws its arrow).
  hintHere(s: RoomState): ReviewHint | null {
    return hintHere(s.review, this.hint, this.hintGame);
  }

  private askHint(r: Review): void {
    this.asking = true;
    this.askedGame = r.gameNo;
    this.actions.send('review_hint');
    // A refusal comes back as an error (shown by the page): the button comes back too.
    window.clearTimeout(this.askTimer);
    this.askTimer = window.setTimeout(() => {
      this.asking = false;
      if (this.last) this.update(this.last);
    }, 5000);
    if (this.last) this.update(this.last);
  }

  // `marks`: the computer analysis's verdicts on the main line's nodes (state/analysis.ts).
  update(s: RoomState, marks: Map<number, MoveClass> = this.marks): void {
    this.last = s;
    this.marks = marks;
    const r = s.review;
    const mayOpen = s.status === 'over' && s.role === 'player';
    // A record may be brought in by a player whenever no game is being played.
    const mayImport = s.role === 'player' && s.status !== 'playing' && !!this.actions.importRecord;
    this.el.hidden = !r && !mayOpen && !mayImport;
    this.el.classList.toggle('open', !!r);
    if (!r) {
      // Opens at the last move; the players go wherever they like from there.
      this.listScrolledTo = -1;
      this.el.replaceChildren();
      if (mayOpen) this.el.append(h('button', {
        type: 'button', class: 'btn review-open', 'data-testid': 'review-open',
        onclick: () => this.actions.send('review_start', { ply: s.moves.length }),
      }, t('review.open')));
      if (mayImport) this.el.append(' ', importButton(this.actions));
      return;
    }
    const drive = canDrive(r, s.role);
    const imported = r.imported;
    this.el.replaceChildren(
      h('h2', { class: 'review-title' }, t('review.title')),
      ...(imported ? [h('p', { class: 'review-imported', 'data-testid': 'review-imported' },
        t('import.shown', { name: imported.name || t('import.unnamed'), format: imported.format.toUpperCase() }))] : []),
      h('p', { class: 'review-hint' }, s.role === 'player' || drive ? t('review.hint') : t('review.watching')),
      this.navigation(r, drive),
      this.list(r, drive),
      this.engine(s, r, drive),
      this.buttons(s, r),
      this.elsewhere(s, r) ?? '',
    );
    // Keep the node looked at in sight, once per change.
    if (this.listScrolledTo !== r.current) {
      this.listScrolledTo = r.current;
      this.el.querySelector('.review-row.current')?.scrollIntoView?.({ block: 'nearest' });
    }
  }

  // A move made on the board while the review is open.
  move(s: RoomState, move: string): void {
    if (s.review) this.actions.send('review_move', { move, version: s.review.version });
  }

  // ←/→/Home/End while the review is open: the same as its buttons, for whoever may drive.
  navigate(s: RoomState, key: 'prev' | 'next' | 'start' | 'end'): void {
    const r = s.review;
    if (!r || !canDrive(r, s.role)) return;
    const to = reviewTargets(r);
    this.goTo(key === 'prev' ? to.back : key === 'next' ? to.forward : key === 'start' ? to.start : to.end);
  }

  private goTo(node: number | null): void {
    if (node !== null) this.actions.send('review_goto', { node });
  }

  private navigation(r: Review, drive: boolean): HTMLElement {
    const to = reviewTargets(r);
    const button = (label: string, icon: string, node: number | null, id: string) =>
      h('button', {
        type: 'button', class: 'btn small', title: label, 'aria-label': label, 'data-testid': `review-${id}`,
        disabled: !drive || node === null, onclick: () => this.goTo(node),
      }, icon);
    const pass = drive && r.legalMoves.includes('pass')
      ? h('button', { type: 'button', class: 'btn small', 'data-testid': 'review-pass', onclick: () => this.actions.send('review_move', { move: 'pass', version: r.version }) }, t('play.pass'))
      : null;
    return h('div', { class: 'review-nav', role: 'group', 'aria-label': t('review.title') },
      button(t('review.start'), '«', to.start, 'start'),
      button(t('review.back'), '‹', to.back, 'back'),
      button(t('review.forward'), '›', to.forward, 'forward'),
      button(t('review.end'), '»', to.end, 'end'),
      pass);
  }

  private list(r: Review, drive: boolean): HTMLElement {
    const rows = reviewRows(r);
    const items = rows.map((row) => h('li', { class: `review-row depth-${Math.min(row.depth, 6)}${row.current ? ' current' : ''}${row.lineStart ? ' line-start' : ''}`, 'data-node': row.id },
      h('button', {
        type: 'button', class: 'review-move', disabled: !drive, 'aria-current': row.current ? 'true' : undefined,
        onclick: () => this.goTo(row.id),
      }, h('span', { class: 'review-ply' }, `${row.ply}.`), ' ', row.display, mark(this.marks.get(row.id)))));
    const atStart = h('li', { class: `review-row depth-0${r.current === 0 ? ' current' : ''}`, 'data-node': 0 },
      h('button', { type: 'button', class: 'review-move', disabled: !drive, onclick: () => this.goTo(0) }, t('review.start')));
    return h('ol', { class: 'review-tree', 'aria-label': t('review.variations'), 'data-testid': 'review-tree' }, atStart, ...items);
  }

  // The "Hint" button for whoever may drive, and the answer for the node shown.
  private engine(s: RoomState, r: Review, drive: boolean): HTMLElement {
    const box = h('div', { class: 'review-engine', 'data-testid': 'review-engine' });
    const here = this.hintHere(s);
    // Hints come from the computer opponent's engine: the games it plays.
    if (drive && this.computerPlays(reviewGame(r, s.game.id)))
      box.append(h('button', {
        type: 'button', class: 'btn small', 'data-testid': 'review-hint', title: t('review.engineTitle'),
        disabled: this.asking || r.legalMoves.length === 0, onclick: () => this.askHint(r),
      }, t('review.engine')));
    if (this.asking) box.append(h('span', { class: 'review-engine-text' }, t('review.engineThinking')));
    else if (here) {
      const sc = hintScore(here);
      const score = sc.kind === 'pawns' ? t('review.enginePawns', { score: sc.text })
        : sc.kind === 'discs' ? t('review.engineDiscs', { score: sc.text })
        : t(sc.kind === 'wins' ? 'review.engineWins' : 'review.engineLoses');
      box.append(h('span', { class: 'review-engine-text', 'data-testid': 'review-hint-text' },
        t('review.engineMove', { level: here.level, move: here.display || here.move, score })));
    }
    return box;
  }

  // The position on the board on another site's analysis board and, when the review is of
  // the room's game (whose start is known), the line leading to it.
  private elsewhere(s: RoomState, r: Review): HTMLElement | null {
    const ofThisGame = r.gameNo === s.gameNo;
    return externalLinksRow({
      gameId: s.game.id, position: r.position, atPly: r.ply,
      initial: ofThisGame ? s.initialPosition : undefined,
      moves: ofThisGame ? reviewLine(r) : undefined,
    }, 'review-links');
  }

  private buttons(s: RoomState, r: Review): HTMLElement {
    const box = h('div', { class: 'review-buttons' });
    if (s.role === 'player') {
      const toggle = h('input', { type: 'checkbox', 'data-testid': 'review-allow', checked: r.spectatorsMayDrive });
      toggle.addEventListener('change', () => this.actions.send('review_allow', { spectators: toggle.checked }));
      box.append(h('label', { class: 'review-allow' }, toggle, ' ', t('review.allow')));
    } else if (r.spectatorsMayDrive) {
      box.append(h('p', { class: 'review-hint' }, t('review.spectatorsDrive')));
    }
    // Saving is for whoever may drive (the server refuses anyone else not_a_player).
    if (s.role === 'player' || r.spectatorsMayDrive)
      box.append(h('button', { type: 'button', class: 'btn small', 'data-testid': 'review-save', onclick: () => this.actions.send('review_save') }, t('review.save')));
    if (s.role === 'player')
      box.append(h('button', { type: 'button', class: 'btn small', 'data-testid': 'review-close', onclick: () => this.actions.send('review_close') }, t('review.close')));
    if (s.role === 'player' && s.status !== 'playing' && this.actions.importRecord) box.append(importButton(this.actions));
    return box;
  }
}

// A move's analysis mark, seen and said (as in the game's move list).
function mark(c: MoveClass | undefined): HTMLElement[] {
  if (!c) return [];
  return [h('span', { class: `ml-mark an-${c}`, 'aria-hidden': 'true', 'data-class': c }, CLASS_MARK[c]), h('span', { class: 'sr-only' }, ` (${t(`analysis.class.${c}`)})`)];
}

// What the room's board draws while a review is open: the review's position, and its legal
// moves for whoever may drive (either side's, as the review goes).
export function reviewBoardInput(s: RoomState, r: Review, bottomSeat: 0 | 1): BoardInput {
  const drive = canDrive(r, s.role);
  return {
    gameId: reviewGame(r, s.game.id),
    position: r.position,
    lastMove: r.lastMove,
    legalMoves: drive ? r.legalMoves : [],
    toMove: r.toMove,
    mySeat: drive ? r.toMove : null,
    bottomSeat,
    inCheck: r.inCheck,
    over: drive && r.legalMoves.length === 0,
    premove: false,
  };
}

// review_save's answer: the record offered as a download.
export function downloadReviewRecord(r: ReviewRecord): void {
  const url = URL.createObjectURL(new Blob([r.text], { type: 'text/plain;charset=utf-8' }));
  const a = h('a', { href: url, download: r.filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// The moves from the review's start to the node it shows, oldest first.
export function reviewLine(r: Review): LinkMove[] {
  const line: LinkMove[] = [];
  for (let id = r.current; id > 0 && line.length <= r.nodes.length; id = r.nodes[id].parent)
    line.push({ move: r.nodes[id].move, display: r.nodes[id].display || r.nodes[id].move });
  return line.reverse();
}
