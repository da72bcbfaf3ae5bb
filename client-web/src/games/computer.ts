// The games the server's computer opponent plays (docs/engine.md); others are refused with
// `unsupported`, so the home page does not offer it for them.
export const COMPUTER_GAMES: ReadonlySet<string> = new Set(['shogi', 'minishogi', 'dogcat', 'hasami', 'chess', 'reversi']);
export const COMPUTER_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
