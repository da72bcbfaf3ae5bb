// One player's strip above or below the board: side, name, presence, material and clock.
// The hand slot is a stable element so shogiground can draw the hand into it.
import { h } from './dom';
import { t } from '../i18n';
import type { RoomState } from '../state/room';
import { playerOnSeat } from '../state/room';
import { clockFace, firstMoveLeft, formatClock, formatLongClock, type ClockFace } from '../state/clock';
import { roomSideName } from '../games/names';
import { gameMeta } from '../games/catalog';
import { chessPiece } from './dialogs';
import { chessCaptured, hasamiCaptures, reversiDiscs } from './material';
import type { ImpasseSide } from '../protocol/messages';

export class PlayerBar {
  readonly el: HTMLElement;
  readonly hand: HTMLElement;
  private readonly info: HTMLElement;
  private readonly side: HTMLElement;
  private readonly material: HTMLElement;
  private readonly clock: HTMLElement;
  private readonly clockTime: HTMLElement;
  private readonly clockExtra: HTMLElement;
  private readonly firstMove: HTMLElement;
  private seatShown: 0 | 1 = 0;
  private byoyomiSeen = false;

  // The seat this bar shows.
  get seat(): 0 | 1 {
    return this.seatShown;
  }

  constructor(position: 'top' | 'bottom') {
    this.info = h('div', { class: 'pb-info' });
    this.side = h('div', { class: 'pb-sideline' });
    this.material = h('div', { class: 'pb-material' });
    this.hand = h('div', { class: 'pb-hand' });
    this.clockTime = h('span', { class: 'clock-time' });
    this.clockExtra = h('span', { class: 'clock-extra' });
    this.firstMove = h('span', { class: 'clock-first-move', 'data-testid': `first-move-${position}` });
    this.clock = h('div', { class: 'clock', role: 'timer', 'aria-live': 'off' }, this.clockTime, this.clockExtra, this.firstMove);
    this.el = h('div', { class: `player-bar pb-${position}` },
      h('div', { class: 'pb-main' }, this.info, h('div', { class: 'pb-sub' }, this.side, this.material)), this.hand, this.clock);
  }

  update(s: RoomState, seat: 0 | 1): void {
    if (seat !== this.seatShown) this.byoyomiSeen = false;
    this.seatShown = seat;
    const p = playerOnSeat(s, seat);
    const me = s.seat === seat;
    const turn = s.status === 'playing' && s.toMove === seat;
    this.el.classList.toggle('to-move', turn);
    this.el.dataset.seat = String(seat);
    const parts: (HTMLElement | null)[] = [
      h('span', { class: 'pb-name', 'data-testid': `name-${seat}` }, p ? playerName(p.info) : '…'),
      p ? h('span', { class: `presence ${p.info.connected ? 'on' : 'off'}`, role: 'img', title: t(p.info.connected ? 'room.online' : 'room.offline'), 'aria-label': t(p.info.connected ? 'room.online' : 'room.offline') }) : null,
      s.score[0] + s.score[1] > 0 && p ? h('span', { class: 'pb-score' }, String(s.score[p.index])) : null,
      // The computer's turn: say it is thinking, so a long search does not look like a hang.
      turn && p?.info.computer ? h('span', { class: 'pb-thinking', role: 'status', 'data-testid': 'computer-thinking' },
        h('span', { class: 'thinking-dots', 'aria-hidden': 'true' }), t('player.thinking')) : null,
    ];
    this.info.replaceChildren(...parts.filter((x): x is HTMLElement => x !== null));
    this.side.replaceChildren(
      h('span', { class: `side-dot pieces-${gameMeta(s.game.id)?.board ?? 'none'} seat-${seat} side-${s.game.id}-${seat}`, 'aria-hidden': 'true' }),
      h('span', { class: 'pb-side' }, roomSideName(s.game.id, s.options.handicap, seat)),
      me ? h('span', { class: 'pb-you' }, `· ${t('room.you')}`) : '',
    );
    this.material.replaceChildren(...this.materialFor(s, seat));
    this.clock.hidden = !s.clock || s.clock.kind === 'none';
    this.tick(s, performance.now());
  }

