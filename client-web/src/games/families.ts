// The home page's groups of fairy-chess variants. The server names each variant's group
// (GameInfo.family); FALLBACK_FAMILY and guessFamily below are only used while a server
// does not send it yet, and the server's word always wins.
import type { GameInfoMsg, VariantInfo } from '../protocol/messages';

export type Family = NonNullable<GameInfoMsg['family']>;

// The groups in the order the home page shows them.
export const FAMILIES: readonly Family[] = ['chess', 'drops', 'shogi', 'asian', 'small'];

// FALLBACK: the groups of the room variants, for a server that does not send `family`.
export const FALLBACK_FAMILY: Readonly<Record<string, Family>> = {
  chess960: 'chess', capablanca: 'chess', gothic: 'chess', embassy: 'chess', janus: 'chess',
  grand: 'chess', almost: 'chess', amazon: 'chess', kingofthehill: 'chess', knightmate: 'chess',
  atomic: 'chess', '3check': 'chess', antichess: 'chess', horde: 'chess', racingkings: 'chess',
  duck: 'chess',
  crazyhouse: 'drops', placement: 'drops', seirawan: 'drops', shouse: 'drops', capahouse: 'drops',
  kyotoshogi: 'shogi', torishogi: 'shogi', euroshogi: 'shogi', judkins: 'shogi',
  xiangqi: 'asian', minixiangqi: 'asian', janggi: 'asian', makruk: 'asian', cambodian: 'asian',
  sittuyin: 'asian', shatranj: 'asian',
  gardner: 'small', losalamos: 'small', dobutsu: 'small', micro: 'small',
};

const FAMILY_SET = new Set<string>(FAMILIES);

// FALLBACK: a group guessed from the variant's facts, for a variant neither the server nor
// FALLBACK_FAMILY names.
export function guessFamily(v: VariantInfo | undefined): Family {
  if (!v) return 'chess';
  if (v.board_style === 'xiangqi' || v.board_style === 'janggi') return 'asian';
  if (v.board_style === 'shogi' || v.template === 'shogi') return 'shogi';
  if (v.files * v.ranks <= 36) return 'small';
  if (v.hand) return 'drops';
  return 'chess';
}

// A variant's group: the server's `family` when it sends a known one, else the fallback.
export function familyOf(g: GameInfoMsg): Family {
  if (g.family && FAMILY_SET.has(g.family)) return g.family;
  return FALLBACK_FAMILY[g.id] ?? guessFamily(g.variant);
}

// The variants by group, in FAMILIES' order and the server's order within a group; empty
// groups left out.
export function groupByFamily(games: readonly GameInfoMsg[]): { family: Family; games: GameInfoMsg[] }[] {
  return FAMILIES.map((family) => ({ family, games: games.filter((g) => g.variant && familyOf(g) === family) }))
    .filter((x) => x.games.length > 0);
}
