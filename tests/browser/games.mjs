// The client's end-to-end proof: two browser contexts (host and guest) play a complete
// game of every game the server offers in one room, by clicking and dragging on the
// boards; both see the right result; a spectator follows; a reload keeps the seat;
// rematch and game switch carry the room from game to game; a short clock runs out.
// Usage: node games.mjs <base url>   (exit 0 on success; screenshots in ARTIFACTS)
import { ARTIFACTS, launch, newPlayer, shot, until, check, pageProblems, notDrawnBy, chooseGame, WAIT_MS } from './lib.mjs';
import { playMove } from './moves.mjs';
import { reversiResult } from '../js/rules/reversi.mjs';
import { gameFrames, scanHidden } from './hidden-scan.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';
const deadline = Date.now() + 240_000;

// Each script ends the game by the rules. `winner`: seat that wins, null for a draw (for
// reversi, played with whatever moves the board offers, tests/js/rules/reversi.mjs says).
const SCRIPTS = {
  chess: { moves: 'f2f3 e7e5 g2g4 d8h4', winner: 1, reason: 'by checkmate' },
  minishogi: { moves: '1e1b 2a1b 2e4c 5a5d 5e5d P*1d R*2a', winner: 0, reason: 'by checkmate', reloadAt: 3 },
  shogi: { moves: '6i5h 8b7b 7g7f 1c1d 8h3c+ 5a5b 3c4c 5b5a 4c6a 5a4b G*4c', winner: 0, reason: 'by checkmate' },
  hasami: { moves: '9i9e 8a8e 7i7e 6a6e 5i5e 4a4e 3i3e 1a1b', winner: 0, reason: 'by captures' },
  dogcat: { moves: '?R*3e ?R*3a 3e3b', winner: 1, reason: 'because a side was shown to have no king on the board', hidden: true },
  reversi: { moves: null, reason: 'by disc count' },
};

