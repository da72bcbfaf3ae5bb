// The six games the client knows, with what the pages and boards need to draw each. Rules
// live on the server; what it says of each game (name, clocks, record formats) arrives in
// `welcome` (see directory.ts). This is presentation only: a new game is one line here.
export type GameId = 'shogi' | 'minishogi' | 'dogcat' | 'hasami' | 'chess' | 'reversi';
export type BoardKind = 'shogi' | 'chess' | 'reversi' | 'fairy';
// Whose names the two sides go by (i18n keys side.<family>.<seat>).
export type SideFamily = 'shogi' | 'dogcat' | 'chess' | 'reversi';
// What a player bar counts under the name.
export type MaterialKind = 'none' | 'chess' | 'hasami' | 'reversi';

export interface GameMeta {
  id: string;
  board: BoardKind;
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
}

const SHOGI_LIKE = { board: 'shogi', sides: 'shogi', material: 'none', movePairs: false, hiddenPieces: false, impasse: false } as const;

export const GAMES: readonly GameMeta[] = [
  { ...SHOGI_LIKE, id: 'shogi', files: 9, ranks: 9, shogiNotation: true, hasCheck: true, impasse: true },
  { ...SHOGI_LIKE, id: 'minishogi', files: 5, ranks: 5, shogiNotation: true, hasCheck: true },
  { ...SHOGI_LIKE, id: 'dogcat', files: 5, ranks: 5, sides: 'dogcat', shogiNotation: false, hasCheck: false, hiddenPieces: true },
  { ...SHOGI_LIKE, id: 'hasami', files: 9, ranks: 9, material: 'hasami', shogiNotation: false, hasCheck: false },
  { id: 'chess', board: 'chess', files: 8, ranks: 8, sides: 'chess', material: 'chess', movePairs: true, shogiNotation: false, hasCheck: true, hiddenPieces: false, impasse: false },
  { id: 'reversi', board: 'reversi', files: 8, ranks: 8, sides: 'reversi', material: 'reversi', movePairs: true, shogiNotation: false, hasCheck: false, hiddenPieces: false, impasse: false },
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

const FAIRY: Omit<GameMeta, 'id'> = {
  board: 'fairy', files: 8, ranks: 8, sides: 'chess', material: 'none', movePairs: true,
  shogiNotation: false, hasCheck: true, hiddenPieces: false, impasse: false,
};

export function gameMeta(id: string): GameMeta | undefined {
  return GAMES.find((g) => g.id === id) ?? (fairyIds.has(id) ? { ...FAIRY, id } : undefined);
}

export function isGameId(id: string): id is GameId {
  return GAMES.some((g) => g.id === id);
}

// A game the host may choose: one of the six, or a fairy variant the server offers.
export function isChoosable(id: string): boolean {
  return isGameId(id) || fairyIds.has(id);
}
