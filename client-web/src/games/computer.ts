// The levels of the server's computer opponent (docs/engine.md). Which games it plays the
// server says in `welcome` (GameDirectory.computer()).
export const COMPUTER_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
