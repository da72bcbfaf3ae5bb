// Differential test against Fairy-Stockfish's own move generator (npm ffish-es6, its
// WebAssembly build): random games of every built-in variant and of the test-only
// definitions in test_variants.ini are played by ffish-es6; every position's FEN and sorted
// legal moves go through `banmen-rules moves --batch`, and each game's moves through
// `banmen-rules play`, whose final FEN and result (claiming every optional draw, as the
// game here ends at once) must be ffish-es6's. Bounded: --games games of at most --plies
// plies per variant, from a fixed seed.
//
// usage: node differential.mjs <banmen-rules> <dir with node_modules/ffish-es6>
//        <test_variants.ini> [--games N] [--plies N] [--seed N] [--only v1,v2]
//        [--builtins false]   (only the file's definitions)
//        [--named v1,v2]      (more of Fairy-Stockfish's variants, played by name)
//        [--undo P]           (with probability P a side takes back its own last move when
//                              it can, so that games repeat: repetition rules)
//        [--undo-from N]      (... only from ply N on, once the pieces have come out)
//        [--chase P]          (otherwise with probability P a move after which the moved
//                              piece could take something, if there is one: chases)
// exit: 0 no differences, 1 differences (listed), 77 ffish-es6 is not installed (skip)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadFfish } from '../js/ffish.mjs';

const [rules, jsDir, iniFile, ...rest] = process.argv.slice(2);
const opt = { games: 12, plies: 200, seed: 11, builtins: true, named: [], undo: 0, 'undo-from': 0, chase: 0 };
for (let i = 0; i + 1 < rest.length; i += 2) {
  const key = rest[i].replace(/^--/, '');
  opt[key] = key === 'only' || key === 'named' ? rest[i + 1].split(',')
    : key === 'builtins' ? rest[i + 1] !== 'false' : Number(rest[i + 1]);
}

const ffishDir = resolve(jsDir, 'node_modules', 'ffish-es6');
if (!existsSync(join(ffishDir, 'ffish.wasm'))) {
  console.log(`ffish-es6 not found under ${jsDir} (run npm ci there): skipped`);
  process.exit(77);
}
const ffish = await loadFfish(ffishDir);
const ini = readFileSync(iniFile, 'utf8');
ffish.loadVariantConfig(ini);

const BUILTIN = ['chess960', 'capablanca', 'gothic', 'janus', 'embassy', 'grand', 'almost',
  'shatranj', 'makruk', 'knightmate', 'amazon', 'kingofthehill'];
// Every section, with a parent or without (Fairy-Stockfish's names may hold '-').
const CUSTOM = [...ini.matchAll(/^\[([A-Za-z0-9_-]+)(?::[^\]]*)?\]/gm)].map((m) => m[1]);
if (!opt.builtins) BUILTIN.length = 0;

// mulberry32: small, seeded, the same on every machine.
let state = opt.seed >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

// The moves after which the moved piece could take a piece (on a board with the side to
// move flipped), for --chase.
function attackingMoves(board, variant, moves) {
  const out = [];
  for (const m of moves) {
    const sq = /^[a-l]\d+([a-l]\d+)$/.exec(m);
    if (!sq) continue;
    board.push(m);
    const fields = board.fen().split(' ');
    board.pop();
    fields[1] = fields[1] === 'w' ? 'b' : 'w';
    const flipped = new ffish.Board(variant, fields.join(' '));
    const takes = flipped.legalMoves().split(' ')
      .filter((t) => t.startsWith(sq[1]) && /^\D/.test(t.slice(sq[1].length)) && flipped.isCapture(t));
    flipped.delete();
    if (takes.length) out.push(m);
  }
  return out;
}

