// Fairy variants with pockets, gates, palaces and rivers in the browser: for each game
// below, two players (two Chromium contexts, the guest on a phone in Japanese) go from the
// home page to the end of a game whose moves are fixed (found and checked with
// Fairy-Stockfish's own move generator): crazyhouse (drops, pocket types running out),
// xiangqi, janggi (a pass), seirawan (gates), atomic, kyotoshogi (drops either side up),
// torishogi and a definition of the host's own that inherits from crazyhouse. The host
// wins each; the server must have recorded exactly the moves meant. Then one game of each
// against the computer at level 1, played to its end: the host takes a win in one when
// there is one, else its best capture, else a seeded random move.
// Usage: node fairy-families.mjs <base url>   (exit 0 on success; screenshots in ARTIFACTS)
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launch, newPlayer, shot, until, check, pageProblems, joinAs, chooseGame, WAIT_MS } from './lib.mjs';
import { playMove } from './moves.mjs';
import { loadFfish } from '../js/ffish.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';
const only = process.env.BANMEN_FAMILIES_ONLY ? new RegExp(process.env.BANMEN_FAMILIES_ONLY) : null;

// A section of the host's own, in Fairy-Stockfish's format, inheriting from a built-in.
const MINICRAZY = `[minicrazy:crazyhouse]
maxFile = 6
maxRank = 6
startFen = rbnkbr/pppppp/6/6/PPPPPP/RBNKBR[] w - - 0 1
castling = false
doubleStep = false
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = nbr
`;

// Each game: its id, board size, the moves (White, the host, wins) and how the game ends.
const GAMES = [
  { id: 'crazyhouse', files: 8, ranks: 8, reason: /checkmate/,
    moves: 'e2e4 d7d5 e4d5 d8d5 b1c3 d5e5 g1e2 e5e2 f1e2 N@d3 e1f1 P@f4 Q@h3 d3b4 h3c8' },
  { id: 'xiangqi', files: 9, ranks: 10, reason: /checkmate/, moves: 'h3f3 g10e8 f3f8 b8b5 b3e3 b5h5 e3e7 e8g10 f8e8' },
  { id: 'janggi', files: 9, ranks: 10, reason: /checkmate/,
    moves: 'e2e2 e7d7 a1a2 a10a8 i4h4 g7h7 a2b2 a8a9 i1i4 b10c8 e2d3 c8b10 b3e3 e9f9 b2f2' },
  { id: 'seirawan', files: 8, ranks: 8, reason: /checkmate/,
    moves: 'b1c3h e7e5 f2f4 d8g5e g2g3 g5h5 a2a3 g8e7 a3a4 h8g8 b2b3 h5g6 c3d5 g6f6 d5c7' },
  { id: 'atomic', files: 8, ranks: 8, reason: /./, moves: 'a2a4 a7a6 a1a3 g7g5 a3f3 d7d6 f3f7' },
  { id: 'kyotoshogi', files: 5, ranks: 5, reason: /checkmate/,
    moves: 'd1c2- b5a4- c2b4+ c5b4 a1b2- +N@b3 b2b3+ b4c5 +N@b2 d5c4+ b3c4- c5b4 S@c3 b4b5 b2a3-' },
  { id: 'torishogi', files: 7, ranks: 7, reason: /checkmate/, moves: 'a1a2 d7c6 a3a4 c6b6 c3c4 a5a4 a2a4 S@f6 a4a7 b6a5 R@a1' },
  { id: 'custom', variant: 'minicrazy', definition: MINICRAZY, files: 6, ranks: 6, reason: /checkmate/,
    moves: 'e2e3 a5a4 c1d3 c5c4 d3c5 e5e4 c2c3 b6a5 c5e4 d6e5 P@f4' },
].filter((g) => !only || only.test(g.variant ?? g.id));

const ffish = await loadFfish(join(createRequire(import.meta.url).resolve('ffish-es6'), '..'));
ffish.loadVariantConfig(MINICRAZY);

// The room as the page was last told: the newest snapshot, move or game_over it received.
function lastPosition(frames) {
  for (let i = frames.length - 1; i >= 0; i--) {
    let m;
    try { m = JSON.parse(frames[i]); } catch { continue; }
    if (m.type === 'game_over') return { plies: m.moves.length, legal: [], toMove: null, over: true };
    if (m.type === 'snapshot') return { plies: m.moves.length, legal: m.legal_moves, toMove: m.to_move, over: m.status === 'over', position: m.position };
    if (m.type === 'move') return { plies: m.ply, legal: m.legal_moves, toMove: m.to_move, over: false, position: m.position };
  }
  return null;
}

// The pocket counts a page shows for one side ("white"/"black"): letter -> count.
async function pocketCounts(page, side) {
  return page.locator(`.fairy-pocket[data-side=${side}] [data-pocket-piece]`).evaluateAll((els) =>
    Object.fromEntries(els.map((e) => [e.dataset.pocketPiece, Number(e.dataset.count ?? 0)])));
}

async function openGame(host, game) {
  await host.page.goto(base);
  await host.page.waitForSelector('[data-testid=server-version]');
  await host.page.fill('#nickname', 'Alice');
  await chooseGame(host.page, game.id);
  if (game.definition) {
    await host.page.fill('[data-testid=variant-text]', game.definition);
    await until(async () => new RegExp(`${game.variant}: 6×6`).test((await host.page.locator('[data-testid=variant-status]').textContent()) ?? ''),
      'the definition of the host\'s own is accepted');
    check((await host.page.locator('.variant-preview .variant-diagram.with-hand').count()) === 1, 'the preview shows the pockets');
    await shot(host.page, `families-${game.variant}-form`);
  }
  await host.page.click('label.side-first');
}