const browser = await launch();
let droppedOnce = false;
let failed = false;
try {
  const host = await newPlayer(browser, base, { name: 'host' });
  await host.page.waitForSelector('[data-testid=server-version]');
  // Every game the home page offers is played here, and every one must be available: a game
  // added later without a script, or one the server cannot play, fails the run.
  // Fairy-chess variants (data-fairy) are played by fairy.mjs.
  const cards = await host.page.locator('.game-card:not([data-fairy])').evaluateAll((els) =>
    els.map((e) => ({ id: e.dataset.game, off: e.classList.contains('unavailable') })));
  for (const c of cards) {
    check(SCRIPTS[c.id], `the home page offers ${c.id}, which this test has no script for`);
    check(!c.off, `${c.id} is offered but not available`);
  }
  const available = Object.keys(SCRIPTS);
  check(cards.length === available.length, `${cards.length} games offered, ${available.length} scripted`);
  console.log('games available:', available.join(' '));
  await shot(host.page, '01-home');

  // Room A: the first available game, host sits first.
  await host.page.fill('#nickname', 'Alice');
  await chooseGame(host.page, available[0]);
  await host.page.click('label.side-first');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  await shot(host.page, '02-waiting');
  const link = await host.page.inputValue('[data-testid=share-link]');
  check(/\/r\/[A-Za-z0-9_-]{16,}$/.test(link), `share link ${link}`);
  const guest = await newPlayer(browser, link, { name: 'guest', locale: 'ja-JP' });
  await enterRoom(guest.page, 'Bob', true);
  const spectator = await newPlayer(browser, link, { name: 'spectator', viewport: { width: 390, height: 844 } });
  await enterRoom(spectator.page, 'Sam', false);
  check((await host.page.locator('[data-testid=name-1], [data-testid=name-0]').allTextContents()).includes('Bob'), 'host sees the guest by name');
  check(await spectator.page.locator('text=You are watching this game.').count(), 'third browser is a spectator');

  const pages = { host: host.page, guest: guest.page };
  await chatAndTakeback(pages, spectator.page, available[0]);
  for (let i = 0; i < available.length; i++) {
    const game = available[i];
    // What each page receives from here on, for the hidden-information scan.
    const mark = { host: host.frames.length, guest: guest.frames.length, spectator: spectator.frames.length };
    const received = () => ({ host: host.frames.slice(mark.host), guest: guest.frames.slice(mark.guest), spectator: spectator.frames.slice(mark.spectator) });
    if (i > 0) await switchAndRematch(pages, game);
    await playScripted(pages, spectator.page, game, received);
  }
  await recordAndResign(pages, available[available.length - 1]);
  await timeoutRoom(browser);
  check(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
  console.log('browser proof: all passed');
} catch (e) {
  failed = true;
  console.error('FAILED:', e.stack ?? e);
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `fail-${i}`).catch(() => {});
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

// First visit through a share link: say a name, then the room opens.
async function enterRoom(page, name, screenshot) {
  await page.waitForSelector('[data-testid=join-name]');
  if (screenshot) await shot(page, '03-join-card');
  await page.fill('[data-testid=join-name]', name);
  await page.click('[data-testid=join-submit]');
  await page.waitForSelector('.room');
}

async function seatOf(page) {
  return Number(await page.locator('.pb-bottom').getAttribute('data-seat'));
}

async function moveCount(page) {
  return page.locator('.move-list .ml-move').count();
}

async function playScripted(pages, spectatorPage, game, received) {
  check(Date.now() < deadline, 'time budget');
  await until(async () => (await pages.host.locator(`.board-wrap.game-${game}`).count()) && (await pages.guest.locator(`.board-wrap.game-${game}`).count()), `${game} boards`);
  const hostSeat = await seatOf(pages.host);
  const bySeat = hostSeat === 0 ? [pages.host, pages.guest] : [pages.guest, pages.host];
  const script = SCRIPTS[game];
  if (game === 'shogi') {
    const meta = async (p) => (await p.locator('.room-meta').textContent()) ?? '';
    await until(async () => /^(30s|秒読み30秒)/.test(await meta(pages.guest)), `the clock the host chose, in the guest's language, got "${await meta(pages.guest)}"`);
  }
  const moves = script.moves ? script.moves.split(' ') : null;
  const played = []; // reversi: the moves as this test played them
  for (let ply = 0; ; ply++) {
    const mover = bySeat[ply % 2];
    if (moves && ply >= moves.length) break;
    await until(async () => (await moveCount(mover)) === ply || (await mover.locator('[data-testid=result-dialog]').count()), `${game}: ply ${ply} reaches the mover`);
    if (await mover.locator('[data-testid=result-dialog]').count()) break; // reversi ended
    if (game === 'reversi') {
      const legal = mover.locator('.rv-cell.legal');
      const over = mover.locator('[data-testid=result-dialog]');
      // The move before may have ended the game before its result dialog showed.
      await until(async () => (await legal.count()) || (await mover.locator('[data-testid=pass]:visible').count()) || (await over.count()), 'reversi move or pass');
      if (await over.count()) break;
      const move = (await legal.count()) ? await legal.first().getAttribute('data-square') : 'pass';
      await playMove(mover, game, move, false);
      played.push(move);
    } else if (ply === 1 && !droppedOnce && mover === pages.guest) {
      droppedOnce = true;
      await dropConnection(mover, () => playMove(mover, game, moves[ply], true));
    } else {
      await playMove(mover, game, moves[ply], ply % 3 === 1);
    }
    if (script.reloadAt === ply + 1) {
      await until(async () => (await moveCount(pages.host)) === ply + 1, 'move before reload');
      await pages.host.reload();
      await pages.host.waitForSelector(`.board-wrap.game-${game}`);
      check((await seatOf(pages.host)) === hostSeat, 'reload keeps the seat');
      check(await pages.host.locator('.pb-bottom .pb-you').count(), 'reloaded page is still a player');
      await shot(pages.host, `${game}-after-reload`);
    }
    if (script.hidden && ply === 0) {
      await until(async () => (await moveCount(spectatorPage)) === 1, 'spectator sees the hidden drop');
      // Not on the board, not in a hand, not even as an empty hand slot.
      const typed = await spectatorPage.locator('piece[class*="hidden-king"], piece[class*="hidden-rook"], piece[class*="hidden-bishop"], piece[class*="hidden-gold"], piece[class*="hidden-silver"]').count();
      check(typed === 0, 'spectator never sees a hidden type');
      check((await spectatorPage.locator('sg-pieces piece.hidden-unknown-c').count()) === 1, 'spectator sees a face-down candidate');
      check((await spectatorPage.content()).match(/\?R\*/) === null, 'no typed hidden drop in the spectator page');
      const opp = bySeat[1];
      check((await opp.locator('sg-pieces piece[class*="hidden-rook"]').count()) === 0, 'opponent never sees a hidden type on the board');
      const ownerClasses = await bySeat[0].locator('sg-pieces piece').evaluateAll((els) => els.map((e) => e.className));
      check(ownerClasses.includes('sente hidden-rook-c'), `owner sees its hidden rook (${ownerClasses.join(',')})`);
      await shot(spectatorPage, `${game}-spectator-hidden`);
    }
    if (game === 'shogi' && ply === 0) await checkFonts(pages);
    if (game === 'shogi' && ply === 6) {
      await until(async () => (await moveCount(pages.host)) === 7, 'shogi ply 7 on the host page');
      await pages.host.waitForTimeout(300);
      await pages.host.locator('.room').screenshot({ path: `${ARTIFACTS}/readme-shogi-in-progress.png` });
    }
    if (ply === 2) {
      await shot(pages.host, `${game}-in-progress`);
      await shot(spectatorPage, `${game}-phone-spectator`);
    }
  }
  // Both players and the spectator see the right result.
  for (const p of [pages.host, pages.guest, spectatorPage]) await p.waitForSelector('[data-testid=result-dialog]', { timeout: WAIT_MS });
  const title = async (p) => (await p.locator('.result-title').textContent()).trim();
  let winner = script.winner;
  let discs = null; // reversi: Black's and White's discs at the end, as the rules count them
  if (game === 'reversi') {
    const ruled = reversiResult(played);
    check(ruled.over, `reversi: the rules say the game is not over after ${played.length} moves`);
    winner = ruled.winner;
    const shown = [0, 1].map(async (s) => Number(await pages.host.locator(`[data-testid=discs-${s}]`).textContent()));
    check(JSON.stringify(await Promise.all(shown)) === JSON.stringify(ruled.discs), `reversi: the page counts the discs as the rules do (${ruled.discs})`);
    discs = ruled.discs;
  }
  const expectHost = winner === null ? 'Draw' : winner === hostSeat ? 'You won' : 'You lost';
  const expectGuest = winner === null ? '引き分け' : winner === hostSeat ? 'あなたの負け' : 'あなたの勝ち';
  check((await title(pages.host)) === expectHost, `${game}: host sees "${expectHost}", got "${await title(pages.host)}"`);
  check((await title(pages.guest)) === expectGuest, `${game}: guest sees "${expectGuest}", got "${await title(pages.guest)}"`);
  const reason = (await pages.host.locator('.result-reason').textContent()).trim();
  // Reversi's reason says the count, as the rules counted it.
  const expectReason = game === 'reversi' && discs ? `${script.reason}: Black ${discs[0]}, White ${discs[1]}` : script.reason;
  check(reason === expectReason, `${game}: reason "${expectReason}", got "${reason}"`);
  const spec = await title(spectatorPage);
  check(winner === null ? spec === 'Draw' : / wins$/.test(spec), `${game}: spectator sees "${spec}"`);
  if (script.hidden) {
    // At the end everything is revealed, to the spectator too.
    await until(async () => (await spectatorPage.locator('sg-pieces piece[class*="hidden-rook"]').count()) > 0, 'hidden rooks revealed to the spectator at the end');
    const got = received();
    const hostSeat2 = await seatOf(pages.host);
    let own = [0, 0], messages = 0;
    for (const [who, seat] of [['host', hostSeat2], ['guest', 1 - hostSeat2], ['spectator', -1]]) {
      const msgs = gameFrames(got[who]);
      messages += msgs.length;
      const { problems, ownSeen } = scanHidden(msgs, seat);
      check(problems.length === 0, `${game}: ${who} received hidden information:\n${problems.join('\n')}`);
      if (seat >= 0) own[seat] = ownSeen;
    }
    check(own[0] > 0 && own[1] > 0, `${game}: the owners' own frames name their hidden types (${own}): the scan sees them`);
    console.log(`${game}: ${messages} WebSocket messages scanned, no hidden type leaked (own types seen ${own})`);
  }
  await shot(pages.host, `${game}-result-host`);
  await shot(pages.guest, `${game}-result-guest`);
  for (const p of [pages.host, pages.guest, spectatorPage]) await p.locator('dialog.result-dialog button.close').click();
  console.log(`${game}: played, result ok (${expectHost} / ${reason})`);
}

// Pieces, board numerals and Japanese labels are drawn by the client's own fonts, so they
// show on a machine without any Japanese font (this test's machines have none).
async function checkFonts(pages) {
  const pieceChars = '歩香桂銀金角飛玉王と杏圭全馬龍将車行兵成盤一二三四五六七八九';
  const missing = await notDrawnBy(pages.host, 'Banmen Pieces', 700, pieceChars);
  check(missing === '', `the piece font does not draw ${missing}`);
  const family = await pages.host.locator('sg-pieces piece.pawn').first()
    .evaluate((el) => getComputedStyle(el, '::after').fontFamily);
  check(family.startsWith('"Banmen Pieces"'), `pieces are drawn in ${family}`);
  // Everything Japanese on the guest's page (English UI on the host's has none to check).
  const text = (await pages.guest.locator('body').innerText()).replace(/[\x00-\u2fff]/g, '');
  check(text.length > 20, `the Japanese page shows Japanese (${text.length} characters)`);
  const notJp = await notDrawnBy(pages.guest, 'Banmen JP', 400, text);
  check(notJp === '', `the Japanese text font does not draw ${notJp}`);
  console.log(`fonts: ${pieceChars.length} piece characters and ${new Set(text).size} Japanese characters drawn by the client's own fonts`);
}

// The finished game's record downloads; then a rematch ends at once by resignation.
async function recordAndResign(pages, game) {
  const link = pages.host.locator('.download-row a').first();
  const href = await link.getAttribute('href');
  const res = await pages.host.request.get(new URL(href, pages.host.url()).toString());
  check(res.ok(), `record download ${href}: ${res.status()}`);
  check((await res.text()).length > 0, 'record is not empty');
  const rematch = async () => {
    for (const p of [pages.host, pages.guest]) await p.locator('dialog.result-dialog button.close').click().catch(() => {});
    await pages.host.click('[data-testid=rematch]');
    await pages.guest.click('[data-testid=accept-rematch]');
    await until(async () => !(await pages.host.locator('[data-testid=rematch]').count()), 'rematch started');
  };
  // Before both sides have moved, a game can be aborted; it counts for nobody.
  await rematch();
  await pages.host.click('[data-testid=abort]');
  for (const p of [pages.host, pages.guest]) await p.waitForSelector('[data-testid=result-dialog]');
  check((await pages.guest.locator('.result-title').textContent()).trim() === '対局中止', 'aborted');
  if (game !== 'reversi') return;
  // After two moves, resigning ends it: the resigner loses.
  await rematch();
  const bySeat = (await seatOf(pages.host)) === 0 ? [pages.host, pages.guest] : [pages.guest, pages.host];
  for (let ply = 0; ply < 2; ply++) {
    const p = bySeat[ply];
    await until(async () => (await moveCount(p)) === ply && (await p.locator('.rv-cell.legal').count()), `resign game ply ${ply}`);
    await playMove(p, game, await p.locator('.rv-cell.legal').first().getAttribute('data-square'), false);
  }
  await until(async () => (await moveCount(pages.host)) === 2, 'two moves before resigning');
  await pages.host.click('[data-testid=resign]');
  await pages.host.click('dialog.choice-dialog button[data-choice=yes]');
  for (const p of [pages.host, pages.guest]) await p.waitForSelector('[data-testid=result-dialog]');
  check((await pages.host.locator('.result-title').textContent()).trim() === 'You lost', 'resigner lost');
  check((await pages.host.locator('.result-reason').textContent()).trim() === 'by resignation', 'reason: resignation');
  check((await pages.guest.locator('.result-title').textContent()).trim() === 'あなたの勝ち', 'guest won');
  console.log(`record download, abort and resignation (${game}): ok`);
}

// Chat between the players; a takeback asked by the first player and granted.
async function chatAndTakeback(pages, spectatorPage, game) {
  await pages.host.fill('.chat-form input', 'good luck!');
  await pages.host.press('.chat-form input', 'Enter');
  await pages.guest.waitForSelector('.chat-log li:has-text("good luck!")');
  check((await spectatorPage.locator('.chat-log li:has-text("good luck!")').count()) === 0, 'players\' chat stays with the players');
  const first = (await seatOf(pages.host)) === 0 ? pages.host : pages.guest;
  const second = first === pages.host ? pages.guest : pages.host;
  const opening = { chess: 'a2a3', reversi: 'd3', hasami: '9i9h', shogi: '9g9f', minishogi: '5d5c', dogcat: '?K*5e' }[game];
  // The second player's tab is in the background: its title says it is their move, until
  // the tab is seen again.
  await setHidden(second, true);
  await playMove(first, game, opening, false);
  await until(async () => (await moveCount(second)) === 1, 'opening move arrives');
  await until(async () => (await second.title()).startsWith('●'), `hidden tab's title (${await second.title()})`);
  check((await first.title()) === 'Banmen', 'the visible tab keeps its title');
  await setHidden(second, false);
  await until(async () => (await second.title()) === 'Banmen', 'title back once the tab is seen');
  await first.click('[data-testid=takeback]');
  await second.waitForSelector('[data-testid=offer-takeback]');
  await shot(second, 'takeback-offer');
  await second.click('[data-testid=accept-takeback]');
  await until(async () => (await moveCount(first)) === 0 && (await moveCount(second)) === 0, 'takeback clears the move');
  console.log('chat and takeback: ok');
}

// As a browser does when the tab goes to the background or comes back.
async function setHidden(page, hidden) {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

// The network goes away for a moment: the banner shows; a move made meanwhile is sent
// once the client has reconnected by itself with its seat token, and the game goes on.
async function dropConnection(page, moveWhileDown) {
  const ctx = page.context();
  await page.evaluate(() => window.__banmenDropSocket?.()); // as a network failure would
  await ctx.setOffline(true);
  await page.waitForSelector('[data-testid=conn-down]', { timeout: WAIT_MS });
  await moveWhileDown();
  await shot(page, 'connection-down');
  await ctx.setOffline(false);
  await page.waitForSelector('[data-testid=conn-down]', { state: 'hidden', timeout: WAIT_MS });
  console.log('reconnect after a drop, move made while down delivered: ok');
}

async function switchAndRematch(pages, game) {
  await pages.host.selectOption('[data-testid=switch-select]', game);
  // Shogi's game comes with a clock the host picks: 30 s of byoyomi only.
  if (game === 'shogi') await pages.host.selectOption('[data-testid=switch-clock]', 'b0+30');
  await pages.host.click('[data-testid=switch-game]');
  await until(async () => (await pages.guest.locator('[data-testid=next-game]').count()) || (await pages.guest.locator(`.board-wrap.game-${game}`).count()), `guest told of the switch to ${game}`);
  if (!(await pages.host.locator(`.board-wrap.game-${game}`).count())) {
    await pages.host.click('[data-testid=rematch]');
    await pages.guest.click('[data-testid=accept-rematch]');
  }
}

// Room B: a short clock runs out for the host.
async function timeoutRoom(browser) {
  const host = await newPlayer(browser, base, { name: 'host2' });
  const game = 'chess';
  if (await host.page.locator(`.game-card[data-game="${game}"].unavailable`).count()) return;
  await host.page.fill('#nickname', 'Carol');
  await chooseGame(host.page, game);
  await host.page.click('label.side-first');
  await host.page.click('.chip:has(input[value=custom])');
  await host.page.fill('input[name=minutes]', '0.05');
  await host.page.fill('input[name=seconds]', '0');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  const link = await host.page.inputValue('[data-testid=share-link]');
  const guest = await newPlayer(browser, link, { name: 'guest2' });
  await enterRoom(guest.page, 'Dan', false);
  await guest.page.waitForSelector('.board-wrap.game-chess');
  // First a draw by agreement, then the rematch runs out of time (seats swap: guest first).
  await host.page.click('[data-testid=draw]');
  await guest.page.waitForSelector('[data-testid=offer-draw]');
  await guest.page.click('[data-testid=accept-draw]');
  for (const p of [host.page, guest.page]) await p.waitForSelector('[data-testid=result-dialog]');
  check((await host.page.locator('.result-title').textContent()).trim() === 'Draw', 'draw by agreement');
  check((await host.page.locator('.result-reason').textContent()).trim() === 'by agreement', 'reason: agreement');
  for (const p of [host.page, guest.page]) await p.locator('dialog.result-dialog button.close').click();
  await host.page.click('[data-testid=rematch]');
  await guest.page.click('[data-testid=accept-rematch]');
  await until(async () => (await seatOf(host.page)) === 1, 'rematch swaps the seats');
  console.log('draw by agreement and rematch: ok');
  const [a, b] = [guest.page, host.page]; // a moves first now; b runs out of time
  // The rematch turns both boards round: clicks wait for the new orientation (a click
  // computed on the old one lands on the mirrored squares).
  await until(async () => (await a.locator('.cg-wrap.orientation-white').count()) && (await b.locator('.cg-wrap.orientation-black').count()), 'boards turned for the rematch');
  await until(async () => (await a.locator('[data-testid=status].my-turn').count()) > 0, 'the new white player is to move');
  await playMove(a, game, 'e2e4', false);
  await until(async () => (await moveCount(b)) === 1, 'e4 arrives');
  await playMove(b, game, 'e7e5', true);
  await until(async () => (await moveCount(a)) === 2, 'e5 arrives');
  await playMove(a, game, 'g1f3', false);
  await until(async () => (await moveCount(b)) === 3, 'Nf3 arrives');
  await b.waitForSelector('.clock.low', { timeout: WAIT_MS });
  await shot(b, 'timeout-low-clock');
  await b.waitForSelector('[data-testid=result-dialog]', { timeout: WAIT_MS });
  const reason = (await b.locator('.result-reason').textContent()).trim();
  check(reason === 'on time', `timeout reason, got "${reason}"`);
  check((await b.locator('.result-title').textContent()).trim() === 'You lost', 'host lost on time');
  await shot(b, 'timeout-result');
  console.log('timeout: ok');
}
