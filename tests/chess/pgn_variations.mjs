// PGN variations read back independently: random review trees (a random chess.js game as
// the main line, side lines branching at random plies, some from other side lines) are
// written by Banmen; chess.js reads the whole PGN (its main line must be the tree's), and
// a small reader here splits the movetext at its parentheses and replays every line's
// SAN with chess.js from the position where it branches. Both must give back every line,
// in order, main line first.
// usage: node pgn_variations.mjs <variation_tool> <tests/js dir> [trees] [seed]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

import { leavesOfLines, leavesOfTrie, randomLines } from '../js/variation_trees.mjs';

const [tool, jsDir, treesArg, seedArg] = process.argv.slice(2);
if (!tool || !jsDir) {
  console.error('usage: node pgn_variations.mjs <variation_tool> <tests/js dir> [trees] [seed]');
  process.exit(2);
}
// Its CommonJS build: the ES module build is a .js file in a package without
// "type": "module", which Node before 20.19 (Debian 12 has 18) will not load as one.
const { Chess } = createRequire(path.resolve(jsDir, 'package.json'))('chess.js');
const trees = Number(treesArg ?? 20);
let seed = Number(seedArg ?? 5) >>> 0;
const random = () => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed / 4294967296;
};
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const starts = [START, 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 12'];
const uci = (m) => m.from + m.to + (m.promotion ?? '');

const randomLine = (fen, plies) => {
  const g = new Chess(fen);
  const out = [];
  for (let i = 0; i < plies && !g.isGameOver(); ++i) {
    const moves = g.moves({ verbose: true });
    const m = moves[Math.floor(random() * moves.length)];
    g.move(m);
    out.push(uci(m));
  }
  return out;
};
const fenAfter = (fen, line) => {
  const g = new Chess(fen);
  for (const u of line) g.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
  return g.fen();
};

// The movetext as a tree: a '(' starts a side line replacing the move just before it.
const leavesOfMovetext = (fen, movetext) => {
  const tokens = movetext.replace(/\(/g, ' ( ').replace(/\)/g, ' ) ').split(/\s+/).filter(Boolean);
  const root = { children: [] };
  let i = 0;
  // Reads moves from `parent` (a trie node) in position `fenBefore`, until ')' or the end.
  const read = (parent, fenBefore) => {
    let at = parent;
    let fen = fenBefore;
    let last = null; // { parent, fen } of the last move, for a side line after it
    while (i < tokens.length) {
      const t = tokens[i++];
      if (t === ')') return;
      if (t === '(') {
        read(last.parent, last.fen);
        continue;
      }
      if (/^\d+\.(\.\.)?$/.test(t) || t === '*') continue;
      const g = new Chess(fen);
      const m = g.move(t); // throws on an illegal SAN
      const node = { move: uci(m), children: [] };
      at.children.push(node);
      last = { parent: at, fen };
      at = node;
      fen = g.fen();
    }
  };
  read(root, fen);
  return leavesOfTrie(root);
};

let failures = 0;
let sideLines = 0;
const fail = (msg) => {
  failures += 1;
  if (failures <= 5) console.error(msg);
};
for (let t = 0; t < trees; ++t) {
  const start = starts[t % starts.length];
  const tree = randomLines(random, (prefix, plies) => randomLine(fenAfter(start, prefix), plies));
  const { lines } = tree;
  sideLines += tree.sideLines;
  const input = `${start}\n${lines.map((l) => l.join(' ')).join('\n')}\n`;
  const r = spawnSync(tool, ['chess'], { input, timeout: 60000 });
  if (r.status !== 0) {
    fail(`banmen could not write the tree: ${r.stderr}\n${input}`);
    continue;
  }
  const pgn = r.stdout.toString();
  const expected = leavesOfLines(lines);
  // chess.js: the main line.
  const g = new Chess();
  try {
    g.loadPgn(pgn);
    const main = g.history({ verbose: true }).map(uci).join(' ');
    if (main !== expected[0]) fail(`chess.js reads another main line\n${main}\n${expected[0]}\n${pgn}`);
  } catch (e) {
    fail(`chess.js cannot read banmen's PGN: ${e.message}\n${pgn}`);
  }
  // Every line, replayed by chess.js from where it branches.
  try {
    const movetext = pgn.slice(pgn.indexOf('\n\n') + 2);
    const got = leavesOfMovetext(start, movetext);
    if (JSON.stringify(got) !== JSON.stringify(expected))
      fail(`the movetext holds other lines\nexpected ${JSON.stringify(expected)}\ngot ${JSON.stringify(got)}\n${pgn}`);
  } catch (e) {
    fail(`a line of banmen's PGN does not replay: ${e.message}\n${pgn}`);
  }
}
console.log(`pgn variations: ${trees} trees, ${sideLines} side lines, ${failures} failures`);
process.exit(failures ? 1 : 0);
