// The moves so far in the game's notation: numbered pairs for chess and reversi, one
// numbered ply per line for the shogi family (as kifu are written).
import { h } from './dom';
import { t } from '../i18n';
import type { MoveEntry } from '../protocol/messages';

const SHOGI_MARK = ['☗', '☖'];

export function renderMoveList(gameId: string, moves: MoveEntry[]): HTMLElement {
  const list = h('ol', { class: `move-list ml-${gameId}`, 'aria-label': t('play.moves'), tabindex: 0 });
  const pairs = gameId === 'chess' || gameId === 'reversi';
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
        h('span', { class: 'ml-move' }, `${SHOGI_MARK[i % 2]}${label(m)}`))));
  }
  const last = list.lastElementChild;
  if (last) last.classList.add('last');
  return list;
}

function label(m: MoveEntry): string {
  return m.move === 'pass' ? t('play.pass') : m.display || m.move;
}
