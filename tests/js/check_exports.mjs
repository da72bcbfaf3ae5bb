// Reads the records written by export_samples with code that shares nothing with Banmen:
// chess.js for PGN, tsshogi for shogi KIF and CSA, shogiops for minishogi KIF, and rules
// written from the specs alone (rules/reversi.mjs, rules/hasami.mjs, rules/dogcat.mjs) for
// the reversi and hasami transcripts and the dog-cat records, and Fairy-Stockfish's own
// reader (ffish-es6) for every fairy-chess variant's PGN and final FEN, pockets and walls
// included. Each must read, with the same number of moves and the same final position as
// the rules core says.
// Usage: node check_exports.mjs <dir written by export_samples>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Chess } from 'chess.js';
import { importKIF, importCSA, Move } from 'tsshogi';
import { parseKifHeader, parseKifMoveOrDrop } from 'shogiops/notation/kif';
import { makeSfen } from 'shogiops/sfen';
import { reversiResult, transcriptMoves as reversiMoves } from './rules/reversi.mjs';
import { hasamiReplay, transcriptMoves as hasamiMoves } from './rules/hasami.mjs';
import { DogCat } from './rules/dogcat.mjs';
import { loadFfish } from './ffish.mjs';
import { createRequire } from 'node:module';

// Fairy-Stockfish's WebAssembly build, given its binary directly (Node has no fetch of a
// file URL for it).
const ffishDir = join(createRequire(import.meta.url).resolve('ffish-es6'), '..');
const ffish = await loadFfish(ffishDir);
const FAIRY = ['chess960', 'capablanca', 'gothic', 'janus', 'embassy', 'grand', 'almost',
  'shatranj', 'makruk', 'knightmate', 'amazon', 'kingofthehill',
  // The catalogue's room variants: hands and drops, gates, the duck's walls, janggi's
  // passes, the shogi and xiangqi families and the small boards.
  'atomic', '3check', 'antichess', 'horde', 'racingkings', 'duck',
  'crazyhouse', 'placement', 'seirawan', 'shouse', 'capahouse',
  'kyotoshogi', 'torishogi', 'euroshogi', 'judkins',
  'xiangqi', 'minixiangqi', 'janggi', 'cambodian', 'sittuyin',
  'gardner', 'losalamos', 'dobutsu', 'micro'];

// Where our SAN is not yet Fairy-Stockfish's, its reader stops at the first such move: the
// record's moves are then not compared (reported apart, as known), its final FEN still is.
const KNOWN_SAN = {};
const known = [];

// The records each reader takes, by game and format.
const READERS = {
  'chess pgn': readPgn,
  'shogi kif': readTsshogi,
  'shogi csa': readTsshogi,
  'shogi kif_sjis': readTsshogi, // decoded from Shift_JIS first, as a browser would
  'minishogi kif': readMinishogiKif,
  'minishogi kif_sjis': readMinishogiKif,
  'reversi transcript': readReversi,
  'hasami transcript': readHasami,
  'dogcat record': readDogcat,
  ...Object.fromEntries(FAIRY.map((id) => [`${id} pgn`, readFairyPgn])),
};

const dir = process.argv[2];
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
let checked = 0;
const failures = [];
const fail = (entry, why) => failures.push(`${entry.file}: ${why}`);

for (const entry of manifest) {
  const reader = READERS[`${entry.game} ${entry.format}`];
  if (!reader) continue;
  const bytes = readFileSync(join(dir, entry.file));
  const text = entry.format === 'kif_sjis' ? new TextDecoder('shift_jis', { fatal: true }).decode(bytes) : bytes.toString('utf8');
  if (entry.format === 'kif_sjis' && !text.startsWith('#KIF version=2.0 encoding=Shift_JIS\n')) {
    fail(entry, `a Shift_JIS KIF must say so on its first line: ${text.split('\n')[0]}`);
    checked++;
    continue;
  }
  try {
    const why = reader(entry, text);
    if (why) fail(entry, why);
  } catch (e) {
    fail(entry, `cannot be read: ${e.message}`);
  }
  checked++;
}

