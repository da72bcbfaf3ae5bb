// Writes san_games.txt: random games of Fairy-Stockfish's own (npm ffish-es6, its
// WebAssembly build), each move with the SAN Fairy-Stockfish gives it, for the SAN test
// (san_test.cpp) to compare with ours. One game a line: the variant, a tab, the UCI moves,
// a tab, their SAN, each list separated by spaces. Bounded and seeded: --games games of at
// most --plies plies per variant.
// usage: node san_games.mjs <dir with node_modules/ffish-es6> [--games N] [--plies N]
//        [--seed N] [--only v1,v2] > san_games.txt
import { join, resolve } from 'node:path';
import { loadFfish } from '../js/ffish.mjs';

const [jsDir, ...rest] = process.argv.slice(2);
const opt = { games: 4, plies: 120, seed: 7 };
for (let i = 0; i + 1 < rest.length; i += 2) {
  const key = rest[i].replace(/^--/, '');
  opt[key] = key === 'only' ? rest[i + 1].split(',') : Number(rest[i + 1]);
}
const ffish = await loadFfish(resolve(jsDir, 'node_modules', 'ffish-es6'));

// The xiangqi family (the horse and elephants written by their synonyms H and E), the
// gating variants (gating moves and their disambiguation), and others of the room variants
// whose SAN has its own forms: drops, promotions, walls, castling.
const VARIANTS = ['xiangqi', 'minixiangqi', 'janggi', 'manchu', 'shouse', 'seirawan',
  'crazyhouse', 'capahouse', 'capablanca', 'grand', 'makruk', 'sittuyin', 'kyotoshogi',
  'duck', 'atomic', 'antichess'];

let state = opt.seed >>> 0;
function random() {  // mulberry32
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

for (const variant of VARIANTS) {
  if (opt.only && !opt.only.includes(variant)) continue;
  // Duck chess: every move is listed with each square of its wall, thousands a position,
  // and the reader writes each in SAN: a few short games. The gating variants: many games,
  // as a gating move that another piece of its type could make without a gate is rare.
  const [games, plies] = variant === 'duck' ? [2, 30]
    : variant === 'shouse' || variant === 'seirawan' ? [opt.games * 8, opt.plies]
    : [opt.games, opt.plies];
  for (let g = 0; g < games; g++) {
    const board = new ffish.Board(variant);
    const ucis = [];
    const sans = [];
    for (let ply = 0; ply < plies && !board.isGameOver(true); ply++) {
      const moves = board.legalMoves().split(' ').filter(Boolean).sort();
      if (!moves.length) break;
      const move = moves[Math.floor(random() * moves.length)];
      ucis.push(move);
      sans.push(board.sanMove(move));
      board.push(move);
    }
    board.delete();
    console.log(`${variant}\t${ucis.join(' ')}\t${sans.join(' ')}`);
  }
}
