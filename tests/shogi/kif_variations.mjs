// KIF variations (変化) read back by tsshogi: random review trees (a random game as the
// main line, then side lines branching at random plies, some from other side lines) are
// written by Banmen and imported by tsshogi, whose tree must hold the same lines in the
// same order (main line first).
// usage: node kif_variations.mjs <variation_tool> <tests/js dir> [trees] [seed]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { leavesOfLines, randomLines } from '../js/variation_trees.mjs';
import { randomGame, seededRandom } from './tsshogi_games.mjs';

const [tool, jsDir, treesArg, seedArg] = process.argv.slice(2);
if (!tool || !jsDir) {
  console.error('usage: node kif_variations.mjs <variation_tool> <tests/js dir> [trees] [seed]');
  process.exit(2);
}
const ts = await import(pathToFileURL(path.join(jsDir, 'node_modules/tsshogi/dist/esm/index.mjs')).href);
const trees = Number(treesArg ?? 20);
const random = seededRandom(Number(seedArg ?? 11));
const starts = [
  'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
  'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1',
];

// The same from tsshogi's tree (next: the main child; branch: the next sibling).
const leavesOfRecord = (record) => {
  const out = [];
  const walk = (node, prefix) => {
    const children = [];
    for (let c = node.next; c; c = c.branch) if (c.move instanceof ts.Move) children.push(c);
    if (!children.length) out.push(prefix.join(' '));
    for (const c of children) walk(c, [...prefix, c.move.usi]);
  };
  walk(record.first, []);
  return out;
};

let failures = 0;
let branches = 0;
for (let t = 0; t < trees; ++t) {
  const start = starts[t % starts.length];
  const tree = randomLines(random, (prefix, plies) => {
    const pos = ts.Position.newBySFEN(start);
    for (const u of prefix) pos.doMove(pos.createMoveByUSI(u));
    return randomGame(ts, pos.sfen, plies, random).usis;
  });
  const { lines } = tree;
  branches += tree.sideLines;
  const input = `${start}\n${lines.map((l) => l.join(' ')).join('\n')}\n`;
  const r = spawnSync(tool, ['shogi'], { input, timeout: 60000 });
  if (r.status !== 0) {
    failures += 1;
    console.error(`banmen could not write the tree: ${r.stderr}\n${input}`);
    continue;
  }
  const kif = r.stdout.toString();
  const record = ts.importKIF(kif);
  if (record instanceof Error) {
    failures += 1;
    console.error(`tsshogi cannot read banmen's KIF: ${record.message}\n${kif}`);
    continue;
  }
  const expected = leavesOfLines(lines);
  const got = leavesOfRecord(record);
  if (JSON.stringify(expected) !== JSON.stringify(got)) {
    failures += 1;
    if (failures <= 5)
      console.error(`tsshogi reads other lines\nexpected ${JSON.stringify(expected)}\ngot ${JSON.stringify(got)}\n${kif}`);
  }
}
console.log(`kif variations: ${trees} trees, ${branches} side lines, ${failures} failures`);
process.exit(failures ? 1 : 0);
