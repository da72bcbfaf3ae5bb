// Record interoperability: games exported as KIF and CSA are read back by tsshogi (the
// record library of a widely used shogi GUI), and tsshogi's own KIF and CSA exports are
// imported by Banmen; both sides must reach the same final position.
// usage: node records.mjs <shogi_record_tool> <tests/js dir> [games] [seed]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { randomGame, seededRandom } from './tsshogi_games.mjs';

const [tool, jsDir, gamesArg, seedArg] = process.argv.slice(2);
if (!tool || !jsDir) {
  console.error('usage: node records.mjs <shogi_record_tool> <tests/js dir> [games] [seed]');
  process.exit(2);
}
const ts = await import(pathToFileURL(path.join(jsDir, 'node_modules/tsshogi/dist/esm/index.mjs')).href);
const games = Number(gamesArg ?? 20);
const random = seededRandom(Number(seedArg ?? 7));

const run = (args, input) => {
  const r = spawnSync(tool, args, { input, timeout: 60000 });
  return { ok: r.status === 0, out: r.stdout.toString(), err: r.stderr.toString() };
};
const key = (sfen) => sfen.split(' ').slice(0, 3).join(' ');

// The usual start, a middle game, and the nine standard handicaps (tsshogi's own start
// positions; the handicap giver, White, moves first).
const handicaps = ['LANCE', 'BISHOP', 'ROOK', 'ROOK_LANCE', '2PIECES', '4PIECES', '6PIECES',
  '8PIECES', '10PIECES'].map((name) => ts.InitialPositionSFEN[`HANDICAP_${name}`]);
const starts = [
  'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
  'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1',
  ...handicaps,
];
// The line of a record that says how the game starts, as tsshogi writes it: KIF's 手合割
// and CSA's PI (with the side to move on the next line).
const startLine = (format, text) => {
  const lines = text.split(/\r?\n/);
  if (format === 'kif') return lines.find((l) => l.startsWith('手合割：'));
  const i = lines.findIndex((l) => l.startsWith('PI'));
  return i < 0 ? undefined : `${lines[i]} ${lines[i + 1]}`;
};
let failures = 0;
let compared = 0;
const fail = (what, detail) => {
  failures += 1;
  if (failures <= 10) console.error(`${what}\n${detail}`);
};

for (let g = 0; g < games; ++g) {
  const start = starts[g % starts.length];
  // A random legal game played by tsshogi itself.
  const { usis, pos } = randomGame(ts, start, 20 + Math.floor(random() * 100), random);
  const usi = `sfen ${start} moves ${usis.join(' ')}`;
  const finalKey = key(pos.sfen);
  for (const format of ['kif', 'csa']) {
    // Banmen writes, tsshogi reads.
    const exported = run(['export', format], usi);
    if (!exported.ok) {
      fail(`banmen ${format} export failed: ${exported.err}`, usi);
      continue;
    }
    const parsed = format === 'kif' ? ts.importKIF(exported.out) : ts.importCSA(exported.out);
    if (handicaps.includes(start)) {
      // A handicap game is written by name (手合割：香落ち, PI11KY and '-'), as tsshogi does.
      const theirs = ts.Record.newByUSI(`sfen ${start}`);
      const expected = startLine(format, format === 'kif' ? ts.exportKIF(theirs) : ts.exportCSA(theirs));
      const ours = startLine(format, exported.out);
      if (!expected || ours !== expected)
        fail(`banmen's ${format} starts a handicap game with '${ours}', tsshogi with '${expected}'`, usi);
      if (!(parsed instanceof Error) && parsed.initialPosition.sfen !== start)
        fail(`tsshogi reads the start of banmen's ${format} as ${parsed.initialPosition.sfen}`, usi);
    }
    if (parsed instanceof Error) {
      fail(`tsshogi cannot read banmen's ${format}: ${parsed.message}`, exported.out);
    } else {
      parsed.goto(Number.MAX_SAFE_INTEGER);
      if (key(parsed.position.sfen) !== finalKey)
        fail(`tsshogi reads banmen's ${format} differently`, `${usi}\n${parsed.position.sfen}`);
    }
    // tsshogi writes, Banmen reads.
    const record = ts.Record.newByUSI(usi);
    const text = format === 'kif' ? ts.exportKIF(record) : ts.exportCSA(record);
    const imported = run(['import', format], text);
    if (!imported.ok) fail(`banmen cannot read tsshogi's ${format}: ${imported.err}`, text);
    else if (key(imported.out.trim()) !== finalKey)
      fail(`banmen reads tsshogi's ${format} differently`, `${usi}\n${imported.out}`);
    compared += 1;
  }
}
console.log(`${compared} records compared both ways, ${failures} differences`);
process.exit(failures === 0 ? 0 : 1);