// Each reader returns what is wrong, or nothing.
function readPgn(entry, text) {
  const chess = new Chess();
  chess.loadPgn(text);
  if (chess.history().length !== entry.plies)
    return `chess.js reads ${chess.history().length} moves, expected ${entry.plies}`;
  // Compare placement, side, castling and en passant (counters may be written differently).
  const ours = entry.position.split(' ').slice(0, 4).join(' ');
  const theirs = chess.fen().split(' ').slice(0, 4).join(' ');
  if (ours !== theirs) return `final position ${theirs}, expected ${ours}`;
}


// Fairy-Stockfish's own PGN reader: the Variant and FEN tags, then the SAN moves.
function readFairyPgn(entry, text) {
  const { log, error, warn } = console;
  // Its reader echoes each move it reads, and each it cannot (reported below).
  console.log = console.error = console.warn = () => {};
  const game = ffish.readGamePGN(text);
  Object.assign(console, { log, error, warn });
  const moves = game.mainlineMoves().split(' ').filter(Boolean);
  const is960 = entry.game === 'chess960';
  const board = new ffish.Board(is960 ? 'chess' : entry.game, game.headers('FEN'), is960);
  board.pushMoves(moves.join(' '));
  const theirs = board.fen().split(' ').slice(0, 4).join(' ');
  board.delete();
  game.delete();
  const ours = entry.position.split(' ').slice(0, 4).join(' ');
  const pgnWhy = moves.length !== entry.plies ? `ffish-es6 reads ${moves.length} moves, expected ${entry.plies}`
    : ours !== theirs ? `final position ${theirs}, expected ${ours}` : undefined;
  // The exported FEN itself (pockets, walls and all), read by Fairy-Stockfish: the same
  // position written back, with as many legal moves as the core lists there.
  const fromFen = new ffish.Board(is960 ? 'chess' : entry.game, entry.position, is960);
  const again = fromFen.fen().split(' ').slice(0, 4).join(' ');
  const legal = fromFen.legalMoves().split(' ').filter(Boolean).length;
  fromFen.delete();
  if (again !== ours) return `the FEN reads back as ${again}, expected ${ours}`;
  if (typeof entry.legal_moves === 'number' && legal !== entry.legal_moves)
    return `ffish-es6 finds ${legal} legal moves in the final FEN, the core ${entry.legal_moves}`;
  if (pgnWhy && KNOWN_SAN[entry.game]) {
    known.push(`${entry.file}: ${pgnWhy} (known: ${KNOWN_SAN[entry.game]})`);
    return;
  }
  return pgnWhy;
}

function readTsshogi(entry, text) {
  const record = entry.format === 'csa' ? importCSA(text) : importKIF(text);
  if (record instanceof Error) return `tsshogi cannot read it: ${record.message}`;
  record.goto(Number.MAX_SAFE_INTEGER);
  // Only real moves count: an ending such as 詰み / %TSUMI is a node of its own.
  const plies = record.moves.filter((node) => node.move instanceof Move).length;
  if (plies !== entry.plies) return `tsshogi reads ${plies} moves, expected ${entry.plies}`;
  const ours = entry.position.replace(/^sfen /, '').split(' ').slice(0, 3).join(' ');
  const theirs = record.position.sfen.split(' ').slice(0, 3).join(' ');
  if (ours !== theirs) return `final position ${theirs}, expected ${ours}`;
}

