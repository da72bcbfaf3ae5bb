// The moves so far in the game's notation: numbered pairs for chess and reversi, one
// numbered ply per line for the shogi family (as kifu are written). A game need not start
// with the first side: a shogi handicap starts with White (☖), a pasted FEN may have Black
// to move (the first row then reads "12. … e5", numbered from the FEN).
import { h } from './dom';
import { t, lang } from '../i18n';
import { shogiDisplay } from '../games/shogi-notation';
import type { MoveClass, MoveEntry } from '../protocol/messages';
import { CLASS_MARK } from '../state/analysis';
import { gameMeta } from '../games/catalog';

const SHOGI_MARK = ['☗', '☖'];

// Looking back (state/replay.ts): the ply shown is marked, and a click on a move asks for
// its position (`data-ply`: the ply after that move).
export interface MoveListNav {
  selected: number | null; // the ply shown while looking back; null: the game's own
  onSelect: (ply: number) => void;
}

// `readable`: the moves as people write them when the server sent only USI (shogi).
// `marks`: the computer analysis's verdict on each move (index = move), shown after it.
export function renderMoveList(gameId: string, moves: MoveEntry[], initial = '', nav?: MoveListNav, marks?: (MoveClass | null)[] | null): HTMLElement {
  const moveEl = (text: string, index: number) => markedMove(text, index, marks?.[index] ?? null);
  const meta = gameMeta(gameId);
  if (meta?.shogiNotation && moves.some((m) => m.display === m.move)) {
    const text = shogiDisplay(initial, moves.map((m) => m.move), meta.files, lang() === 'ja' ? 'japanese' : 'western');
    moves = moves.map((m, i) => (m.display === m.move ? { move: m.move, display: text[i] } : m));
  }
  const list = h('ol', { class: `move-list ml-${gameId}`, 'aria-label': t('play.moves'), tabindex: 0 });
  const pairs = meta?.movePairs ?? false;
  const start = startOf(meta?.board ?? '', initial);
  if (pairs) {
    for (const row of moveRows(moves.length, start)) {
      list.append(h('li', { class: 'ml-pair' },
        h('span', { class: 'ml-no' }, `${row.no}.`),
        row.first === null ? h('span', { class: 'ml-skip', 'aria-hidden': 'true' }, '…') : moveEl(label(moves[row.first]), row.first),
        row.second === null ? null : moveEl(label(moves[row.second]), row.second)));
    }
  } else {
    moves.forEach((m, i) =>
      list.append(h('li', { class: 'ml-ply' },
        h('span', { class: 'ml-no' }, String(i + 1)),
        moveEl(markedPly(label(m), i + start.firstSeat), i))));
  }
  const last = list.lastElementChild;
  if (last) last.classList.add('last');
  if (nav) {
    list.classList.add('navigable');
    if (nav.selected !== null) {
      list.classList.add('looking-back');
      const el = list.querySelector(`.ml-move[data-ply="${nav.selected}"]`);
      el?.classList.add('selected');
      el?.setAttribute('aria-current', 'step');
    }
    list.addEventListener('click', (e) => {
      const el = (e.target as Element).closest('.ml-move');
      const ply = Number(el?.getAttribute('data-ply'));
      if (el && ply > 0) nav.onSelect(ply);
    });
  }
  return list;
}

// One move, named by the ply it leads to (the first move leads to ply 1), with the
// analysis's mark (?!, ?, ??) seen and its word for screen readers.
export function markedMove(text: string, index: number, mark: MoveClass | null): HTMLElement {
  if (!mark) return h('span', { class: 'ml-move', 'data-ply': index + 1 }, text);
  return h('span', { class: `ml-move ml-${mark}`, 'data-ply': index + 1, 'data-class': mark }, text,
    h('span', { class: 'ml-mark', 'aria-hidden': 'true' }, CLASS_MARK[mark]),
    h('span', { class: 'sr-only' }, ` (${t(`analysis.class.${mark}`)})`));
}

// Who moved first and the first row's number, read from the start position: the SFEN's
// side ("b"/"w"), the FEN's side and full-move number, reversi's side letter ("X"/"O").
export interface MoveListStart {
  firstSeat: 0 | 1;
  firstNo: number;
}

export function startOf(board: string, initial: string): MoveListStart {
  const fields = initial.trim().split(/\s+/);
  if (board === 'koma') return { firstSeat: fields[1] === 'w' ? 1 : 0, firstNo: 1 };
  if (board === 'checkered' || board === 'fairy') {
    const no = Number(fields[5]);
    return { firstSeat: fields[1] === 'b' ? 1 : 0, firstNo: Number.isInteger(no) && no > 0 ? no : 1 };
  }
  if (board === 'discs') return { firstSeat: fields[fields.length - 1] === 'O' ? 1 : 0, firstNo: 1 };
  return { firstSeat: 0, firstNo: 1 };
}

// The numbered rows of a paired list: the indexes of each row's first-side and second-side
// moves (null: not played, or before the start when the second side moved first).
export function moveRows(count: number, start: MoveListStart): { no: number; first: number | null; second: number | null }[] {
  const rows: { no: number; first: number | null; second: number | null }[] = [];
  let i = 0;
  if (start.firstSeat === 1 && count > 0) {
    rows.push({ no: start.firstNo, first: null, second: 0 });
    i = 1;
  }
  for (; i < count; i += 2) rows.push({ no: start.firstNo + rows.length, first: i, second: i + 1 < count ? i + 1 : null });
  return rows;
}

// A shogi-family ply with its side's mark, unless the notation already carries one (the
// server's KIF-style display writes ▲/△ itself): never two marks in a row.
export function markedPly(text: string, index: number): string {
  return /^[▲△☗☖]/.test(text) ? text : `${SHOGI_MARK[index % 2]}${text}`;
}

function label(m: MoveEntry): string {
  return m.move === 'pass' ? t('play.pass') : m.display || m.move;
}
