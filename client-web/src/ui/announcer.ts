// What a change of the room says to the player besides the board: sounds, the hidden tab's
// title and icon, system notifications (opt-in, hidden tab only), the result dialog, the
// clock's cues (beeps, the low-time warning, spoken seconds) and, for screen readers, each
// move in a live region.
import { h } from './dom';
import { t } from '../i18n';
import type { RoomState } from '../state/room';
import { isMyTurn } from '../state/room';
import { sideName } from '../games/names';
import { resultText } from '../state/result-text';
import { clockCue, crossedWarning, type ClockFace } from '../state/clock';
import { showResult } from './dialogs';
import type { Sound } from './sound';
import type { Notifier } from './notifier';
import type { Settings } from '../settings/settings';
import { sayNumber } from './speech';
import { Attention } from './attention';

// One per page: the tab has one title.
const attention = new Attention();

export class Announcer {
  // Read out by screen readers: each move as it is played.
  readonly live = h('p', { class: 'sr-only', 'aria-live': 'polite', 'aria-atomic': 'true', 'data-testid': 'move-announce' });
  private shownResultFor = '';
  private myLastFace: ClockFace | null = null;

  constructor(
    private readonly sound: Sound,
    private readonly notifier: Notifier,
    private readonly settings: () => Settings,
    private readonly rematch: () => void,
  ) {}

  change(prev: RoomState | null, s: RoomState): void {
    const opponent = s.seat === null ? null : ((1 - s.seat) as 0 | 1);
    const opponentName = s.players.find((p) => p && p.seat === opponent)?.name ?? '';
    if (s.lastChange === 'move') {
      const capture = prev && countPieces(prev.position) > countPieces(s.position);
      this.sound.play(capture ? 'capture' : 'move');
      const last = s.moves[s.moves.length - 1];
      if (last) this.live.textContent = t('a11y.moved', { side: sideName(s.game.id, (1 - s.toMove) as 0 | 1), move: last.display || last.move });
      if (s.role === 'player' && isMyTurn(s) && attention.raise(t('attention.yourTurn'))) {
        this.sound.play('notify'); // heard from another tab
        this.notifier.tell(t('notify.moved', { name: opponentName }));
      }
    }
    if (prev && prev.offers !== s.offers && Object.entries(s.offers).some(([k, v]) => v !== null && v !== s.seat && prev.offers[k as keyof typeof s.offers] !== v)) {
      this.sound.play('notify');
      if (s.role === 'player') attention.raise(t('attention.offer'));
      if (s.role === 'player' && s.offers.draw === opponent && prev.offers.draw !== opponent)
        this.notifier.tell(t('notify.draw', { name: opponentName }));
    }
    if (prev && s.role === 'player' && opponent !== null) {
      const was = prev.players.find((p) => p && p.seat === opponent);
      const now = s.players.find((p) => p && p.seat === opponent);
      if (was && now && !was.connected && now.connected) this.notifier.tell(t('notify.back', { name: now.name }));
    }
    this.result(s);
  }

  // A player hears their own clock: a beep for each of the last seconds (or the number
  // spoken), a tone at each byoyomi period, a warning once when the main time runs low.
  clock(s: RoomState, mine: ClockFace | null): void {
    if (mine) {
      const cue = clockCue(this.myLastFace, mine);
      const speech = this.settings().speech;
      if (cue === 'low' && speech !== 'off' && this.settings().sound) sayNumber(Math.ceil(mine.ms / 1000), speech, this.settings().volume / 100);
      else if (cue) this.sound.play(cue);
      if (crossedWarning(this.myLastFace, mine, s.options.clock)) this.sound.play('warning');
    }
    this.myLastFace = mine;
  }

  private result(s: RoomState): void {
    const key = `${s.room}:${s.gameNo}`;
    if (s.status !== 'over' || !s.result || this.shownResultFor === key) return;
    this.shownResultFor = key;
    if (s.lastChange !== 'game_over') return;
    this.sound.play('end');
    const r = resultText(s.result, (seat) => sideName(s.game.id, seat), s.role === 'spectator', s.position);
    this.live.textContent = `${r.title} — ${r.reason}`;
    const extra = s.role === 'player'
      ? [h('button', { type: 'button', class: 'btn primary', 'data-testid': 'dialog-rematch', onclick: (e: Event) => { this.rematch(); (e.target as HTMLElement).closest('dialog')?.close(); } }, t('play.rematch'))]
      : [];
    showResult(r, extra);
  }
}

function countPieces(position: string): number {
  const board = position.split(' ')[0] ?? '';
  return (board.match(/[A-Za-z]/g) ?? []).length;
}
