// Reversi as the project's rules spec (shared/rules/reversi.md) states it, written from the
// spec alone (no product code): the browser test asks it who won the game it played, and
// check_exports.mjs replays exported transcripts with it.
const DIRS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];

// board[row][col]: 'X' black (moves first, seat 0), 'O' white, '-' empty. Row 0 is rank 1.
function start() {
  const b = Array.from({ length: 8 }, () => Array(8).fill('-'));
  b[3][3] = 'O'; b[4][4] = 'O'; // white d4, e5
  b[3][4] = 'X'; b[4][3] = 'X'; // black e4, d5
  return b;
}

function flips(b, row, col, me) {
  if (b[row][col] !== '-') return [];
  const them = me === 'X' ? 'O' : 'X';
  const out = [];
  for (const [dr, dc] of DIRS) {
    const line = [];
    let r = row + dr, c = col + dc;
    while (r >= 0 && r < 8 && c >= 0 && c < 8 && b[r][c] === them) { line.push([r, c]); r += dr; c += dc; }
    if (line.length && r >= 0 && r < 8 && c >= 0 && c < 8 && b[r][c] === me) out.push(...line);
  }
  return out;
}

function hasMove(b, me) {
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) if (flips(b, r, c, me).length) return true;
  return false;
}

// Replays `moves` ("d3", "pass"); throws on an illegal one. Returns the winner's seat (0
// black, 1 white) or null for a draw, and whether the game is over by the rules.
export function reversiResult(moves) {
  const b = start();
  let me = 'X';
  for (const m of moves) {
    if (m === 'pass') {
      if (hasMove(b, me)) throw new Error(`pass while ${me} has a move`);
    } else {
      const col = m.charCodeAt(0) - 97, row = Number(m.slice(1)) - 1;
      const f = flips(b, row, col, me);
      if (!f.length) throw new Error(`illegal move ${m} for ${me}`);
      b[row][col] = me;
      for (const [r, c] of f) b[r][c] = me;
    }
    me = me === 'X' ? 'O' : 'X';
  }
  const over = !hasMove(b, 'X') && !hasMove(b, 'O');
  const count = (who) => b.flat().filter((s) => s === who).length;
  const x = count('X'), o = count('O');
  // The spec's position text: 64 squares a1..h8 row by row, a space, the side to move.
  const position = `${b.map((row) => row.join('')).join('')} ${me}`;
  return { over, winner: x === o ? null : x > o ? 0 : 1, discs: [x, o], position };
}

// Reads a transcript's moves ("f5d6c3...pass..."), passes the record leaves out included
// only if written: the exported transcripts write every pass.
export function transcriptMoves(text) {
  const body = text.split('\n').filter((l) => l && !/^[A-Za-z]+:/.test(l)).join('');
  return body.match(/pass|[a-h][1-8]/gi)?.map((m) => m.toLowerCase()) ?? [];
}
