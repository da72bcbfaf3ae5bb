// Differential test: random legal games played by chess.js (an independent implementation
// from npm) and replayed through `banmen-rules`; the sorted legal move list of every
// position and the outcome after every ply must agree. Bounded: --games games of at most
// --plies plies each, from a fixed seed.
//
// usage: node differential.mjs <banmen-rules> <dir with node_modules/chess.js> [--games N]
//        [--plies N] [--seed N]
// exit: 0 no differences, 1 differences (listed), 77 chess.js is not installed (skip)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const [rules, jsDir, ...rest] = process.argv.slice(2);
const opt = { games: 200, plies: 300, seed: 7 };
for (let i = 0; i + 1 < rest.length; i += 2) opt[rest[i].replace(/^--/, '')] = Number(rest[i + 1]);

let Chess;
try {
  ({ Chess } = createRequire(resolve(jsDir, 'package.json'))('chess.js'));
} catch {
  console.log(`chess.js not found under ${jsDir} (run npm ci there): skipped`);
  process.exit(77);
}

const STARTS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
  '4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1',
  '4k3/8/8/2b5/8/8/3p4/1N2K3 w - - 0 1',
  '8/8/3k4/8/2pP4/8/1K6/8 b - d3 0 1',
  '4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1',
  'k7/8/8/8/8/8/5B2/4K1N1 w - - 90 120',
];

// mulberry32: small, seeded, the same on every machine.
let state = opt.seed >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

// chess.js's own legal move generator, without its SAN rendering (which costs ~10x more
// than generation); squares are 0x88 numbers there.
const square = (x88) => 'abcdefgh'[x88 & 15] + String(8 - (x88 >> 4));
const legalUci = (c) =>
  c._moves({ legal: true }).map((m) => square(m.from) + square(m.to) + (m.promotion ?? ''));

// The outcome as `banmen-rules play` prints it; the order of the checks is the spec's.
function status(c) {
  if (c.isCheckmate()) return (c.turn() === 'w' ? 'b' : 'w') + ' checkmate';
  if (c.isStalemate()) return 'draw stalemate';
  if (c.isInsufficientMaterial()) return 'draw insufficient_material';
  if (c.isDrawByFiftyMoves()) return 'draw fifty_moves';
  if (c.isThreefoldRepetition()) return 'draw repetition';
  return 'ongoing';
}

// FEN fields both sides write the same way: en passant is left out, because chess.js
// writes it only when a pawn could take, the FEN standard (and banmen) always.
const comparable = (fen) => fen.split(' ').filter((_, i) => i !== 3).join(' ');

const positions = [];  // { fen, expected, where }
const games = [];
for (let g = 0; g < opt.games; ++g) {
  const start = STARTS[g % STARTS.length];
  const c = new Chess(start);
  const moves = [];
  for (;;) {
    const legal = legalUci(c).sort();
    // From a FEN alone banmen sees every ending but repetition; a finished game has no moves.
    const fenOver = c.isGameOver() && !(status(c) === 'draw repetition');
    positions.push({ fen: c.fen(), expected: fenOver ? '' : legal.join(' '),
                     where: `game ${g} ply ${moves.length}` });
    if (c.isGameOver() || moves.length >= opt.plies) break;
    const m = legal[Math.floor(random() * legal.length)];
    c.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
    moves.push(m);
  }
  games.push({ start, moves, fen: c.fen(), status: status(c) });
}

const differences = [];
const batch = spawnSync(rules, ['moves', '--game', 'chess', '--batch'], {
  input: positions.map((p) => p.fen).join('\n') + '\n', maxBuffer: 1 << 28 });
if (batch.status !== 0) {
  console.log(`banmen-rules moves --batch failed: ${batch.stderr}`);
  process.exit(1);
}
const lines = batch.stdout.toString().split('\n');
positions.forEach((p, i) => {
  if (lines[i] !== p.expected)
    differences.push(`${p.where} ${p.fen}\n  chess.js: ${p.expected}\n  banmen:   ${lines[i]}`);
});

const endings = {};
games.forEach((g, i) => {
  const r = spawnSync(rules, ['play', '--game', 'chess', '--position', g.start, ...g.moves]);
  const [fen, result] = r.stdout.toString().trim().split('\n');
  if (r.status !== 0) {
    differences.push(`game ${i}: banmen stopped: ${r.stderr.toString().trim()} (chess.js: ${g.status})`);
  } else if (result !== g.status || comparable(fen) !== comparable(g.fen)) {
    differences.push(`game ${i} after ${g.moves.length} plies: chess.js ${g.status} ${g.fen}` +
                     `\n  banmen ${result} ${fen}`);
  }
  endings[g.status] = (endings[g.status] ?? 0) + 1;
});

console.log(`${games.length} games, ${positions.length} positions compared; endings: ` +
            JSON.stringify(endings));
for (const d of differences.slice(0, 20)) console.log(d);
console.log(`${differences.length} differences`);
process.exit(differences.length ? 1 : 0);
