// Random legal shogi games played by tsshogi, shared by the scripts that compare Banmen
// with it (records.mjs, japanese.mjs).

// A seeded generator (a linear congruential one), so a failure can be replayed.
export const seededRandom = (seed) => {
  let s = seed >>> 0;
  return () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s / 4294967296;
  };
};

// Every legal move of tsshogi's position `pos`.
export const legalMoves = (ts, pos) => {
  const candidates = [];
  for (const from of ts.Square.all) {
    const piece = pos.board.at(from);
    if (!piece || piece.color !== pos.color) continue;
    for (const to of ts.Square.all) {
      for (const promote of [false, true]) {
        const m = pos.createMove(from, to);
        if (!m) continue;
        const mv = promote ? m.withPromote() : m;
        if (pos.isValidMove(mv)) candidates.push(mv);
      }
    }
  }
  for (const type of ['pawn', 'lance', 'knight', 'silver', 'gold', 'bishop', 'rook']) {
    if (!pos.hand(pos.color).count(type)) continue;
    for (const to of ts.Square.all) {
      const m = pos.createMove(type, to);
      if (m && pos.isValidMove(m)) candidates.push(m);
    }
  }
  return candidates;
};

// Up to `plies` random legal moves from `start`: { usis, pos } (pos: the final position).
export const randomGame = (ts, start, plies, random) => {
  const pos = ts.Position.newBySFEN(start);
  const usis = [];
  for (let i = 0; i < plies; ++i) {
    const candidates = legalMoves(ts, pos);
    if (candidates.length === 0) break;
    const m = candidates[Math.floor(random() * candidates.length)];
    usis.push(m.usi);
    pos.doMove(m);
  }
  return { usis, pos };
};