function banmen(args, input) {
  const r = spawnSync(rules, args, { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`banmen-rules ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const failures = [];
const ended = {};  // banmen's endings seen, by status line
let positions = 0;
// banmen-rules' status line as a PGN result.
function resultOf(status) {
  if (status === 'ongoing') return '*';
  if (status.startsWith('draw')) return '1/2-1/2';
  return status.startsWith('w ') ? '1-0' : '0-1';
}

for (const variant of [...BUILTIN, ...opt.named, ...CUSTOM]) {
  if (opt.only && !opt.only.includes(variant)) continue;
  const custom = CUSTOM.includes(variant);
  const gameArgs = custom ? ['--game', variant, '--variant-file', iniFile] : ['--game', variant];
  const fens = [];
  const expected = [];
  for (let g = 0; g < opt.games; g++) {
    // Chess960 (fischerandom) starts from a random one of the 960 positions, as banmen
    // writes it.
    let start;
    const random960 = variant === 'chess960' || variant === 'fischerandom';
    if (random960) {
      const n = String(Math.floor(random() * 960));
      start = banmen(['play', ...gameArgs, '--position', n]).split('\n')[0];
    }
    const board = random960 ? new ffish.Board('chess', start, true)
      : new ffish.Board(variant);
    if (!start) start = board.fen();
    const played = [];
    for (let ply = 0; ply <= opt.plies; ply++) {
      const moves = board.legalMoves().split(' ').filter(Boolean).sort();
      // Optional endings (n-move rule, repetition, counting) leave moves in ffish's list
      // but end the game here: compare only positions before them.
      if (moves.length && board.isGameOver(true)) break;
      // An ending by the game's course (two passes in a row, bikjang left standing) leaves
      // no moves, where the FEN alone would show some: `play` compares its result.
      if (!moves.length) {
        const fresh = new ffish.Board(variant === 'chess960' ? 'chess' : variant, board.fen(),
          variant === 'chess960');
        const byCourse = fresh.legalMoves().length > 0;
        fresh.delete();
        if (byCourse) break;
      }
      fens.push(board.fen());
      expected.push(moves.join(' '));
      if (!moves.length) break;
      // The side's own last move the other way round, when --undo asks for it.
      const own = played.length >= 2 ? played[played.length - 2] : '';
      const back = own.replace(/^([a-l]\d+)([a-l]\d+)$/, '$2$1');
      let move = opt.undo && played.length >= opt['undo-from'] && back !== own && moves.includes(back) && random() < opt.undo ? back
        : '';
      if (!move && opt.chase && random() < opt.chase) {
        const attacking = attackingMoves(board, variant, moves);
        if (attacking.length) move = attacking[Math.floor(random() * attacking.length)];
      }
      if (!move) move = moves[Math.floor(random() * moves.length)];
      board.push(move);
      played.push(move);
    }
    const final = board.fen();
    const result = board.result(true);
    // ffish-es6's API (not Fairy-Stockfish's engine, nor banmen) adjudicates insufficient
    // material as a draw; such games are compared up to there, their results not.
    const insufficient = board.isInsufficientMaterial();
    board.delete();
    const [out, status] = banmen(['play', ...gameArgs, '--position', start, ...played]).split('\n');
    if (out !== final) failures.push(`${variant}: after ${played.join(' ')}\n  ffish  ${final}\n  banmen ${out}`);
    else if (insufficient && status === 'ongoing') ended['ffish: insufficient material'] = (ended['ffish: insufficient material'] ?? 0) + 1;
    else if (resultOf(status) !== result)
      failures.push(`${variant}: result after ${played.join(' ')} at ${final}\n  ffish  ${result}\n  banmen ${status}`);
    else if (result !== '*') ended[status] = (ended[status] ?? 0) + 1;
  }
  const got = banmen(['moves', ...gameArgs, '--batch'], fens.join('\n') + '\n').split('\n');
  for (let i = 0; i < fens.length; i++) {
    if (got[i] === expected[i] || failures.length >= 40) continue;
    // Long lists (walls: each move with each of its squares) are shown by what differs.
    const theirs = expected[i].split(' ');
    const ours = (got[i] ?? '').split(' ');
    if (theirs.length + ours.length > 60) {
      const only = (a, b) => a.filter((m) => !b.includes(m)).join(' ');
      failures.push(`${variant}: ${fens[i]}\n  ffish only  ${only(theirs, ours)}\n  banmen only ${only(ours, theirs)}`);
    } else {
      failures.push(`${variant}: ${fens[i]}\n  ffish  ${expected[i]}\n  banmen ${got[i]}`);
    }
  }
  positions += fens.length;
  console.log(`${variant}: ${fens.length} positions`);
}
for (const f of failures) console.error(f);
console.log(`endings: ${JSON.stringify(ended)}`);
console.log(`${positions} positions compared, ${failures.length} differences`);
process.exit(failures.length ? 1 : 0);
