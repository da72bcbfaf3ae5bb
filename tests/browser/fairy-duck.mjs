// Duck chess in the browser: two players (the host on a desktop in English, the guest on a
// phone in Japanese) play a game to its end on the fairy board, each move in two steps: the
// piece's move (a click, a drag or a tap), then the duck's square among those lit. The
// first step is also taken back with Escape (nothing is sent, the board is as before), the
// duck is drawn on both boards where the server's position has it, and the server must
// record exactly the moves meant (checked with Fairy-Stockfish's own move generator first).
// Usage: node fairy-duck.mjs <base url>   (exit 0 on success; screenshots in ARTIFACTS)
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launch, newPlayer, shot, until, check, pageProblems, joinAs, chooseGame, WAIT_MS } from './lib.mjs';
import { loadFfish } from '../js/ffish.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';

// White takes Black's king on e8 (duck chess has no check: the king is taken).
const MOVES = ['e2e4,e4d4', 'f7f6,f6a6', 'd1h5,h5h4', 'g7g5,g5c6', 'h5e8,e8d4'];
// How each first step is made, by ply: the host clicks then drags, the guest taps.
const INPUT = ['click', 'tap', 'drag', 'tap', 'click'];

const ffish = await loadFfish(join(createRequire(import.meta.url).resolve('ffish-es6'), '..'));
{
  const board = new ffish.Board('duck');
  try {
    for (const m of MOVES) check(board.legalMoves().split(' ').includes(m) && board.push(m), `${m} is legal in duck chess`);
    check(board.isGameOver() && board.result() === '1-0', 'the moves end the game, White winning');
  } finally {
    board.delete();
  }
}

const sq = (k) => `.fairy-grid [data-square=${k}]`;

// The square's centre on screen (the grid is drawn again after every change: wait for it).
async function centre(page, key) {
  const b = await until(async () => {
    await page.locator('.fairy-grid').scrollIntoViewIfNeeded();
    return page.locator(sq(key)).boundingBox();
  }, `square ${key} on the board`);
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

// The first step: the piece from `from` to `to`, as `how` says.
async function firstStep(page, from, to, how) {
  await page.waitForSelector(`${sq(from)}[data-movable]`);
  if (how === 'drag') {
    const a = await centre(page, from);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.waitForSelector(`${sq(from)}.selected`);
    const b = await centre(page, to);
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.waitForSelector('[data-testid=drag-ghost]');
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.waitForSelector(`${sq(to)}.drag-over`);
    await page.mouse.up();
  } else if (how === 'tap') {
    await page.tap(sq(from));
    await page.waitForSelector(`${sq(to)}.dest`);
    await page.tap(sq(to));
  } else {
    await page.click(sq(from));
    await page.waitForSelector(`${sq(to)}.dest`);
    await page.click(sq(to));
  }
  // The second step: the piece is shown where it went and the duck's squares are lit.
  await page.waitForSelector(`${sq(to)}.selected`);
  await page.waitForSelector('.fairy-grid .wall-dest');
  await page.waitForSelector('.fairy-step:not([hidden])');
}

// The squares lit for the duck, and those the rules allow after `head` (the first step).
async function litWalls(page) {
  return page.locator('.fairy-grid .wall-dest').evaluateAll((els) => els.map((e) => e.dataset.square).sort());
}

function wallSquares(played, head) {
  const board = new ffish.Board('duck');
  try {
    for (const m of played) board.push(m);
    return board.legalMoves().split(' ').filter((m) => m.startsWith(`${head},`)).map((m) => m.slice(-2)).sort();
  } finally {
    board.delete();
  }
}

const browser = await launch();
try {
  const host = await newPlayer(browser, base, { name: 'host' });
  await host.page.waitForSelector('[data-testid=server-version]');
  await host.page.fill('#nickname', 'Alice');
  await chooseGame(host.page, 'duck');
  await host.page.click('label.side-first');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  const link = await host.page.inputValue('[data-testid=share-link]');
  const guest = await newPlayer(browser, link, { name: 'guest', locale: 'ja-JP', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await joinAs(guest.page, 'Bob');
  const pages = [host.page, guest.page];
  for (const p of pages) await until(async () => (await p.locator('.fairy-grid [data-square]').count()) === 64, 'an 8x8 board');

  for (let ply = 0; ply < MOVES.length; ply++) {
    const page = pages[ply % 2];
    const [head, tail] = MOVES[ply].split(',');
    const from = head.slice(0, 2), to = head.slice(2, 4), wall = tail.slice(2, 4);
    await until(async () => (await page.locator('.move-list .ml-move').count()) === ply, `ply ${ply} reaches the mover`);
    await firstStep(page, from, to, INPUT[ply]);
    const lit = await litWalls(page);
    const legal = wallSquares(MOVES.slice(0, ply), head);
    check(JSON.stringify(lit) === JSON.stringify(legal), `ply ${ply}: the lit duck squares are the legal ones (${lit.length} lit, ${legal.length} legal)`);
    if (ply === 0) {
      await shot(host.page, 'duck-wall-step');
      // Escape takes the first step back: nothing lit, the piece home, nothing sent.
      await host.page.keyboard.press('Escape');
      await host.page.waitForSelector('.fairy-grid .wall-dest', { state: 'detached' });
      check(await host.page.locator(`${sq(from)}[data-piece=P]`).count() === 1, 'Escape: the pawn is back on e2');
      check(await host.page.locator('.move-list .ml-move').count() === 0, 'Escape: no move was sent');
      await firstStep(page, from, to, INPUT[ply]);
    }
    if (ply === 1) await shot(guest.page, 'duck-wall-step-phone');
    if (INPUT[ply] === 'tap') await page.tap(sq(wall));
    else await page.click(sq(wall));
    await until(async () => (await page.locator('.move-list .ml-move').count()) === ply + 1, `ply ${ply} played`);
    // Both boards draw the duck on its square (and nowhere else) once the move is in.
    if (ply < MOVES.length - 1)
      for (const p of pages)
        await until(async () => {
          const ducks = await p.locator('.fairy-grid [data-wall]').evaluateAll((els) => els.map((e) => e.dataset.square));
          return ducks.length === 1 && ducks[0] === wall && (await p.locator(`${sq(wall)} .fairy-duck`).count()) === 1;
        }, `ply ${ply}: the duck drawn on ${wall}`);
    if (ply === 2) {
      await shot(host.page, 'duck-in-progress');
      await shot(guest.page, 'duck-in-progress-phone');
    }
  }
  for (const p of pages) await p.waitForSelector('[data-testid=result-dialog]', { timeout: WAIT_MS });
  const title = (await host.page.locator('.result-title').textContent()).trim();
  check(/You won/.test(title), `the host wins (${title})`);
  await shot(host.page, 'duck-over');
  await shot(guest.page, 'duck-over-phone');
  const over = host.frames.map((f) => { try { return JSON.parse(f); } catch { return null; } }).find((m) => m?.type === 'game_over');
  const recorded = (over?.moves ?? []).map((m) => m.move).join(' ');
  check(recorded === MOVES.join(' '), `the server recorded exactly the moves meant: ${recorded}`);
  check(pageProblems.length === 0, `no page errors: ${pageProblems.join('; ')}`);
  console.log(`duck: played to its end by two players (${MOVES.length} plies, each in two steps; Escape took a first step back): ok`);
} catch (e) {
  console.error('FAILED:', e);
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `duck-fail-${i}`).catch(() => {});
  process.exitCode = 1;
} finally {
  await browser.close();
}
