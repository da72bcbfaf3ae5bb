// The moves so far in the game's notation: numbered pairs for chess and reversi, one
// numbered ply per line for the shogi family (as kifu are written).
import { h } from './dom';
import { t, lang } from '../i18n';
import { shogiDisplay } from '../games/shogi-notation';
import type { MoveEntry } from '../protocol/messages';
import { gameMeta } from '../games/catalog';

const SHOGI_MARK = ['☗', '☖'];

// `readable`: the moves as people write them when the server sent only USI (shogi).
export function renderMoveList(gameId: string, moves: MoveEntry[], initial = ''): HTMLElement {
  const meta = gameMeta(gameId);
  if (meta?.shogiNotation && moves.some((m) => m.display === m.move)) {
    const text = shogiDisplay(initial, moves.map((m) => m.move), meta.files, lang() === 'ja' ? 'japanese' : 'western');
    moves = moves.map((m, i) => (m.display === m.move ? { move: m.move, display: text[i] } : m));
  }
  const list = h('ol', { class: `move-list ml-${gameId}`, 'aria-label': t('play.moves'), tabindex: 0 });
  const pairs = meta?.movePairs ?? false;
  if (pairs) {
    for (let i = 0; i < moves.length; i += 2) {
      list.append(h('li', { class: 'ml-pair' },
        h('span', { class: 'ml-no' }, `${i / 2 + 1}.`),
        h('span', { class: 'ml-move' }, label(moves[i])),
        moves[i + 1] ? h('span', { class: 'ml-move' }, label(moves[i + 1])) : null));
    }
  } else {
    moves.forEach((m, i) =>
      list.append(h('li', { class: 'ml-ply' },
        h('span', { class: 'ml-no' }, String(i + 1)),
        h('span', { class: 'ml-move' }, markedPly(label(m), i)))));
  }
  const last = list.lastElementChild;
  if (last) last.classList.add('last');
  return list;
}

// A shogi-family ply with its side's mark, unless the notation already carries one (the
// server's KIF-style display writes ▲/△ itself): never two marks in a row.
export function markedPly(text: string, index: number): string {
  return /^[▲△☗☖]/.test(text) ? text : `${SHOGI_MARK[index % 2]}${text}`;
}

function label(m: MoveEntry): string {
  return m.move === 'pass' ? t('play.pass') : m.display || m.move;
}
