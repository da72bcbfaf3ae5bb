// The home page: create a room (game, clock, side, toggles, nickname) and see open rooms.
import { t, tMaybe, type MessageKey } from '../i18n';
import { GAMES, isGameId } from '../games/catalog';
import { gameName, sideName, variantRules } from '../games/names';
import { groupByFamily } from '../games/families';
import { variantDiagram } from '../games/variant-diagram';
import type { GameInfoMsg, PublicRoom, RoomOptions } from '../protocol/messages';
import type { RoomInvite } from '../protocol/positions';
import { renderVariantForm, type VariantChecker, type VariantForm } from '../games/variant-form';
import { renderVariantGuide } from './variant-guide';
import { toast } from './dialogs';
import { correspondenceClock, customClock, defaultPreset, MAX_CORRESPONDENCE_DAYS, presetsFor } from './presets';
import { describeClock } from '../state/clock';
import { h } from './dom';
import { gameIcon } from './icons';
import { renderStartOptions } from './start-options';
import { COMPUTER_LEVELS } from '../games/computer';

export interface HomeProps {
  available: (id: string) => boolean | undefined; // undefined while the server has not said
  byoyomi: (id: string) => boolean; // the game's clock counts byoyomi (else increments)
  computer: (id: string) => boolean; // the computer opponent plays the game
  variants: GameInfoMsg[]; // the built-in fairy-chess variants the server offers
  checkVariant: VariantChecker; // asks the server about a definition (check_variant)
  name: string;
  rooms: PublicRoom[];
  onCreate: (name: string, options: RoomOptions) => void;
}

export interface HomePage {
  el: HTMLElement;
  // Redraws what the server's words change (games offered, their clocks, open rooms),
  // keeping what the visitor has already chosen or typed.
  update(p: HomeProps): void;
}

