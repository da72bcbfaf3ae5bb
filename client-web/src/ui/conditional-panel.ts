// Conditional moves in a correspondence game (docs/client.md): after moving, a player may
// leave lines "if they answer X, I play Y", one line per row, moves separated by spaces, in
// the notation the board sends (7g7f, e2e4). The server checks them, keeps them hidden from
// everyone else and plays the answer when the opponent's move begins a line. Shown only to a
// player of a correspondence game in play.
import { h } from './dom';
import { t } from '../i18n';
import type { ErrorMsg } from '../protocol/messages';
import type { RoomState } from '../state/room';
import type { RoomActions } from './controls';

// The form's text as lines of moves: one line per row, empty rows skipped.
export function readLines(text: string): string[][] {
  return text
    .split('\n')
    .map((row) => row.trim().split(/[\s,]+/).filter((m) => m.length > 0))
    .filter((line) => line.length > 0);
}

export function writeLines(lines: string[][]): string {
  return lines.map((line) => line.join(' ')).join('\n');
}

export class ConditionalPanel {
  readonly el = h('section', { class: 'conditional-panel', 'data-testid': 'conditional-panel', hidden: true });
  private readonly text = h('textarea', {
    rows: 3, spellcheck: false, autocapitalize: 'off', 'data-testid': 'conditional-lines',
    'aria-label': t('conditional.title'),
  }) as HTMLTextAreaElement;
  private readonly note = h('p', { class: 'conditional-note', role: 'status', 'data-testid': 'conditional-note' });
  private asked: number | null = null;
  private shownFor = '';

  constructor(private readonly actions: RoomActions) {
    const save = h('button', { type: 'button', class: 'btn primary', 'data-testid': 'conditional-save', onclick: () => this.save(readLines(this.text.value)) }, t('conditional.save'));
    const clear = h('button', { type: 'button', class: 'btn', 'data-testid': 'conditional-clear', onclick: () => { this.text.value = ''; this.save([]); } }, t('conditional.clear'));
    this.el.append(
      h('h3', {}, t('conditional.title')),
      h('p', { class: 'hint' }, t('conditional.hint')),
      this.text,
      h('div', { class: 'controls' }, save, clear),
      this.note,
    );
  }

  update(s: RoomState): void {
    const player = s.role === 'player';
    const correspondence = s.options.clock.kind === 'correspondence';
    const lines = s.conditionals?.lines ?? [];
    const theirTurn = player && s.status === 'playing' && s.seat !== s.toMove;
    this.el.hidden = !(player && correspondence && s.status === 'playing' && (theirTurn || lines.length > 0));
    this.text.disabled = !theirTurn;
    // The kept lines replace the text when they change (not while the player types).
    const key = JSON.stringify(lines);
    if (key !== this.shownFor) {
      this.shownFor = key;
      if (document.activeElement !== this.text) this.text.value = writeLines(lines);
      this.note.textContent = lines.length > 0 ? t('conditional.kept', { n: lines.length }) : '';
    }
  }

  // An error answering this panel's request: said here instead of as a toast.
  refused(e: ErrorMsg): boolean {
    if (this.asked === null || e.re !== this.asked) return false;
    this.asked = null;
    this.note.textContent = t('conditional.refused', { message: e.message });
    return true;
  }

  private save(lines: string[][]): void {
    this.asked = this.actions.ask?.('conditional_set', { lines }) ?? null;
    if (this.asked === null) this.actions.send('conditional_set', { lines });
  }
}
