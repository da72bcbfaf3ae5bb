// Differential test: random legal games from several positions, every position's legal
// move list compared with shogiops (an independent implementation, lishogi's rules).
// usage: node differential.mjs <banmen-rules> <tests/js dir> [games per start] [seed]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [rulesBin, jsDir, gamesArg, seedArg] = process.argv.slice(2);
if (!rulesBin || !jsDir) {
  console.error('usage: node differential.mjs <banmen-rules> <tests/js dir> [games] [seed]');
  process.exit(2);
}
const lib = (p) => import(pathToFileURL(path.join(jsDir, 'node_modules/shogiops/dist', p)).href);
const { parseSfen, makeSfen } = await lib('sfen.js');
const { makeUsi, parsePieceName, parseUsi } = await lib('util.js');
const { pieceCanPromote, pieceForcePromote } = await lib('variant/util.js');

const gamesPerStart = Number(gamesArg ?? 40);
let seed = Number(seedArg ?? 20261121) >>> 0;
const random = () => {
  // mulberry32: a small seeded generator, so a failure can be replayed.
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const starts = {
  standard: [
    'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
    'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1',
    'R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1',
    // Pawn-drop mate candidates and pins next to the kings.
    '7nk/7p1/7G1/9/9/9/9/9/K8 b P 1',
    '4k4/9/4P4/9/9/9/9/9/4K4 b P2r 1',
    'ln1g1g1nl/1r1sk2b1/pppp1pppp/4s4/9/4p4/PPPP1PPPP/1BS1KS1R1/LN1G1G1NL b P 1',
  ],
  minishogi: ['rbsgk/4p/5/P4/KGSBR b - 1', '2k2/5/2P2/5/K4 b Pgs 1', '1bsgk/4r/5/R4/KGSB1 b Pp 1'],
};

function legalUsis(pos, rules) {
  const out = [];
  const canPromote = pieceCanPromote(rules);
  const forcePromote = pieceForcePromote(rules);
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (canPromote(piece, from, to, pos.board.get(to))) out.push(makeUsi({ from, to, promotion: true }));
      if (!forcePromote(piece, to)) out.push(makeUsi({ from, to }));
    }
  }
  for (const [name, dests] of pos.allDropDests()) {
    const { role } = parsePieceName(name);
    for (const to of dests) out.push(makeUsi({ role, to }));
  }
  return out.sort();
}

let failures = 0;
let positions = 0;
const stats = { drops: 0, promotions: 0, mates: 0 };
for (const [rules, sfens] of Object.entries(starts)) {
  const game = rules === 'standard' ? 'shogi' : 'minishogi';
  const lines = [];
  const expected = [];
  for (const start of sfens) {
    for (let g = 0; g < gamesPerStart; ++g) {
      const pos = parseSfen(rules, start).unwrap();
      for (let ply = 0; ply < 200; ++ply) {
        const moves = legalUsis(pos, rules);
        lines.push(makeSfen(pos));
        expected.push(moves.join(' '));
        if (moves.length === 0) {
          stats.mates += 1;
          break;
        }
        // Half the time prefer a checking move (from a small sample), so games reach
        // mates, evasions and pawn-drop checks far more often than blind random play.
        const pick = () => moves[Math.floor(random() * moves.length)];
        let md = pick();
        if (random() < 0.5) {
          for (let k = 0; k < 8; ++k) {
            const candidate = pick();
            const next = pos.clone();
            next.play(parseUsi(candidate));
            if (next.isCheck()) {
              md = candidate;
              break;
            }
          }
        }
        if (md.includes('*')) stats.drops += 1;
        if (md.endsWith('+')) stats.promotions += 1;
        pos.play(parseUsi(md));
      }
    }
  }
  const run = spawnSync(rulesBin, ['moves', '--game', game, '--batch'], {
    input: lines.join('\n') + '\n',
    maxBuffer: 1 << 30,
    timeout: 300000,
  });
  if (run.status !== 0) {
    console.error(`banmen-rules failed (${run.status}): ${run.stderr}`);
    process.exit(1);
  }
  const got = run.stdout.toString().split('\n');
  for (let i = 0; i < lines.length; ++i) {
    positions += 1;
    if (got[i] !== expected[i]) {
      failures += 1;
      if (failures <= 10) {
        const a = new Set(expected[i].split(' ')), b = new Set((got[i] ?? '').split(' '));
        console.error(`${game}: ${lines[i]}`);
        console.error(`  only shogiops: ${[...a].filter((m) => !b.has(m)).join(' ')}`);
        console.error(`  only banmen:   ${[...b].filter((m) => !a.has(m)).join(' ')}`);
      }
    }
  }
}
console.log(`${positions} positions compared, ${failures} differences; moves played: ` +
  `${stats.drops} drops, ${stats.promotions} promotions; ${stats.mates} games ended with no legal move`);
process.exit(failures === 0 ? 0 : 1);
