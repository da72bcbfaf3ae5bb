// The six games the client knows, with what the home page and the boards need to know of
// each. Rules live on the server; this is presentation only.
export type GameId = 'shogi' | 'minishogi' | 'dogcat' | 'hasami' | 'chess' | 'reversi';
export type BoardKind = 'shogi' | 'chess' | 'reversi';

export interface GameMeta {
  id: GameId;
  board: BoardKind;
  files: number;
  ranks: number;
  // The letters positions use for seat 0 and seat 1.
  sideLetters: [string, string];
  // Whether byoyomi makes sense (the shogi family uses it; chess and reversi use increment).
  byoyomi: boolean;
  hasCheck: boolean;
  hasHands: boolean;
}

export const GAMES: readonly GameMeta[] = [
  { id: 'shogi', board: 'shogi', files: 9, ranks: 9, sideLetters: ['b', 'w'], byoyomi: true, hasCheck: true, hasHands: true },
  { id: 'minishogi', board: 'shogi', files: 5, ranks: 5, sideLetters: ['b', 'w'], byoyomi: true, hasCheck: true, hasHands: true },
  { id: 'dogcat', board: 'shogi', files: 5, ranks: 5, sideLetters: ['b', 'w'], byoyomi: true, hasCheck: false, hasHands: true },
  { id: 'hasami', board: 'shogi', files: 9, ranks: 9, sideLetters: ['b', 'w'], byoyomi: true, hasCheck: false, hasHands: false },
  { id: 'chess', board: 'chess', files: 8, ranks: 8, sideLetters: ['w', 'b'], byoyomi: false, hasCheck: true, hasHands: false },
  { id: 'reversi', board: 'reversi', files: 8, ranks: 8, sideLetters: ['X', 'O'], byoyomi: false, hasCheck: false, hasHands: false },
];

export function gameMeta(id: string): GameMeta | undefined {
  return GAMES.find((g) => g.id === id);
}

export function isGameId(id: string): id is GameId {
  return gameMeta(id) !== undefined;
}