// shogiops knows minishogi from the KIF's 手合割 and plays each move line on its own rules.
function readMinishogiKif(entry, text) {
  const pos = parseKifHeader(text).unwrap();
  if (pos.rules !== 'minishogi') return `shogiops reads the rules as ${pos.rules}`;
  const lines = text.split('\n');
  let last, plies = 0;
  for (const line of lines.slice(lines.findIndex((l) => l.startsWith('手数')) + 1)) {
    const m = /^\s*\d+\s+(.*)$/.exec(line);
    if (!m) continue;
    const text = m[1].replace(/\s+\(\s*\d+:\d+.*$/, '').trim();
    if (!/[打成不(]|同/.test(text)) break;  // an ending such as 詰み or 投了
    const md = parseKifMoveOrDrop(text, last);
    if (!md || !pos.isLegal(md)) return `shogiops finds move ${plies + 1} (${text}) illegal`;
    pos.play(md);
    last = md.to;
    plies++;
  }
  if (plies !== entry.plies) return `shogiops reads ${plies} moves, expected ${entry.plies}`;
  const ours = entry.position.split(' ').slice(0, 3).join(' ');
  const theirs = makeSfen(pos).split(' ').slice(0, 3).join(' ');
  if (ours !== theirs) return `final position ${theirs}, expected ${ours}`;
}

function readReversi(entry, text) {
  const moves = reversiMoves(text);
  if (moves.length !== entry.plies) return `${moves.length} moves read, expected ${entry.plies}`;
  const r = reversiResult(moves);
  if (r.position !== entry.position) return `final position ${r.position}, expected ${entry.position}`;
  const score = /^Score: (\d+)-(\d+)$/m.exec(text);
  if (!score || Number(score[1]) !== r.discs[0] || Number(score[2]) !== r.discs[1])
    return `Score line ${score?.[0]}, the rules count ${r.discs.join('-')}`;
}

// A finished game's record shows everything (View: all): replayed by the spec's rules, it
// must end where the rules core ended, with the same result. A game in progress is the
// viewer's record: a spectator's shows no hidden type at all.
function readDogcat(entry, text) {
  const view = /^View: (\S+)$/m.exec(text)?.[1];
  const moves = [...text.matchAll(/^\d+ (\S+) \d+$/gm)].map((m) => m[1]);
  if (moves.length !== entry.plies) return `${moves.length} moves read, expected ${entry.plies}`;
  const result = /^Result: (.+)$/m.exec(text)?.[1];
  if (view === 'spectator') {
    if (/[?!][KRBGSkrbgs]|\?[A-Z]\*/.test(text)) return 'a spectator\'s record names a hidden type';
    return result === 'ongoing' ? undefined : `a spectator's record of a finished game (${result})`;
  }
  if (view !== 'all') return `unexpected View: ${view}`;
  const g = new DogCat();
  for (const m of moves) g.play(m);
  if (g.text() !== entry.position) return `final position ${g.text()}, expected ${entry.position}`;
  if (g.result !== result) return `the rules end it as ${g.result}, the record says ${result}`;
}

function readHasami(entry, text) {
  const moves = hasamiMoves(text);
  if (moves.length !== entry.plies) return `${moves.length} moves read, expected ${entry.plies}`;
  const r = hasamiReplay(moves);
  if (r.position !== entry.position) return `final position ${r.position}, expected ${entry.position}`;
  const caps = /^Captures: (\d+)-(\d+)$/m.exec(text);
  if (!caps || Number(caps[1]) !== r.captured[0] || Number(caps[2]) !== r.captured[1])
    return `Captures line ${caps?.[0]}, the rules count ${r.captured.join('-')}`;
}

// Every record of a kind these parsers read was read: a manifest that lost its entries, or
// a filter that skips them, must not pass as "no failures".
const expected = manifest.filter((e) => READERS[`${e.game} ${e.format}`]).length;
for (const kind of Object.keys(READERS))
  if (!manifest.some((e) => `${e.game} ${e.format}` === kind)) failures.push(`the manifest has no ${kind} record`);
if (checked !== expected) failures.push(`${checked} records checked, ${expected} expected`);
for (const f of failures) console.error(f);
for (const k of known) console.warn(k);
console.log(`${checked} of ${expected} records checked by independent parsers, ${failures.length} failures` +
  (known.length ? `, ${known.length} PGN move lists not compared (known SAN differences)` : ''));
process.exit(failures.length ? 1 : 0);
