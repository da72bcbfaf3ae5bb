// The words for games and sides in the current language.
import { t, tMaybe, type MessageKey } from '../i18n';
import type { GameInfoMsg } from '../protocol/messages';
import { gameMeta } from './catalog';

export function sideName(gameId: string, seat: 0 | 1): string {
  const family = gameMeta(gameId)?.sides ?? 'shogi';
  return t(`side.${family}.${seat}` as MessageKey);
}

export function gameName(id: string, fallback?: GameInfoMsg): string {
  return tMaybe(`game.${id}`) ?? fallback?.name ?? id;
}
