// Japanese move text: in every position of random games, every legal move written by
// Banmen (the Japan Shogi Association's notation: 右/左/上/引/寄/直 only where two pieces
// of a kind could reach the square, 打 only where a board piece could too, 成/不成, 同)
// is compared with tsshogi's formatter, and so is each played move's display text.
// usage: node japanese.mjs <shogi_japanese_tool> <tests/js dir> [games] [seed]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { randomGame, seededRandom } from './tsshogi_games.mjs';

const [tool, jsDir, gamesArg, seedArg] = process.argv.slice(2);
if (!tool || !jsDir) {
  console.error('usage: node japanese.mjs <shogi_japanese_tool> <tests/js dir> [games] [seed]');
  process.exit(2);
}
const ts = await import(pathToFileURL(path.join(jsDir, 'node_modules/tsshogi/dist/esm/index.mjs')).href);
const games = Number(gamesArg ?? 60);
const random = seededRandom(Number(seedArg ?? 22));

// The usual start, a handicap (White first), and boards crowded with pieces of one kind
// (golds, silvers, dragons, pieces in hand to drop) where the origin words matter most.
const starts = [
  'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
  'lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1',
  'l3k3l/9/1+R3+R3/9/2G1G4/1S1S5/9/9/L3K3L b 2B2G2S4N4P 1',
  'l3k3l/9/9/1s1s5/2g1g4/9/3+r3+r1/9/L3K3L w 2b2g2s4n4p 1',
  'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1',
];

const played = [];
for (let g = 0; g < games; ++g) {
  const start = starts[g % starts.length];
  const { usis } = randomGame(ts, start, 40 + Math.floor(random() * 120), random);
  played.push({ start, usis });
}
const input = played.map(({ start, usis }) => `sfen ${start} moves ${usis.join(' ')}`).join('\n');
const r = spawnSync(tool, [], { input: `${input}\n`, timeout: 120000, maxBuffer: 1 << 30 });
if (r.status !== 0) {
  console.error(`${tool} failed: ${r.stderr}`);
  process.exit(1);
}

let failures = 0;
let moves = 0;
let positions = 0;
let qualified = 0;  // texts carrying an origin word or 打: the cases the rules are about
const fail = (message) => {
  failures += 1;
  if (failures <= 20) console.error(message);
};
const lines = r.stdout.toString().split('\n');
let game = 0;
let pos = ts.Position.newBySFEN(played[0].start);
let ply = 0;
let last;
const advanceTo = (target) => {
  while (ply < target) {
    last = pos.createMoveByUSI(played[game].usis[ply]);
    pos.doMove(last);
    ply += 1;
    positions += 1;
  }
};
for (const line of lines) {
  if (line === '') continue;
  if (line === 'G') {
    positions += 1;
    game += 1;
    if (game < played.length) pos = ts.Position.newBySFEN(played[game].start);
    ply = 0;
    last = undefined;
    continue;
  }
  const [kind, plyText, ...rest] = line.split(' ');
  advanceTo(Number(plyText));
  const where = `game ${game} ply ${ply} (${pos.sfen})`;
  if (kind === 'L') {
    const [usi, ours] = rest;
    const move = pos.createMoveByUSI(usi);
    if (!move) {
      fail(`${where}: tsshogi cannot make ${usi}`);
      continue;
    }
    const theirs = ts.formatMove(pos, move, { lastMove: last, compatible: true }).slice(1);
    moves += 1;
    if (/[右左上引寄直打]/.test(theirs)) qualified += 1;
    if (ours !== theirs) fail(`${where}: ${usi} is ${ours}, tsshogi writes ${theirs}`);
  } else if (kind === 'P') {
    const display = rest.join(' ');
    const move = pos.createMoveByUSI(played[game].usis[ply]);
    const theirs = ts.formatMove(pos, move, { lastMove: last, compatible: true });
    if (display !== theirs) fail(`${where}: played move shown as ${display}, tsshogi writes ${theirs}`);
  }
}
console.log(`${moves} moves in ${positions} positions compared (${qualified} with an origin word or 打), ${failures} differences`);
if (game !== played.length) {
  console.error(`only ${game} of ${played.length} games came back`);
  process.exit(1);
}
const enough = moves >= 10000 && qualified >= 1000;
if (!enough) console.error('too few moves compared for the check to mean anything');
process.exit(failures === 0 && enough ? 0 : 1);
