// The six games the client knows, with what the pages and boards need to draw each. Rules
// live on the server; what it says of each game (name, clocks, record formats, the board's
// size and hands) arrives in `welcome` (see directory.ts) and is not repeated here. This
// is presentation only: a new game is one line here, and the rest of the client reads
// these facts, never the game's id (the game_id_literals test holds it to that).
import type { GameInfoMsg } from '../protocol/messages';

export type GameId = 'shogi' | 'minishogi' | 'dogcat' | 'hasami' | 'chess' | 'reversi';
// The board a game is drawn on, as the server's GameInfo names it: shogi pieces on a grid
// (koma), chess's checkered board, reversi's discs, or a fairy variant's own board.
export type BoardKind = 'koma' | 'checkered' | 'discs' | 'fairy';
// Whose names the two sides go by (i18n keys side.<family>.<seat>).
export type SideFamily = 'shogi' | 'dogcat' | 'chess' | 'reversi';
// What a player bar counts under the name: the pieces captured (shown), the number of
// captures, or the discs on the board.
export type MaterialKind = 'none' | 'pieces' | 'count' | 'discs';

export interface GameMeta {
  id: string;
  board: BoardKind;
  // The board's size, as welcome.games says (learnGames); 8 by 8 until it has.
  files: number;
  ranks: number;
  sides: SideFamily;
  material: MaterialKind;
  // Move list: numbered pairs (chess, reversi) or one numbered ply a line (as kifu are).
  movePairs: boolean;
  // The client can write the moves in shogi notation when the server sends only USI.
  shogiNotation: boolean;
  // The rules have check (the board marks a king in check).
  hasCheck: boolean;
  // Pieces go down face down (dog-cat): the board's legend explains the hidden ones.
  hiddenPieces: boolean;
  // The king may be declared home under the impasse rule (入玉宣言).
  impasse: boolean;
  // The host may give a handicap (shogi's 駒落ち).
  handicaps: boolean;
  // The roles a hand holds, in display order (empty: no hands). With hiddenPieces, the
  // face-down ones come first (shogi-tokens.ts).
  hand: readonly string[];
  // Every piece moves as a rook (hasami shogi): the premove squares follow.
  rookMovesOnly: boolean;
  // The game's picture on the picker, an SVG body on a 32x32 view box (ui/icons.ts); empty
  // for the fairy variants, whose pictures are drawn from their ids.
  icon: string;
}

// The pictures (icon above), one line a game.
const ICONS = {
  shogi: '<rect x="2" y="2" width="28" height="28" rx="3" fill="#e7c07a"/><path d="M16 6l7 4 1.5 15h-17L9 10z" fill="#fbe9c6" stroke="#5b3d14" stroke-width="1.2"/><text x="16" y="21" font-size="9" text-anchor="middle" fill="#222" font-family="Banmen Pieces, serif" font-weight="700">王</text>',
  minishogi: '<rect x="2" y="2" width="28" height="28" rx="3" fill="#e7c07a"/><path d="M16 8l5 3 1 11H10l1-11z" fill="#fbe9c6" stroke="#5b3d14" stroke-width="1.1"/><text x="16" y="19.5" font-size="7" text-anchor="middle" fill="#222" font-family="Banmen Pieces, serif" font-weight="700">五</text>',
  dogcat: '<rect x="2" y="2" width="28" height="28" rx="3" fill="#e7c07a"/><path d="M16 7l6 3.5 1.3 13H8.7L10 10.5z" fill="#9a6a35" stroke="#4a2e0e" stroke-width="1.1"/><text x="16" y="20" font-size="9" text-anchor="middle" fill="#fbe9c6" font-family="serif">?</text>',
  hasami: '<rect x="2" y="2" width="28" height="28" rx="3" fill="#e7c07a"/><circle cx="9" cy="16" r="4" fill="#fbe9c6" stroke="#5b3d14"/><circle cx="16" cy="16" r="4" fill="#7b4b1a" stroke="#3a2608"/><circle cx="23" cy="16" r="4" fill="#fbe9c6" stroke="#5b3d14"/>',
  chess: '<rect x="2" y="2" width="28" height="28" rx="3" fill="#b58863"/><path d="M2 2h14v14H2zM16 16h14v14H16z" fill="#f0d9b5"/><path d="M12 25h8l-1-3c2-2 2.5-5 .5-8l1-3h-9l1 3c-2 3-1.5 6 .5 8z" fill="#fff" stroke="#222" stroke-width="1.1"/>',
  reversi: '<rect x="2" y="2" width="28" height="28" rx="3" fill="#2e7d4f"/><circle cx="11" cy="11" r="4.5" fill="#111"/><circle cx="21" cy="11" r="4.5" fill="#f4f4f4"/><circle cx="11" cy="21" r="4.5" fill="#f4f4f4"/><circle cx="21" cy="21" r="4.5" fill="#111"/>',
};