  // Redraws the clock face only (called many times a second); returns the face shown.
  tick(s: RoomState, now: number): ClockFace | null {
    if (!s.clock || s.clock.kind === 'none') return null;
    const running = s.status === 'playing' && s.clock.running === this.seat;
    const face = clockFace(s.clock, this.seat, running ? now - s.clockReceivedAt : 0, s.options.clock, this.byoyomiSeen);
    if (face.inByoyomi) this.byoyomiSeen = true;
    const text = s.options.clock.kind === 'correspondence' ? formatLongClock(face.ms) : formatClock(face.ms);
    if (this.clockTime.textContent !== text) this.clockTime.textContent = text;
    const extra = byoyomiLabel(s, face.inByoyomi, face.periods);
    if (this.clockExtra.textContent !== extra) this.clockExtra.textContent = extra;
    this.clock.classList.toggle('running', running);
    this.clock.classList.toggle('low', face.low && s.status === 'playing');
    const first = this.tickFirstMove(s, now);
    this.clock.setAttribute('aria-label', `${roomSideName(s.game.id, s.options.handicap, this.seat)} ${text}${face.low ? ' ' + t('clock.low') : ''}${first ? ' ' + first : ''}`);
    return face;
  }

  // The first-move countdown of this bar's side, under its clock (whose time does not run
  // yet): the seconds left before the game is aborted. Returns the text shown, or ''.
  private tickFirstMove(s: RoomState, now: number): string {
    const left = s.status === 'playing' ? firstMoveLeft(s.clock, this.seat, now - s.clockReceivedAt) : null;
    const text = left === null ? '' : t('clock.firstMove', { s: Math.ceil(left / 1000) });
    if (this.firstMove.textContent !== text) {
      this.firstMove.textContent = text;
      this.firstMove.title = left === null ? '' : t('clock.firstMoveHint', { s: Math.ceil(left / 1000) });
    }
    this.clock.classList.toggle('first-move', left !== null);
    this.clock.classList.toggle('first-move-low', left !== null && left < 10_000);
    return text;
  }

  private materialFor(s: RoomState, seat: 0 | 1): (HTMLElement | string)[] {
    const kind = gameMeta(s.game.id)?.material ?? 'none';
    if (kind === 'pieces') {
      const victim = seat === 0 ? 'b' : 'w';
      const color = victim === 'w' ? 'white' : 'black';
      const names: Record<string, string> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
      return chessCaptured(s.position, victim).map((p) => chessPiece(`${names[p]} ${color}`, 'captured'));
    }
    if (kind === 'count') {
      const n = hasamiCaptures(s.position)[seat];
      return n ? [h('span', { class: 'count-badge', title: t('play.captured') }, `${t('play.captured')} ${n}`)] : [];
    }
    if (s.impasse) {
      const count = impasseBadge(s.impasse[seat === 0 ? 'black' : 'white']);
      return count ? [count] : [];
    }
    if (kind === 'discs') {
      const n = reversiDiscs(s.position)[seat];
      return [h('span', { class: `disc-count disc-${seat}`, 'data-testid': `discs-${seat}` }, String(n))];
    }
    return [];
  }
}

// A side's impasse (入玉) count, shown once its king stands in the enemy camp: the points
// and pieces a declaration needs, marked when both are reached.
function impasseBadge(c: ImpasseSide): HTMLElement | null {
  if (!c.king_in_camp) return null;
  const ready = c.pieces >= 10 && c.points >= c.needed;
  return h('span', { class: `count-badge impasse-count${ready ? ' ready' : ''}`, title: t('play.impasse_rule', { needed: c.needed }) },
    t('play.impasse_count', { points: c.points, needed: c.needed, pieces: c.pieces }));
}

// "+30s" before the periods start, "byoyomi ×2" once they run; empty for other clocks.
function byoyomiLabel(s: RoomState, inByoyomi: boolean, periods: number): string {
  const c = s.options.clock;
  if (c.kind !== 'byoyomi' || periods <= 0) return '';
  const count = periods > 1 ? ` ×${periods}` : '';
  return inByoyomi ? `${t('clock.byoyomi')}${count}` : `+${Math.round(c.period_ms / 1000)}s${count}`;
}

// The computer is named in the reader's language; a person by the name they chose.
export function playerName(p: { name: string; computer?: { level: number } }): string {
  return p.computer ? t('player.computer', { level: p.computer.level }) : p.name;
}
