// Replay in the browser: looking back through the moves during and after a game, in
// chess, shogi and reversi (a click on a move, ←/→/Home/End, "Back to the game"); an
// opponent's move arriving while a player looks back does not move that player's board;
// no move can be made on an earlier position; the room's series panel after three games
// (results, score, a replay of an earlier game of another kind); a finished dog-cat game
// replayed with its hidden pieces revealed, and before the end nothing hidden shown.
// Usage: node replay.mjs <base url>   (exit 0 on success; screenshots in ARTIFACTS)
import { ARTIFACTS, launch, newPlayer, shot, until, check, pageProblems, joinAs, roundTrip, chooseGame, WAIT_MS } from './lib.mjs';
import { playMove } from './moves.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';
const deadline = Date.now() + 180_000;
let checks = 0;
const ok = (cond, what) => {
  check(cond, what);
  checks++;
};

const moveCount = (page) => page.locator('.move-list .ml-move').count();
const where = async (page) => ((await page.locator('[data-testid=replay-where]').textContent()) ?? '').trim();
const seatOf = async (page) => Number(await page.locator('.pb-bottom').getAttribute('data-seat'));
// The squares with a piece on the board drawn now, from the page's list of pieces.
const squares = async (page) => new Set((await page.locator('[data-testid=piece-list] li').allTextContents()).map((l) => l.trim().split(' ').at(-1)));
const lines = async (page) => (await page.locator('[data-testid=piece-list] li').allTextContents()).map((l) => l.trim());
const discs = async (page) => Promise.all([0, 1].map(async (s) => Number(await page.locator(`[data-testid=discs-${s}]`).textContent())));
const backShown = (page) => page.locator('[data-testid=replay-live]').count();

// Where the viewer is: "ply/total" ("game:ply/total" for another game of the series), or
// the words shown, in the page's language.
const at = async (page) => (await page.locator('[data-testid=replay-where]').getAttribute('data-at')) ?? '';
async function waitWhere(page, want, what) {
  const got = async () => (/^[\d:]+\/\d+$/.test(want) ? at(page) : where(page));
  await until(async () => (await got()) === want, `${what}: "${want}", got "${await got()}"`);
}

// Keys go to the page, not to the board (whose arrow keys move between squares).
async function press(page, key) {
  await page.locator('[data-testid=status]').click({ force: true }).catch(() => {});
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await page.keyboard.press(key);
}

async function closeResults(pages) {
  for (const p of pages) {
    await p.waitForSelector('[data-testid=result-dialog]', { timeout: WAIT_MS });
    await p.locator('dialog.result-dialog button.close').click();
    await until(async () => !(await p.locator('dialog[open]').count()), 'result dialog closed');
  }
}

async function switchTo(pages, game) {
  await pages.host.selectOption('[data-testid=switch-select]', game);
  if (game === 'shogi') await pages.host.selectOption('[data-testid=switch-clock]', 'b0+30');
  await pages.host.click('[data-testid=switch-game]');
  await until(async () => (await pages.guest.locator('[data-testid=next-game]').count()) || (await pages.guest.locator(`.board-wrap.game-${game}`).count()), `switch to ${game}`);
  if (!(await pages.host.locator(`.board-wrap.game-${game}`).count())) {
    await pages.host.click('[data-testid=rematch]');
    await pages.guest.click('[data-testid=accept-rematch]');
  }
  for (const p of [pages.host, pages.guest]) await p.waitForSelector(`.board-wrap.game-${game}`);
}

// Plays `moves` from ply `from` on, each by the page whose seat is to move.
async function play(bySeat, game, moves, from = 0) {
  for (let i = 0; i < moves.length; i++) {
    const ply = from + i;
    const mover = bySeat[ply % 2];
    await until(async () => (await moveCount(mover)) === ply, `${game}: ply ${ply} reaches the mover`);
    let move = moves[i];
    if (move === '*') {
      await until(async () => mover.locator('.rv-cell.legal').count(), 'a legal reversi move');
      move = await mover.locator('.rv-cell.legal').first().getAttribute('data-square');
    }
    await playMove(mover, game, move, false);
  }
  for (const p of bySeat) await until(async () => (await moveCount(p)) === from + moves.length, `${game}: ${from + moves.length} moves on both pages`);
}

async function resign(page) {
  await page.click('[data-testid=resign]');
  await page.click('dialog.choice-dialog button[data-choice=yes]');
}

