// Reads a room's series PGN (written by series_pgn_sample) with chess.js, which shares
// nothing with Banmen: the file splits into games at each tag section, and each game must
// read with the number of moves and the final position the rules core gave.
// Usage: node check_series_pgn.mjs <dir written by series_pgn_sample>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Chess } from 'chess.js';

const dir = process.argv[2];
const text = readFileSync(join(dir, 'series.pgn'), 'utf8');
const expected = JSON.parse(readFileSync(join(dir, 'series.json'), 'utf8'));
// A game starts with its first tag pair at the start of a line after a blank line (or at
// the start of the file).
const games = text.split(/\n\n(?=\[Event )/);
const failures = [];
if (games.length !== expected.length)
  failures.push(`${games.length} games in the file, ${expected.length} expected`);
games.forEach((pgn, i) => {
  const want = expected[i];
  if (!want) return;
  const chess = new Chess();
  try {
    chess.loadPgn(pgn);
  } catch (e) {
    failures.push(`game ${want.game_no}: chess.js cannot read it: ${e.message}`);
    return;
  }
  if (chess.history().length !== want.plies)
    failures.push(`game ${want.game_no}: ${chess.history().length} moves read, expected ${want.plies}`);
  const fen = (f) => f.split(' ').slice(0, 4).join(' ');
  if (fen(chess.fen()) !== fen(want.position))
    failures.push(`game ${want.game_no}: chess.js ends at ${chess.fen()}, expected ${want.position}`);
});
for (const f of failures) console.error(f);
console.log(`${games.length} games read by chess.js, ${failures.length} failures`);
process.exit(failures.length ? 1 : 0);
