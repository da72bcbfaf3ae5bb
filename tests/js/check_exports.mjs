// Reads the records written by export_samples with libraries that share no code with
// Banmen: chess.js for PGN, tsshogi for KIF and CSA. Each must parse, with the same number
// of moves and the same final position as the rules core says.
// Usage: node check_exports.mjs <dir written by export_samples>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Chess } from 'chess.js';
import { importKIF, importCSA, Move } from 'tsshogi';

const dir = process.argv[2];
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
let checked = 0;
const failures = [];
const fail = (entry, why) => failures.push(`${entry.file}: ${why}`);

for (const entry of manifest) {
  const text = readFileSync(join(dir, entry.file), 'utf8');
  if (entry.format === 'pgn') {
    const chess = new Chess();
    try {
      chess.loadPgn(text);
    } catch (e) {
      fail(entry, `chess.js cannot read it: ${e.message}`);
      continue;
    }
    if (chess.history().length !== entry.plies)
      fail(entry, `chess.js reads ${chess.history().length} moves, expected ${entry.plies}`);
    // Compare placement, side, castling and en passant (counters may be written differently).
    const ours = entry.position.split(' ').slice(0, 4).join(' ');
    const theirs = chess.fen().split(' ').slice(0, 4).join(' ');
    if (ours !== theirs) fail(entry, `final position ${theirs}, expected ${ours}`);
    checked++;
  } else if ((entry.format === 'kif' || entry.format === 'csa') &&
             (entry.game === 'shogi')) {
    const record = entry.format === 'kif' ? importKIF(text) : importCSA(text);
    if (record instanceof Error) {
      fail(entry, `tsshogi cannot read it: ${record.message}`);
      continue;
    }
    record.goto(Number.MAX_SAFE_INTEGER);
    // Only real moves count: an ending such as 詰み / %TSUMI is a node of its own.
    const plies = record.moves.filter((node) => node.move instanceof Move).length;
    if (plies !== entry.plies) fail(entry, `tsshogi reads ${plies} moves, expected ${entry.plies}`);
    const ours = entry.position.replace(/^sfen /, '').split(' ').slice(0, 3).join(' ');
    const theirs = record.position.sfen.split(' ').slice(0, 3).join(' ');
    if (ours !== theirs) fail(entry, `final position ${theirs}, expected ${ours}`);
    checked++;
  }
}
// Every record of a kind these parsers read was read: a manifest that lost its entries, or
// a filter that skips them, must not pass as "no failures".
const expected = manifest.filter((e) => e.format === 'pgn' ||
  ((e.format === 'kif' || e.format === 'csa') && e.game === 'shogi')).length;
if (expected === 0) failures.push('the manifest lists no PGN, KIF or CSA record');
if (checked !== expected) failures.push(`${checked} records checked, ${expected} expected`);
for (const f of failures) console.error(f);
console.log(`${checked} of ${expected} records checked by independent parsers, ${failures.length} failures`);
process.exit(failures.length ? 1 : 0);
