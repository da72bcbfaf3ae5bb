// The server's legal UCI moves as chessground destinations, and the promotion choices.
export interface ChessMoveMaps {
  dests: Map<string, string[]>;
  promotions: Map<string, string[]>; // "<orig><dest>" -> ["q","r","b","n"] as legal
}

export function chessMoveMaps(legal: readonly string[]): ChessMoveMaps {
  const dests = new Map<string, string[]>();
  const promotions = new Map<string, string[]>();
  for (const m of legal) {
    const x = /^([a-h][1-8])([a-h][1-8])([qrbn]?)$/.exec(m);
    if (!x) continue;
    const list = dests.get(x[1]) ?? [];
    if (!list.includes(x[2])) list.push(x[2]);
    dests.set(x[1], list);
    if (x[3]) {
      const key = x[1] + x[2];
      promotions.set(key, [...(promotions.get(key) ?? []), x[3]]);
    }
  }
  return { dests, promotions };
}

// The side to move and the board part of a FEN (chessground wants only the board).
export function fenParts(fen: string): { board: string; turn: 'white' | 'black' } {
  const [board = '', side = 'w'] = fen.trim().split(/\s+/);
  return { board, turn: side === 'b' ? 'black' : 'white' };
}

export function chessMoveSquares(uci: string): string[] {
  const x = /^([a-h][1-8])([a-h][1-8])/.exec(uci);
  return x ? [x[1], x[2]] : [];
}