async function playFriends(browser, host, game) {
  const label = game.variant ?? game.id;
  const moves = game.moves.split(' ');
  const mark = host.frames.length;
  await openGame(host, game);
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  const link = await host.page.inputValue('[data-testid=share-link]');
  const guest = await newPlayer(browser, link, { name: `guest-${label}`, locale: 'ja-JP', viewport: { width: 390, height: 844 } });
  await joinAs(guest.page, 'Bob');
  const pages = [host.page, guest.page];
  for (const p of pages)
    await until(async () => (await p.locator('.fairy-grid [data-square]').count()) === game.files * game.ranks, `${label}: a ${game.files}x${game.ranks} board`);
  for (let ply = 0; ply < moves.length; ply++) {
    const mover = pages[ply % 2];
    await until(async () => (await mover.locator('.move-list .ml-move').count()) === ply, `${label}: ply ${ply} reaches the mover`);
    // Clicks and drags in turn, so both kinds of input play every kind of move.
    await playMove(mover, game.id, moves[ply], ply % 4 >= 2);
    if (ply === 3) await shot(host.page, `families-${label}-in-progress`);
    if (label === 'crazyhouse' && ply === 12) {
      // Black has dropped its knight and its pawn, White its queen: those types ran out.
      await until(async () => (await host.page.locator('.move-list .ml-move').count()) === 13, 'Q@h3 played');
      const white = await pocketCounts(host.page, 'white'), black = await pocketCounts(host.page, 'black');
      check(!white.Q && white.P === 1, `crazyhouse: White's pocket after Q@h3 holds one pawn and no queen: ${JSON.stringify(white)}`);
      check(!black.N && !black.P, `crazyhouse: Black's pocket is empty after its drops: ${JSON.stringify(black)}`);
      await shot(guest.page, 'families-crazyhouse-pockets-phone');
    }
  }
  for (const p of pages) await p.waitForSelector('[data-testid=result-dialog]', { timeout: WAIT_MS });
  const title = (await host.page.locator('.result-title').textContent()).trim();
  const reason = (await host.page.locator('.result-reason').textContent()).trim();
  check(/You won/.test(title), `${label}: the host wins (${title})`);
  check(game.reason.test(reason), `${label}: ends by ${game.reason} (${reason})`);
  await shot(host.page, `families-${label}-over`);
  await shot(guest.page, `families-${label}-over-guest`);
  const over = host.frames.slice(mark).map((f) => JSON.parse(f)).find((m) => m.type === 'game_over');
  const recorded = (over?.moves ?? []).map((m) => m.move).join(' ');
  check(recorded === game.moves, `${label}: the server recorded exactly the moves meant: ${recorded}`);
  await guest.ctx.close();
  console.log(`${label}: played to its end by two players (${moves.length} plies): ok`);
}

// The host's choice against the computer: a win in one, else the biggest capture, else a
// seeded random move.
function hostChoice(variant, position, legal, rnd) {
  const board = new ffish.Board(variant, position);
  try {
    for (const m of legal) {
      if (!board.push(m)) continue;
      const won = board.isGameOver(true) && board.result(true) === '1-0';
      board.pop();
      if (won) return m;
    }
    const captures = legal.filter((m) => !m.includes('@') && board.isCapture(m));
    if (captures.length && rnd() < 0.8) return captures[Math.floor(rnd() * captures.length)];
    return legal[Math.floor(rnd() * legal.length)];
  } finally {
    board.delete();
  }
}

async function playComputer(browser, game) {
  const label = game.variant ?? game.id;
  const host = await newPlayer(browser, base, { name: `computer-${label}` });
  await openGame(host, game);
  await host.page.check('[data-testid=play-computer]');
  await host.page.selectOption('[data-testid=computer-level]', '1');
  await host.page.click('[data-testid=create-room]');
  await until(async () => ((await host.page.locator('[data-testid=name-1]').textContent()) ?? '').includes('Computer (level 1)'),
    `${label}: the computer's seat`);
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
  let plies = 0;
  const LIMIT = 160;
  for (;;) {
    const now = await until(() => {
      const p = lastPosition(host.frames);
      return p && (p.over || (p.toMove === 0 && p.legal?.length)) ? p : null;
    }, `${label}: the host's turn`, WAIT_MS);
    if (now.over || now.plies >= LIMIT) break;
    await playMove(host.page, game.id, hostChoice(game.variant ?? game.id, now.position, now.legal, rnd), false);
    await until(() => {
      const p = lastPosition(host.frames);
      return p && (p.over || p.plies >= now.plies + 2);
    }, `${label}: the computer's answer at ply ${now.plies + 1}`, WAIT_MS);
    plies = lastPosition(host.frames).plies;
  }
  const ended = lastPosition(host.frames).over;
  if (!ended) {
    await host.page.click('[data-testid=resign]');
    await host.page.click('dialog.choice-dialog button[data-choice=yes]');
  }
  await host.page.waitForSelector('[data-testid=result-dialog]');
  const title = (await host.page.locator('.result-title').textContent()).trim();
  await shot(host.page, `families-computer-${label}`);
  console.log(`${label} against the computer: ${plies} plies, ${ended ? `ended by the rules (${title})` : 'resigned at the ply limit'}: ok`);
  await host.ctx.close();
}

const browser = await launch();
let failed = false;
try {
  const host = await newPlayer(browser, base, { name: 'families-host' });
  for (const game of GAMES) await playFriends(browser, host, game);
  await host.ctx.close();
  for (const game of GAMES) await playComputer(browser, game);
  check(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
  console.log('fairy families browser proof: all passed');
} catch (e) {
  failed = true;
  console.error('FAILED:', e.stack ?? e);
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `families-fail-${i}`).catch(() => {});
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