export function renderHome(props: HomeProps, initialGame = GAMES[0].id): HomePage {
  let p = props;
  let variantForm: VariantForm | null = null;
  const variantBox = h('div', { class: 'variant-box' });
  const guideBox = h('div', { class: 'guide-box' });
  let game: string = p.available(initialGame) === false ? (GAMES.find((g) => p.available(g.id) !== false)?.id ?? initialGame) : initialGame;
  let presetId = '';
  let timeDrawnFor: boolean | null = null; // the kind of clock the time box shows

  const form = h('form', { class: 'create-form', 'aria-labelledby': 'create-title' });
  const gameList = h('div', { class: 'game-groups', role: 'radiogroup', 'aria-label': t('home.game') });
  const timeBox = h('div', { class: 'time-box' });
  const sideBox = h('div', { class: 'side-box', role: 'radiogroup', 'aria-label': t('home.side') });
  const start = renderStartOptions(game, () => drawSides());
  const nameInput = h('input', {
    type: 'text', id: 'nickname', name: 'nickname', maxlength: 32, autocomplete: 'nickname',
    placeholder: t('home.nickname.placeholder'), value: p.name, required: true,
  });
  // "Play the computer": a level, for the games the computer plays.
  const computerBox = h('fieldset', { class: 'toggles computer-box' });
  let computerOn = false;
  let computerLevel = 1;
  function drawComputer(): void {
    const offered = p.computer(game);
    computerBox.replaceChildren(
      h('label', { class: 'toggle' },
        h('input', {
          type: 'checkbox', id: 'computer', name: 'computer', 'data-testid': 'play-computer',
          checked: computerOn && offered, disabled: !offered,
          onchange: (e: Event) => { computerOn = (e.target as HTMLInputElement).checked; drawComputer(); },
        }),
        h('span', {}, t(offered ? 'home.computer' : 'home.computer.unavailable'))),
      computerOn && offered
        ? h('label', { class: 'computer-level' }, t('home.computer.level'),
            h('select', {
              name: 'computer-level', 'data-testid': 'computer-level',
              onchange: (e: Event) => { computerLevel = Number((e.target as HTMLSelectElement).value); },
            }, COMPUTER_LEVELS.map((l) => h('option', { value: l, selected: l === computerLevel }, String(l)))))
        : '');
  }
  const toggle = (id: string, key: MessageKey, on: boolean) =>
    h('label', { class: 'toggle' }, h('input', { type: 'checkbox', id, name: id, checked: on }), h('span', {}, t(key)));

  function drawVariantForm(): void {
    if (game !== 'custom') {
      variantBox.replaceChildren();
      return;
    }
    variantForm ??= renderVariantForm(p.checkVariant);
    variantBox.replaceChildren(variantForm.el);
  }

  // The six games first; then the fairy-chess variants by family (groups folded but for
  // the one holding the chosen game, so the rest of the form stays in reach), each variant
  // with a picture of its start and its rules in a paragraph; a host's own variant last.
  const groupOpen = new Map<string, boolean>(); // what the visitor opened or folded
  function drawGames(): void {
    const card = (g: { id: string; info?: GameInfoMsg }): HTMLElement => {
      const avail = g.id === 'custom' ? (p.variants.length ? true : undefined) : p.available(g.id);
      const rules = g.info?.variant ? variantRules(g.id) : undefined;
      return h(
        'label',
        { class: `game-card${g.id === game ? ' selected' : ''}${avail === false ? ' unavailable' : ''}${g.info?.variant ? ' variant-card' : ''}`, 'data-game': g.id, 'data-fairy': !isGameId(g.id) },
        h('input', {
          type: 'radio', name: 'game', value: g.id, checked: g.id === game, disabled: avail === false,
          onchange: () => {
            const focused = gameList.contains(document.activeElement);
            game = g.id; presetId = ''; start.setGame(game); drawGames(); drawTime(); drawSides(); drawVariantForm(); drawComputer();
            // The cards are drawn anew: the keyboard stays on the chosen one (arrow keys go on).
            if (focused) gameList.querySelector<HTMLInputElement>(`input[name=game][value="${CSS.escape(game)}"]`)?.focus();
          },
        }),
        g.info?.variant ? variantDiagram(g.info.variant) : gameIcon(g.id),
        h('span', { class: 'game-text' },
          h('strong', {}, gameName(g.id, g.info)),
          h('span', { class: 'game-line' }, rules ?? tMaybe(`game.${g.id}.line`) ?? ''),
          avail === false ? h('span', { class: 'badge' }, t('game.unavailable')) : null,
        ),
      );
    };
    const classic = GAMES.map((g) => ({ id: g.id }));
    const groups = groupByFamily(p.variants).map(({ family, games }) => {
      const chosen = games.some((g) => g.id === game);
      const box = h('details', { class: 'fairy-group', 'data-testid': 'fairy-group', 'data-family': family, open: groupOpen.get(family) ?? chosen },
        h('summary', {}, t('variants.family.count', { title: t(`variants.family.${family}` as MessageKey), count: games.length })),
        h('div', { class: 'game-picker variant-picker' }, games.map((g) => card({ id: g.id, info: g }))));
      box.addEventListener('toggle', () => { groupOpen.set(family, (box as HTMLDetailsElement).open); });
      return box;
    });
    const own = p.variants.length > 0 ? h('div', { class: 'game-picker own-variant' }, card({ id: 'custom' })) : null;
    gameList.replaceChildren(h('div', { class: 'game-picker' }, classic.map(card)), ...groups, ...(own ? [own] : []));
  }

  let customKind: 'byoyomi' | 'fischer' | 'correspondence' = 'byoyomi';
  function drawTime(): void {
    const byoyomi = p.byoyomi(game);
    timeDrawnFor = byoyomi;
    const presets = presetsFor(byoyomi);
    if (!presets.some((x) => x.id === presetId) && presetId !== 'custom') presetId = defaultPreset(byoyomi).id;
    const chips = presets.map((x) =>
      h('label', { class: `chip${x.id === presetId ? ' selected' : ''}` },
        h('input', { type: 'radio', name: 'preset', value: x.id, checked: x.id === presetId, onchange: () => { presetId = x.id; drawTime(); } }),
        x.id === 'none' ? t('home.unlimited') : describeClock(x.clock)),
    );
    chips.push(
      h('label', { class: `chip${presetId === 'custom' ? ' selected' : ''}` },
        h('input', { type: 'radio', name: 'preset', value: 'custom', checked: presetId === 'custom', onchange: () => { presetId = 'custom'; drawTime(); } }),
        t('home.custom')),
    );
    // The Japanese games keep time with byoyomi or, as the server also allows, a Fischer
    // increment: their custom clock offers both.
    // Every game also offers days per move (correspondence).
    const useDays = customKind === 'correspondence';
    const useByoyomi = byoyomi && customKind === 'byoyomi';
    const kindChoice = h('label', {}, t('home.clockKind'),
      h('select', { name: 'clock-kind', 'data-testid': 'clock-kind', onchange: (e: Event) => { customKind = (e.target as HTMLSelectElement).value as typeof customKind; drawTime(); } },
        byoyomi ? h('option', { value: 'byoyomi', selected: useByoyomi }, t('home.kind.byoyomi')) : null,
        h('option', { value: 'fischer', selected: !useByoyomi && !useDays }, t('home.kind.fischer')),
        h('option', { value: 'correspondence', selected: useDays }, t('home.kind.correspondence'))));
    const custom = presetId === 'custom' && useDays
      ? h('div', { class: 'custom-time' },
          kindChoice,
          h('label', {}, t('home.daysPerMove'), h('input', { type: 'number', name: 'days', min: 1, max: MAX_CORRESPONDENCE_DAYS, step: 1, required: true, value: 3 })))
      : presetId === 'custom'
      ? h('div', { class: 'custom-time' },
          kindChoice,
          // A Fischer clock needs some main time; byoyomi may be periods only.
          h('label', {}, t('home.minutes'), h('input', { type: 'number', name: 'minutes', min: useByoyomi ? 0 : 0.05, max: 180, step: 'any', required: true, value: useByoyomi ? 10 : 5 })),
          h('label', {}, t(useByoyomi ? 'home.byoyomi' : 'home.increment'),
            h('input', { type: 'number', name: 'seconds', min: 0, max: 600, step: 1, value: useByoyomi ? 30 : 3 })),
          useByoyomi
            ? h('label', {}, t('home.periods'), h('input', { type: 'number', name: 'periods', min: 1, max: 10, step: 1, value: 1 }))
            : null)
      : null;
    timeBox.replaceChildren(h('div', { class: 'chips', role: 'radiogroup', 'aria-label': t('home.time') }, chips), custom ?? '');
  }

  let side: RoomOptions['side'] = 'random';
  function drawSides(): void {
    // With a handicap, seat 0 receives it and seat 1 (White, first to move) gives it.
    const handicap = start.handicap() !== 'even';
    const opts: [RoomOptions['side'], string][] = [
      ['first', handicap ? t('home.side.receiver') : sideName(game, 0)],
      ['random', t('home.side.random')],
      ['second', handicap ? t('home.side.giver') : sideName(game, 1)],
    ];
    sideBox.replaceChildren(
      ...opts.map(([v, label]) =>
        h('label', { class: `chip side-${v}${v === side ? ' selected' : ''}` },
          h('input', { type: 'radio', name: 'side', value: v, checked: v === side, onchange: () => { side = v; drawSides(); } }),
          label)),
    );
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const byoyomi = p.byoyomi(game);
    const clock = presetId === 'custom' && data.get('clock-kind') === 'correspondence'
      ? correspondenceClock(Number(data.get('days')))
      : presetId === 'custom'
      ? customClock(byoyomi && data.get('clock-kind') !== 'fischer', Number(data.get('minutes')), Number(data.get('seconds')), Number(data.get('periods') ?? 1))
      : presetsFor(byoyomi).find((x) => x.id === presetId)!.clock;
    const name = String(data.get('nickname') ?? '').trim() || 'Player';
    let custom = {};
    if (game === 'custom') {
      const chosen = variantForm?.value();
      if (!chosen) {
        toast(t('variant.fixFirst'), 'error');
        return;
      }
      custom = chosen;
    }
    p.onCreate(name, {
      game, clock, side, ...custom,
      takebacks: data.get('takebacks') === 'on',
      spectators: data.get('spectators') === 'on',
      public: data.get('public') === 'on',
      ...start.values(),
      ...(computerOn && p.computer(game) ? { computer: { level: computerLevel } } : {}),
    });
  });

  drawGames();
  drawTime();
  drawSides();
  drawVariantForm();
  const drawGuide = (): void => {
    guideBox.replaceChildren(p.variants.length ? renderVariantGuide(p.variants) : '');
  };
  drawGuide();
  drawComputer();
  form.append(
    h('h1', { id: 'create-title' }, t('home.create')),
    h('fieldset', {}, h('legend', {}, t('home.game')), gameList),
    variantBox,
    h('div', { class: 'form-row' },
      h('fieldset', {}, h('legend', {}, t('home.time')), timeBox),
      h('fieldset', {}, h('legend', {}, t('home.side')), sideBox)),
    start.el,
    h('fieldset', { class: 'toggles' },
      toggle('takebacks', 'home.takebacks', true),
      toggle('spectators', 'home.spectators', true),
      toggle('public', 'home.public', false)),
    computerBox,
    h('div', { class: 'form-row submit-row' },
      h('label', { class: 'nick', for: 'nickname' }, t('home.nickname'), nameInput),
      h('button', { type: 'submit', class: 'btn primary big', 'data-testid': 'create-room' }, t('home.submit'))),
  );

  const roomsList = h('section', { class: 'open-rooms', 'aria-labelledby': 'rooms-title' });
  const drawRooms = (): void => {
    roomsList.replaceChildren(
      h('h2', { id: 'rooms-title' }, t('home.public.list')),
      p.rooms.length
        ? h('ul', {}, p.rooms.map((r) =>
            h('li', {}, h('a', { href: `/r/${r.room}` }, gameIcon(r.game), ` ${gameName(r.game)} · ${describeClock(r.clock)} · ${r.host}`))))
        : h('p', { class: 'muted' }, t('home.public.none')),
      h('p', { class: 'muted' }, t('home.join')),
    );
  };
  drawRooms();

  return {
    el: h('div', { class: 'home' }, form, roomsList, guideBox),
    update(next: HomeProps): void {
      const hadVariants = p.variants.length;
      p = next;
      drawGames();
      drawComputer();
      if (hadVariants !== p.variants.length) drawGuide();
      if (p.byoyomi(game) !== timeDrawnFor) drawTime();
      drawRooms();
    },
  };
}