const browser = await launch();
let failed = false;
try {
  const host = await newPlayer(browser, base, { name: 'host' });
  await host.page.waitForSelector('[data-testid=server-version]');
  await host.page.fill('#nickname', 'Alice');
  await chooseGame(host.page, 'chess');
  await host.page.click('label.side-first');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  const link = await host.page.inputValue('[data-testid=share-link]');
  const guest = await newPlayer(browser, link, { name: 'guest', locale: 'ja-JP' });
  await joinAs(guest.page, 'Bob');
  await host.page.waitForSelector('.board-wrap.game-chess');
  const pages = { host: host.page, guest: guest.page };
  const score = { Alice: 0, Bob: 0 };

  // --- Chess: during the game --------------------------------------------------------
  const A = host.page, B = guest.page; // Alice is White
  await play([A, B], 'chess', ['e2e4', 'e7e5', 'f1c4', 'b8c6']);
  await A.click('.move-list .ml-move[data-ply="2"]');
  await waitWhere(A, '2/4', 'chess: a click on the second move');
  let sq = await squares(A);
  ok(sq.has('e4') && sq.has('e5') && sq.has('f1') && !sq.has('c4'), 'chess: the board shows the position after 1. e4 e5');
  ok((await A.locator('.move-list .ml-move.selected').textContent()).trim() === 'e5', 'chess: the chosen move is marked');
  ok(await backShown(A), 'chess: "Back to the game" is offered');
  // No move on an earlier position, though it is Alice's turn in the game.
  await playMove(A, 'chess', 'd1h5', false);
  await roundTrip(A, B, 'looking back');
  ok((await moveCount(B)) === 4, 'chess: no move is made while looking back');
  await shot(A, 'replay-chess-looking-back');
  await press(A, 'ArrowRight');
  await waitWhere(A, '3/4', 'chess: → one move on');
  await press(A, 'ArrowRight');
  await until(async () => !(await backShown(A)), 'chess: → at the last move is the game again');
  ok((await squares(A)).has('c6'), 'chess: back to the live position');
  await play([A, B], 'chess', ['d1h5'], 4);
  // Alice looks at the start while Bob moves: her board stays there.
  await press(A, 'Home');
  await waitWhere(A, 'Start position', 'chess: Home');
  // The label changes first; the board is redrawn just after it.
  await until(async () => (await squares(A)).has('d1') && !(await squares(A)).has('e4'), 'chess: the start position');
  await play([A, B], 'chess', ['g8f6'], 5);
  await until(async () => (await moveCount(A)) === 6, 'chess: the opponent\'s move reaches the list');
  ok((await at(A)) === '0/6' && (await where(A)) === 'Start position', 'chess: the new move does not move the board away');
  sq = await squares(A);
  ok(sq.has('d1') && !sq.has('h5') && !sq.has('f6'), 'chess: still the start position on the board');
  ok((await A.locator('.pb-bottom.to-move').count()) === 1, 'chess: the bars follow the game (Alice to move)');
  await A.click('[data-testid=replay-live]');
  await until(async () => !(await backShown(A)), 'chess: back to the game');
  sq = await squares(A);
  ok(sq.has('h5') && sq.has('f6'), 'chess: the live position again');
  await play([A, B], 'chess', ['h5f7'], 6);
  await closeResults([A, B]);
  score.Alice++;
  // --- Chess: after the game -----------------------------------------------------------
  await A.click('.move-list .ml-move[data-ply="3"]');
  await waitWhere(A, '3/7', 'chess after: a click');
  sq = await squares(A);
  ok(sq.has('c4') && !sq.has('c6') && !sq.has('h5'), 'chess after: the position after 2. Bc4');
  await press(A, 'ArrowLeft');
  await waitWhere(A, '2/7', 'chess after: ←');
  await press(A, 'End');
  await until(async () => !(await backShown(A)), 'chess after: End');
  ok((await lines(A)).some((l) => l.endsWith('queen f7')), 'chess after: the final position');
  // Bob reads the page in Japanese.
  await press(B, 'Home');
  await waitWhere(B, '開始局面', 'chess after: Home, in Japanese');
  await shot(B, 'replay-chess-after-ja');
  await B.click('[data-testid=replay-live]');

  // --- Shogi (seats swap: Bob is Sente) -----------------------------------------------
  await switchTo(pages, 'shogi');
  const shogiSeats = (await seatOf(A)) === 0 ? [A, B] : [B, A];
  await play(shogiSeats, 'shogi', ['7g7f', '3c3d', '2g2f', '4c4d']);
  const s0 = shogiSeats[0];
  await press(s0, 'ArrowLeft');
  await waitWhere(s0, '3/4', 'shogi: ←');
  await press(s0, 'ArrowLeft');
  await waitWhere(s0, '2/4', 'shogi: ← again');
  sq = await squares(s0);
  ok(sq.has('7f') && sq.has('3d') && sq.has('2g') && !sq.has('2f'), 'shogi: the position after ▲7六歩 △3四歩');
  // Gote moves while Sente looks back: Sente's board stays on the chosen move.
  await press(s0, 'End');
  await until(async () => !(await backShown(s0)), 'shogi: End');
  await play(shogiSeats, 'shogi', ['2f2e'], 4);
  await press(s0, 'ArrowLeft');
  await waitWhere(s0, '4/5', 'shogi: looking back on Gote\'s turn');
  await play(shogiSeats, 'shogi', ['8b4b'], 5);
  await until(async () => (await moveCount(s0)) === 6, 'shogi: Gote\'s move in Sente\'s list');
  ok((await at(s0)) === '4/6', 'shogi: the board stays on move 4');
  ok((await squares(s0)).has('8b') && !(await squares(s0)).has('2e'), 'shogi: still the position of move 4');
  await shot(s0, 'replay-shogi-looking-back');
  await s0.click('[data-testid=replay-live]');
  await resign(s0);
  await closeResults([A, B]);
  score[s0 === A ? 'Bob' : 'Alice']++;
  await shogiSeats[1].click('.move-list .ml-move[data-ply="1"]');
  await waitWhere(shogiSeats[1], '1/6', 'shogi after: a click');
  ok((await squares(shogiSeats[1])).has('7f') && !(await squares(shogiSeats[1])).has('3d'), 'shogi after: the position after ▲7六歩');
  await shogiSeats[1].click('[data-testid=replay-live]');

  // --- Reversi (seats swap again) ---------------------------------------------------
  await switchTo(pages, 'reversi');
  const rvSeats = (await seatOf(A)) === 0 ? [A, B] : [B, A];
  await play(rvSeats, 'reversi', ['*', '*']);
  const live = await discs(rvSeats[0]);
  await press(rvSeats[0], 'Home');
  await waitWhere(rvSeats[0], '0/2', 'reversi: Home');
  await until(async () => JSON.stringify(await discs(rvSeats[0])) === '[2,2]', 'reversi: four discs at the start');
  await until(async () => (await rvSeats[0].locator('.rv-cell.legal').count()) === 0, 'reversi: no move offered while looking back');
  await press(rvSeats[0], 'End');
  await until(async () => JSON.stringify(live) === JSON.stringify(await discs(rvSeats[0])), 'reversi: End shows the game again');
  await play(rvSeats, 'reversi', ['*', '*'], 2);
  await resign(rvSeats[1]);
  await closeResults([A, B]);
  score[rvSeats[1] === A ? 'Bob' : 'Alice']++;
  await rvSeats[0].click('.move-list .ml-move[data-ply="1"]');
  await waitWhere(rvSeats[0], '1/4', 'reversi after: a click');
  const d1 = await discs(rvSeats[0]);
  ok(d1[0] + d1[1] === 5, `reversi after: five discs after one move (${d1})`);
  await rvSeats[0].click('[data-testid=replay-live]');

  // --- The series panel -------------------------------------------------------------
  await A.click('[data-testid=series] > summary');
  const expectScore = `Alice ${score.Alice} – ${score.Bob} Bob`;
  await until(async () => ((await A.locator('[data-testid=series-score]').textContent()) ?? '').trim() === expectScore, `series score "${expectScore}"`);
  ok((await A.locator('.sp-game').count()) === 3, 'series: three games');
  ok(/^White wins — by checkmate · 7 moves$/.test((await A.locator('[data-testid=series-result-1]').textContent()).trim()), 'series: game 1, result and length');
  ok(/by resignation · 6 moves$/.test((await A.locator('[data-testid=series-result-2]').textContent()).trim()), 'series: game 2');
  ok(/by resignation · 4 moves$/.test((await A.locator('[data-testid=series-result-3]').textContent()).trim()), 'series: game 3');
  ok((await A.locator('.sp-game[data-game-no="1"] a[data-format=pgn]').count()) === 1, 'series: game 1\'s PGN download');
  const pgn = await A.locator('.sp-game[data-game-no="1"] a[data-format=pgn]').getAttribute('href');
  const res = await A.request.get(new URL(pgn, A.url()).toString());
  ok(res.ok() && (await res.text()).includes('Qxf7#'), 'series: the PGN download is the game');
  // The whole series: one PGN (the chess game only), one zip of every game's record.
  const allPgn = await A.request.get(new URL(await A.locator('[data-testid=series-pgn]').getAttribute('href'), A.url()).toString());
  const pgnText = await allPgn.text();
  ok(allPgn.ok() && pgnText.includes('Qxf7#') && (pgnText.match(/\[Event /g) ?? []).length === 1, 'series: the series PGN holds the chess game');
  const zip = await A.request.get(new URL(await A.locator('[data-testid=series-zip]').getAttribute('href'), A.url()).toString());
  const zipBytes = await zip.body();
  ok(zip.ok() && zipBytes.subarray(0, 2).toString() === 'PK' && zipBytes.includes('game-002-shogi') && zipBytes.includes('game-003-reversi'), 'series: the series zip names every game');
  await shot(A, 'replay-series-panel');
  // Replay of game 1 (chess) while the room is at reversi.
  await A.click('[data-testid=replay-game-1]');
  await A.waitForSelector('.board-wrap.game-chess');
  await waitWhere(A, '1:7/7', 'series: replay of game 1');
  await press(A, 'ArrowLeft');
  await waitWhere(A, '1:6/7', 'series replay: ←');
  ok((await squares(A)).has('h5'), 'series replay: the chess position before the mate');
  await shot(A, 'replay-series-game1');
  await A.click('[data-testid=replay-live]');
  await A.waitForSelector('.board-wrap.game-reversi');
  // A phone, in Japanese, as a spectator of the room.
  const phone = await newPlayer(browser, link, { name: 'phone', locale: 'ja-JP', viewport: { width: 390, height: 844 } });
  await joinAs(phone.page, 'Sam');
  await phone.page.click('[data-testid=series] > summary');
  await until(async () => (await phone.page.locator('.sp-game').count()) === 3, 'phone: the series');
  await phone.page.locator('[data-testid=series]').scrollIntoViewIfNeeded();
  await shot(phone.page, 'replay-series-phone-ja');
  const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  ok(width <= 390, `phone: the page does not scroll sideways (${width}px)`);
  // An update that leaves the moves as they were (here Bob's connection going and coming
  // back) must not draw the move list again: a click whose press and release straddle a
  // redraw is lost, as a click on a move was on a loaded machine when every update redrew it.
  const listBefore = await phone.page.evaluateHandle(() => document.querySelector('.move-list'));
  await B.evaluate(() => window.__banmenDropSocket?.());
  await B.context().setOffline(true);
  await until(async () => (await phone.page.locator('.presence.off').count()) > 0, 'phone: Bob shown offline');
  await B.context().setOffline(false);
  await until(async () => (await phone.page.locator('.presence.off').count()) === 0, 'phone: Bob shown back');
  ok(await listBefore.evaluate((el) => el?.isConnected === true), 'phone: updates that change no move leave the move list in place');
  await phone.page.click('.move-list .ml-move[data-ply="2"]');
  await waitWhere(phone.page, '4手中2手目', 'phone: a click on a move');
  await phone.page.locator('.board-wrap').scrollIntoViewIfNeeded();
  await shot(phone.page, 'replay-phone-ja');
  console.log(`chess, shogi, reversi and the series: ${checks} checks passed`);

  await dogcat(browser);
  ok(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
  console.log(`replay: all ${checks} checks passed`);
} catch (e) {
  failed = true;
  console.error('FAILED:', e.stack ?? e);
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `replay-fail-${i}`).catch(() => {});
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

// Dog-cat: before the end a look back shows only what each may see; after it, the replay
// names every hidden piece and each side's suspicions.
async function dogcat(browser) {
  check(Date.now() < deadline, 'time budget');
  const host = await newPlayer(browser, base, { name: 'dc-host' });
  await host.page.fill('#nickname', 'Dora');
  await chooseGame(host.page, 'dogcat');
  await host.page.click('label.side-first');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  const link = await host.page.inputValue('[data-testid=share-link]');
  const guest = await newPlayer(browser, link, { name: 'dc-guest' });
  await joinAs(guest.page, 'Cato');
  const spectator = await newPlayer(browser, link, { name: 'dc-spectator' });
  await joinAs(spectator.page, 'Sid');
  const D = host.page, C = guest.page;
  await play([D, C], 'dogcat', ['?R*3e', '?R*3a']);
  // During the game: Dog sees its own rook, Cat and the spectator a face-down piece.
  await D.click('.move-list .ml-move[data-ply="1"]');
  await waitWhere(D, '1/2', 'dog-cat: Dog looks back');
  ok((await D.locator('sg-pieces piece.sente.hidden-rook-c').count()) === 1, 'dog-cat: Dog sees its hidden rook');
  ok((await D.locator('[data-testid=reveal-box]').count()) === 0, 'dog-cat: no reveal during the game');
  await C.click('.move-list .ml-move[data-ply="1"]');
  await waitWhere(C, '1/2', 'dog-cat: Cat looks back');
  // Dog's pieces only (sente): Cat's own rook, of the live position, may still be drawn for a
  // moment while the board redraws the earlier ply.
  ok((await C.locator('sg-pieces piece.sente[class*="hidden-rook"]').count()) === 0, 'dog-cat: Cat never sees Dog\'s type');
  ok((await C.locator('sg-pieces piece.sente.hidden-unknown-c').count()) === 1, 'dog-cat: Cat sees a face-down candidate');
  await spectator.page.click('.move-list .ml-move[data-ply="1"]');
  await waitWhere(spectator.page, '1/2', 'dog-cat: the spectator looks back');
  ok((await spectator.page.locator('piece[class*="hidden-rook"], piece[class*="hidden-king"]').count()) === 0, 'dog-cat: the spectator sees no type');
  for (const p of [D, C, spectator.page]) await p.click('[data-testid=replay-live]');
  await play([D, C], 'dogcat', ['3e3b'], 2);
  await closeResults([D, C, spectator.page]);
  // After the end: the spectator replays with everything shown.
  const S = spectator.page;
  await S.click('.move-list .ml-move[data-ply="2"]');
  await waitWhere(S, '2/3', 'dog-cat after: the spectator looks back');
  await S.waitForSelector('[data-testid=reveal-box]');
  ok((await S.locator('sg-pieces piece.sente[class*="hidden-rook"]').count()) === 1, 'dog-cat after: Dog\'s rook revealed');
  ok((await S.locator('sg-pieces piece.gote[class*="hidden-rook"]').count()) === 1, 'dog-cat after: Cat\'s rook revealed');
  const both = await S.locator('sg-pieces piece').evaluateAll((els) => els.map((e) => e.className).sort());
  await S.click('[data-reveal="0"]');
  await until(async () => (await S.locator('sg-pieces piece.sente.hidden-rook-n').count()) === 1, 'as Dog saw it: its own rook unmarked');
  ok((await S.locator('sg-pieces piece.gote.hidden-rook-c').count()) === 1, 'as Dog saw it: Cat\'s rook a possible king');
  await S.click('[data-reveal="1"]');
  await until(async () => (await S.locator('sg-pieces piece.gote.hidden-rook-n').count()) === 1, 'as Cat saw it: its own rook unmarked');
  ok((await S.locator('sg-pieces piece.sente.hidden-rook-c').count()) === 1, 'as Cat saw it: Dog\'s rook a possible king');
  ok(/3e/.test(await S.locator('[data-testid=reveal-box]').textContent()), 'the words name the suspected squares');
  await S.click('[data-reveal="both"]');
  const pieces = () => S.locator('sg-pieces piece').evaluateAll((els) => els.map((e) => e.className).sort());
  await until(async () => JSON.stringify(await pieces()) === JSON.stringify(both), 'both views again');
  const hands = await S.locator('.pb-hand sg-hp-wrap:not([data-nb="0"]) piece[class*="hidden-"]').evaluateAll((els) => els.map((e) => e.className));
  ok(hands.length > 0 && hands.every((c) => !c.includes('unknown')), `dog-cat after: the hands show their types too (${hands.join(', ')})`);
  await S.locator('.room').screenshot({ path: `${ARTIFACTS}/replay-dogcat-reveal.png` });
  console.log(`dog-cat replay and reveal: ok`);
}
