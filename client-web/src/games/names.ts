// The words for games and sides in the current language.
import { t, tMaybe, type MessageKey } from '../i18n';
import type { GameInfoMsg, VariantInfo } from '../protocol/messages';
import { GAMES, gameMeta } from './catalog';

export function sideName(gameId: string, seat: 0 | 1): string {
  const family = gameMeta(gameId)?.sides ?? GAMES[0].sides;
  return t(`side.${family}.${seat}` as MessageKey);
}

// A seat's side as the room plays it: in a handicap game, 下手 (seat 0, receives) and 上手
// (seat 1, gives the handicap and moves first) instead of 先手 and 後手.
export function roomSideName(gameId: string, handicap: string | undefined, seat: 0 | 1): string {
  return handicap && handicap !== 'even' ? t(`side.handicap.${seat}` as MessageKey) : sideName(gameId, seat);
}

export function gameName(id: string, fallback?: GameInfoMsg): string {
  // A room's own variant goes by its section's name as well.
  if (id === 'custom' && fallback?.name) return `${t('game.custom')}: ${fallback.name}`;
  return tMaybe(`game.${id}`) ?? tMaybe(`variants.name.${id}`) ?? fallback?.name ?? id;
}

// A fairy piece's name: the variants.ini name in the current language ("archbishop"), or
// for a custom piece ("customPiece1") its letter.
// A built-in variant's rules in one paragraph, in the current language (undefined for a
// variant this client has no words for).
export function variantRules(id: string): string | undefined {
  return tMaybe(`variants.rules.${id}`);
}

export function variantPieceName(variant: VariantInfo, letter: string): string {
  const l = letter.toLowerCase();
  const piece = variant.pieces.find((p) => p.letter === l);
  if (!piece || piece.name.startsWith('customPiece')) return t('variant.piece', { letter: l.toUpperCase() });
  return tMaybe(`piece.fairy.${piece.name}`) ?? piece.name;
}