// Asked once, on the first visit through a share link: the name the other side will see.
// The card says what the link is for (the game, its clock, who invites) as soon as the
// room's answer comes, and when both seats are taken that the visitor will watch.
export function renderJoinCard(onJoin: (name: string) => void, invite: Promise<RoomInvite | null> = Promise.resolve(null)): HTMLElement {
  const input = h('input', {
    type: 'text', id: 'join-name', maxlength: 32, autocomplete: 'nickname', required: true,
    placeholder: t('home.nickname.placeholder'), 'data-testid': 'join-name',
  });
  const title = h('h1', {}, t('room.joinTitle'));
  const details = h('p', { class: 'join-details', 'data-testid': 'join-details' });
  const button = h('button', { type: 'submit', class: 'btn primary big', 'data-testid': 'join-submit' }, t('room.joinButton'));
  const form = h('form', { class: 'join-card' }, title, details,
    h('label', { for: 'join-name' }, t('home.nickname')),
    input,
    button);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (name) onJoin(name);
  });
  void invite.then((i) => {
    if (!i) return;
    const game = gameName(i.game, i.variant_name ? { id: i.game, name: i.variant_name, sides: ['', ''], side_letters: ['', ''], hidden_information: false } : undefined);
    title.textContent = i.host ? t('room.joinTitleFrom', { host: i.host, game }) : t('room.joinTitleGame', { game });
    const parts = [i.clock ? (i.clock.kind === 'none' ? t('home.unlimited') : describeClock(i.clock)) : ''];
    if (i.seats_taken >= 2) parts.push(i.spectators ? t('room.joinFullWatch') : t('room.joinFullClosed'));
    details.textContent = parts.filter(Boolean).join(' · ');
    if (i.seats_taken >= 2) button.textContent = t('room.watchButton');
  });
  queueMicrotask(() => input.focus());
  return form;
}
