// The words for games and sides in the current language.
import { t, tMaybe, type MessageKey } from '../i18n';
import type { GameInfoMsg } from '../protocol/messages';
import { gameMeta } from './catalog';

export function sideName(gameId: string, seat: 0 | 1): string {
  const family = gameMeta(gameId)?.sides ?? 'shogi';
  return t(`side.${family}.${seat}` as MessageKey);
}

// A seat's side as the room plays it: in a handicap game, 下手 (seat 0, receives) and 上手
// (seat 1, gives the handicap and moves first) instead of 先手 and 後手.
export function roomSideName(gameId: string, handicap: string | undefined, seat: 0 | 1): string {
  return handicap && handicap !== 'even' ? t(`side.handicap.${seat}` as MessageKey) : sideName(gameId, seat);
}

export function gameName(id: string, fallback?: GameInfoMsg): string {
  return tMaybe(`game.${id}`) ?? fallback?.name ?? id;
}