const SHOGI_HAND = ['rook', 'bishop', 'gold', 'silver', 'knight', 'lance', 'pawn'];
const SHOGI_LIKE = {
  board: 'koma', sides: 'shogi', material: 'none', movePairs: false, hiddenPieces: false, impasse: false,
  handicaps: false, hand: SHOGI_HAND, rookMovesOnly: false,
} as const;
const NO_HANDS = { handicaps: false, hand: [], rookMovesOnly: false, hiddenPieces: false, impasse: false } as const;

// A catalog entry: what only the client knows of a game (its size comes from the server).
type Entry = Omit<GameMeta, 'files' | 'ranks'>;

export const GAMES: readonly Entry[] = [
  { ...SHOGI_LIKE, id: 'shogi', icon: ICONS.shogi, shogiNotation: true, hasCheck: true, impasse: true, handicaps: true },
  { ...SHOGI_LIKE, id: 'minishogi', icon: ICONS.minishogi, shogiNotation: true, hasCheck: true, hand: ['rook', 'bishop', 'gold', 'silver', 'pawn'] },
  { ...SHOGI_LIKE, id: 'dogcat', icon: ICONS.dogcat, sides: 'dogcat', shogiNotation: false, hasCheck: false, hiddenPieces: true, hand: ['king', 'rook', 'bishop', 'gold', 'silver'] },
  { ...SHOGI_LIKE, id: 'hasami', icon: ICONS.hasami, material: 'count', shogiNotation: false, hasCheck: false, rookMovesOnly: true },
  { ...NO_HANDS, id: 'chess', icon: ICONS.chess, board: 'checkered', sides: 'chess', material: 'pieces', movePairs: true, shogiNotation: false, hasCheck: true },
  { ...NO_HANDS, id: 'reversi', icon: ICONS.reversi, board: 'discs', sides: 'reversi', material: 'discs', movePairs: true, shogiNotation: false, hasCheck: false },
];

// Fairy-chess variants: the server says which (welcome.games entries with a `variant`,
// and "custom", a room's own); they are all drawn alike, by their variant's facts.
const fairyIds = new Set<string>(['custom']);

export function learnFairyVariants(ids: readonly string[]): void {
  for (const id of ids) fairyIds.add(id);
}

export function isFairy(id: string): boolean {
  return fairyIds.has(id);
}

const FAIRY: Omit<Entry, 'id'> = {
  ...NO_HANDS, icon: '', board: 'fairy', sides: 'chess', material: 'none', movePairs: true,
  shogiNotation: false, hasCheck: true,
};

// Each game's board size as welcome.games gave it.
const sizes = new Map<string, { files: number; ranks: number }>();

// What the server said of its games (GameDirectory.set): the board sizes, and which of
// them are fairy-chess variants.
export function learnGames(games: readonly GameInfoMsg[]): void {
  for (const g of games) sizes.set(g.id, { files: g.files ?? 8, ranks: g.ranks ?? 8 });
  learnFairyVariants(games.filter((g) => g.variant).map((g) => g.id));
}

export function gameMeta(id: string): GameMeta | undefined {
  const entry = GAMES.find((g) => g.id === id) ?? (fairyIds.has(id) ? { ...FAIRY, id } : undefined);
  return entry && { ...entry, ...(sizes.get(id) ?? { files: 8, ranks: 8 }) };
}

export function isGameId(id: string): id is GameId {
  return GAMES.some((g) => g.id === id);
}

// A game the host may choose: one of the six, or a fairy variant the server offers.
export function isChoosable(id: string): boolean {
  return isGameId(id) || fairyIds.has(id);
}
