// How the room's games start, on the home page: a shogi handicap (the giver, White, moves
// first), a position pasted in the game's own notation (checked by the server's rules core),
// and whether a rematch keeps the seats (a handicap series) or swaps them (the default).
import { t, type MessageKey } from '../i18n';
import type { RoomOptions } from '../protocol/messages';
import { h } from './dom';
import { gameMeta } from '../games/catalog';

// The server's handicap ids (docs/rules/handicaps.md), in the order players know them.
export const HANDICAPS = [
  'even', 'lance', 'bishop', 'rook', 'rook_lance', 'two_pieces', 'four_pieces', 'six_pieces',
  'eight_pieces', 'ten_pieces',
] as const;
export type Handicap = (typeof HANDICAPS)[number];

// Games whose start the host may paste: not one with hidden pieces (dog-cat), whose hidden
// kings the host would know, nor a variant of the host's own, which starts from its
// definition.
const pastable = (game: string): boolean => !gameMeta(game)?.hiddenPieces && game !== 'custom';
const MAX_POSITION = 512;

export type StartChoice = Pick<RoomOptions, 'handicap' | 'position' | 'rematch_sides'>;

export interface StartOptions {
  el: HTMLElement;
  // Redraws for another game, dropping what belonged to the previous one.
  setGame(game: string): void;
  handicap(): Handicap;
  values(): StartChoice;
}

export function renderStartOptions(initial: string, onChange: () => void): StartOptions {
  let game = initial;
  let handicap: Handicap = 'even';
  const el = h('fieldset', { class: 'start-options' });
  const keepSides = h('input', { type: 'checkbox', id: 'keep-sides', name: 'keep-sides' });
  const position = h('input', {
    type: 'text', id: 'start-position', name: 'start-position', maxlength: MAX_POSITION,
    spellcheck: false, autocomplete: 'off', placeholder: t('home.position.placeholder'),
    'aria-label': t('home.position'), 'data-testid': 'start-position',
  }) as HTMLInputElement;

  function draw(): void {
    const select = gameMeta(game)?.handicaps
      ? h('label', { class: 'handicap' }, t('home.handicap'),
          h('select', {
            id: 'handicap', name: 'handicap', 'data-testid': 'handicap',
            onchange: (e: Event) => {
              handicap = (e.target as HTMLSelectElement).value as Handicap;
              if (handicap !== 'even') position.value = '';
              draw();
              onChange();
            },
          }, ...HANDICAPS.map((id) =>
            h('option', { value: id, selected: id === handicap }, t(`handicap.${id}` as MessageKey)))))
      : null;
    const note = handicap !== 'even' ? h('p', { class: 'hint' }, t('home.handicap.note')) : null;
    const paste = pastable(game) && handicap === 'even'
      ? h('details', { class: 'start-position' },
          h('summary', {}, t('home.position')),
          position)
      : null;
    el.replaceChildren(
      h('legend', {}, t('home.start')),
      select ?? '', note ?? '', paste ?? '',
      h('label', { class: 'toggle' }, keepSides, h('span', {}, t('home.keepSides'))),
    );
  }

  draw();
  return {
    el,
    setGame(next) {
      if (next === game) return;
      game = next;
      handicap = 'even';
      position.value = '';
      keepSides.checked = false;
      draw();
    },
    handicap: () => handicap,
    values() {
      const v: StartChoice = { rematch_sides: keepSides.checked ? 'keep' : 'swap' };
      if (gameMeta(game)?.handicaps && handicap !== 'even') v.handicap = handicap;
      const pasted = position.value.trim();
      if (pastable(game) && handicap === 'even' && pasted) v.position = pasted;
      return v;
    },
  };
}
