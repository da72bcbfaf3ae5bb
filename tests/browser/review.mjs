// The review (感想戦) in the browser: two players finish a short shogi game (a resignation),
// the host opens the review, goes back one move and the guest plays a side line on the
// board; both players and a spectator (on a phone-sized screen) see the same board and the
// same variation list, the guest in Japanese. The spectator may not drive until a player
// lets them; an arrow drawn by the host reaches the others; "Save" downloads KIF with a
// 変化 block; axe-core finds nothing serious on the panel; closing the review gives the
// game's board back. Then a chess review: a side
// line saved as PGN with its variation, an arrow drawn on chessground shared, and an
// engine hint shown to the one who asked (an arrow of its own colour and the panel's text);
// a reversi hint circled likewise.
// Usage: node review.mjs <base url>   (exit 0 on success; screenshots in ARTIFACTS)
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { launch, newPlayer, shot, until, check, pageProblems, joinAs, squareCenter, chooseGame, WAIT_MS } from './lib.mjs';
import { playMove } from './moves.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';
const axePath = createRequire(new URL('../../client-web/node_modules/', import.meta.url)).resolve('axe-core/axe.min.js');

// axe-core on the review panel: no serious or critical violation.
async function axeReview(page, what) {
  await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async () => {
    const r = await globalThis.axe.run('[data-testid=review-panel]', { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  check(found.length === 0, `axe on the review panel (${what}):\n${found.join('\n')}`);
}
const MOVES = ['7g7f', '3c3d', '2g2f'];

const browser = await launch();
let failed = false;
try {
  const host = await newPlayer(browser, base, { name: 'host' });
  await host.page.waitForSelector('[data-testid=server-version]');
  await host.page.fill('#nickname', 'Hana');
  await chooseGame(host.page, 'shogi');
  await host.page.click('label.side-first');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  const link = await host.page.inputValue('[data-testid=share-link]');
  const guest = await newPlayer(browser, link, { name: 'guest', locale: 'ja-JP', bypassCSP: true }); // to load axe
  await joinAs(guest.page, 'Sensei');
  const spectator = await newPlayer(browser, link, { name: 'spectator', viewport: { width: 390, height: 844 } });
  await joinAs(spectator.page, 'Sam');
  const pages = [host.page, guest.page, spectator.page];
  const moveCount = (p) => p.locator('.move-list .ml-move').count();
  const bySeat = [host.page, guest.page];
  for (let ply = 0; ply < MOVES.length; ply++) {
    const mover = bySeat[ply % 2];
    await until(async () => (await moveCount(mover)) === ply, `ply ${ply} seen`);
    await playMove(mover, 'shogi', MOVES[ply], ply % 2 === 0);
    await until(async () => (await moveCount(host.page)) === ply + 1 && (await moveCount(guest.page)) === ply + 1, `ply ${ply + 1} played`);
  }
  // No review during the game.
  check((await host.page.locator('[data-testid=review-open]').count()) === 0, 'no review button during the game');
  await guest.page.click('[data-testid=resign]');
  await guest.page.click('dialog.choice-dialog button[data-choice=yes]');
  for (const p of pages) await p.waitForSelector('[data-testid=result-dialog]');
  for (const p of pages) await p.locator('dialog.result-dialog button.close').click().catch(() => {});
  check((await spectator.page.locator('[data-testid=review-open]').count()) === 0, 'a spectator cannot open the review');

  // The host opens it at the last move; everyone gets the panel with the game's moves.
  await host.page.click('[data-testid=review-open]');
  const rows = (p) => p.locator('[data-testid=review-tree] .review-row');
  for (const p of pages) await until(async () => (await rows(p).count()) === MOVES.length + 1, 'the review shows the game');
  check((await guest.page.locator('.review-title').textContent()).trim() === '感想戦', 'the review speaks Japanese to the guest');
  await host.page.click('[data-testid=review-back]');
  for (const p of pages)
    await until(async () => (await p.locator('.review-row.current').getAttribute('data-node')) === '2', 'everyone looks at ply 2');
  await host.page.click('[data-testid=review-back]');
  for (const p of pages)
    await until(async () => (await p.locator('.review-row.current').getAttribute('data-node')) === '1', 'everyone looks at ply 1');
  // The guest plays a side line on the board: 8c8d instead of the game's 3c3d.
  await playMove(guest.page, 'shogi', '8c8d', false);
  for (const p of pages)
    await until(async () => (await p.locator('.review-row.depth-1').count()) === 1, 'the side line is listed, indented');
  // The pieces, named for screen readers in each viewer's language; their squares must agree,
  // and show the side line's pawn on 8d.
  const squares = await Promise.all(pages.map(async (p) => (await p.locator('[data-testid=piece-list] li').allTextContents()).map((l) => l.split(' ').pop()).join(' ')));
  check(squares[0] === squares[1] && squares[1] === squares[2], `the same board everywhere:\n${squares.join('\n')}`);
  check(squares[0].includes('8d') && !squares[0].includes('8c') && !squares[0].includes('3d'), `the side line's position: ${squares[0]}`);
  const trees = await Promise.all(pages.map((p) => p.locator('[data-testid=review-tree]').innerText()));
  check(trees[0].split('\n').length === trees[1].split('\n').length && trees[0].split('\n').length === trees[2].split('\n').length, `the same tree everywhere:\n${trees.join('\n--\n')}`);
  check((await host.page.locator('.review-row.current').getAttribute('data-node')) === '4', 'the side line is looked at');
  // The host plays on in the side line, for the side to move (either side may move in a review).
  await playMove(host.page, 'shogi', '2g2f', true);
  for (const p of pages) await until(async () => (await rows(p).count()) === 6, 'the side line goes on');

  // The keys move the review for everyone (the replay's own bar steps aside meanwhile).
  check(!(await host.page.locator('[data-testid=replay-bar]').isVisible()), 'no replay bar while reviewing');
  const nodeOf = (p) => p.locator('.review-row.current').getAttribute('data-node');
  const sideEnd = await nodeOf(host.page);
  await host.page.locator('.review-title').click();
  await host.page.keyboard.press('ArrowLeft');
  for (const p of [host.page, guest.page])
    await until(async () => (await nodeOf(p)) === '4', 'ArrowLeft went back one move for everyone');
  await host.page.keyboard.press('End');
  await until(async () => (await nodeOf(guest.page)) === sideEnd, 'End went to the end of the line');

  // The spectator may not drive until a player lets them.
  check(await spectator.page.locator('[data-testid=review-start]').isDisabled(), 'the spectator cannot navigate yet');
  await guest.page.check('[data-testid=review-allow]');
  await until(async () => !(await spectator.page.locator('[data-testid=review-start]').isDisabled()), 'the spectator may drive');
  await spectator.page.click('[data-testid=review-back]');
  for (const p of pages)
    await until(async () => (await p.locator('.review-row.current').getAttribute('data-node')) === '4', 'the spectator went back');

  // An arrow drawn by the host (right-button drag, as shogiground draws) reaches the others.
  const a = await squareCenter(host.page, 'shogi', '2g');
  const b = await squareCenter(host.page, 'shogi', '2e');
  await host.page.mouse.move(a.x, a.y);
  await host.page.mouse.down({ button: 'right' });
  await host.page.mouse.move(b.x, b.y, { steps: 5 });
  await host.page.mouse.up({ button: 'right' });
  for (const p of [guest.page, spectator.page])
    await until(async () => (await p.locator('.sg-shapes line').count()) > 0, 'the arrow is drawn everywhere');
  await axeReview(guest.page, 'Japanese, a player');
  await shot(host.page, 'review-01-host');
  await shot(guest.page, 'review-02-guest-ja');
  await spectator.page.locator('[data-testid=review-panel]').scrollIntoViewIfNeeded();
  await shot(spectator.page, 'review-03-spectator-phone');
  const panel = await spectator.page.locator('[data-testid=review-panel]').boundingBox();
  check(panel && panel.x >= 0 && panel.x + panel.width <= 390, `the review panel fits a phone: ${JSON.stringify(panel)}`);

  // Save: the KIF with its 変化 block, as a download.
  const [download] = await Promise.all([host.page.waitForEvent('download'), host.page.click('[data-testid=review-save]')]);
  check(download.suggestedFilename().endsWith('-review.kif'), `download name ${download.suggestedFilename()}`);
  const kif = await readFile(await download.path(), 'utf8');
  check(kif.includes('変化：2手') && kif.includes('８四歩(83)'), `the KIF holds the side line:\n${kif}`);

  // Closing gives the game's board back; the players may open the review again.
  await host.page.click('[data-testid=review-close]');
  for (const p of [host.page, guest.page]) await p.waitForSelector('[data-testid=review-open]');
  await until(async () => await spectator.page.locator('[data-testid=review-panel]').isHidden(), 'the spectator panel goes');
  await until(async () => (await guest.page.locator('.sg-shapes line').count()) === 0, 'the arrows go with the review');

  // Chess: a side line saved as PGN with a parenthesised variation; arrows on chessground.
  const white = await newPlayer(browser, base, { name: 'white' });
  await white.page.waitForSelector('[data-testid=server-version]');
  await white.page.fill('#nickname', 'Wanda');
  await chooseGame(white.page, 'chess');
  await white.page.click('label.side-first');
  await white.page.click('[data-testid=create-room]');
  await white.page.waitForSelector('[data-testid=waiting]');
  const black = await newPlayer(browser, await white.page.inputValue('[data-testid=share-link]'), { name: 'black' });
  await joinAs(black.page, 'Boris');
  const chessPlayers = [white.page, black.page];
  for (const [ply, move] of ['e2e4', 'e7e5'].entries()) {
    await until(async () => (await moveCount(chessPlayers[ply % 2])) === ply, `chess ply ${ply} seen`);
    await playMove(chessPlayers[ply % 2], 'chess', move, true);
  }
  await until(async () => (await moveCount(white.page)) === 2, 'chess moves played');
  await white.page.click('[data-testid=resign]');
  await white.page.click('dialog.choice-dialog button[data-choice=yes]');
  for (const p of chessPlayers) await p.waitForSelector('[data-testid=result-dialog]');
  for (const p of chessPlayers) await p.locator('dialog.result-dialog button.close').click().catch(() => {});
  await black.page.click('[data-testid=review-open]');
  await white.page.waitForSelector('[data-testid=review-tree]');
  await white.page.click('[data-testid=review-back]');
  await until(async () => (await black.page.locator('.review-row.current').getAttribute('data-node')) === '1', 'chess review at ply 1');
  await playMove(black.page, 'chess', 'c7c5', false);
  await until(async () => (await white.page.locator('.review-row.depth-1').count()) === 1, 'the chess side line is listed');
  const c = await squareCenter(white.page, 'chess', 'g1');
  const d = await squareCenter(white.page, 'chess', 'f3');
  await white.page.mouse.move(c.x, c.y);
  await white.page.mouse.down({ button: 'right' });
  await white.page.mouse.move(d.x, d.y, { steps: 5 });
  await white.page.mouse.up({ button: 'right' });
  await until(async () => (await black.page.locator('.cg-shapes line').count()) > 0, 'the chess arrow reaches the other player');
  await shot(black.page, 'review-04-chess');
  const [pgnFile] = await Promise.all([black.page.waitForEvent('download'), black.page.click('[data-testid=review-save]')]);
  const pgn = await readFile(await pgnFile.path(), 'utf8');
  check(pgnFile.suggestedFilename().endsWith('-review.pgn') && pgn.includes('1. e4 e5 (1... c5)'), `the PGN holds the variation:\n${pgn}`);
  // A hint: the engine's move for the shown position, to the asker only: a purple arrow on
  // their board beside the shared green one, and the move with its evaluation in the panel.
  await white.page.click('[data-testid=review-hint]');
  await white.page.waitForSelector('[data-testid=review-hint-text]', { timeout: WAIT_MS });
  const hintText = await white.page.locator('[data-testid=review-hint-text]').innerText();
  check(/Engine \(level 6\): .+ for the side to move|forced/.test(hintText), `the hint is written: ${hintText}`);
  await until(async () => (await white.page.locator('.cg-shapes line[stroke="#68217a"]').count()) === 1, 'the hint arrow is drawn for the asker');
  check((await black.page.locator('[data-testid=review-hint-text]').count()) === 0, 'the other player sees no hint');
  check((await black.page.locator('.cg-shapes line[stroke="#68217a"]').count()) === 0, 'the other player sees no hint arrow');
  await shot(white.page, 'review-04b-chess-hint');

  // Reversi: its grid board takes arrows and circles too (grid-shapes.ts); saved as the transcript.
  const rx = await newPlayer(browser, base, { name: 'rx' });
  await rx.page.waitForSelector('[data-testid=server-version]');
  await rx.page.fill('#nickname', 'Rei');
  await chooseGame(rx.page, 'reversi');
  await rx.page.click('label.side-first');
  await rx.page.click('[data-testid=create-room]');
  await rx.page.waitForSelector('[data-testid=waiting]');
  const ro = await newPlayer(browser, await rx.page.inputValue('[data-testid=share-link]'), { name: 'ro' });
  await joinAs(ro.page, 'Osamu');
  await until(async () => (await rx.page.locator('.rv-cell.legal').count()) > 0, 'reversi: the first player may move');
  await playMove(rx.page, 'reversi', 'd3', false);
  await until(async () => (await ro.page.locator('.rv-cell.legal').count()) > 0, 'reversi: the second player may move');
  await playMove(ro.page, 'reversi', 'c3', false);
  await until(async () => (await moveCount(rx.page)) === 2, 'reversi moves seen');
  await ro.page.click('[data-testid=resign]');
  await ro.page.click('dialog.choice-dialog button[data-choice=yes]');
  for (const p of [rx.page, ro.page]) await p.waitForSelector('[data-testid=result-dialog]');
  for (const p of [rx.page, ro.page]) await p.locator('dialog.result-dialog button.close').click().catch(() => {});
  await rx.page.click('[data-testid=review-open]');
  await ro.page.waitForSelector('[data-testid=review-tree]');
  const rightDrag = async (page, from, to) => {
    const e = await squareCenter(page, 'reversi', from);
    const f = await squareCenter(page, 'reversi', to);
    await page.mouse.move(e.x, e.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(f.x, f.y, { steps: 5 });
    await page.mouse.up({ button: 'right' });
  };
  await rightDrag(ro.page, 'c4', 'f4');
  await rightDrag(ro.page, 'e6', 'e6');
  await until(async () => (await rx.page.locator('.grid-shapes g').count()) === 1 && (await rx.page.locator('.grid-shapes circle').count()) === 1,
    'the reversi arrow and circle reach the other player');
  await shot(rx.page, 'review-05-reversi-arrows');
  await rx.page.click('[data-testid=review-hint]');
  await until(async () => (await rx.page.locator('.grid-shapes [data-hint]').count()) === 1, 'the reversi hint is circled for the asker', 15000);
  check((await ro.page.locator('.grid-shapes [data-hint]').count()) === 0, 'the other reversi player sees no hint');
  await rightDrag(rx.page, 'e6', 'e6');  // drawing it again erases it, for everyone
  await until(async () => (await ro.page.locator('.grid-shapes circle').count()) === 0, 'the circle is erased');
  const [txtFile] = await Promise.all([rx.page.waitForEvent('download'), rx.page.click('[data-testid=review-save]')]);
  const txt = await readFile(await txtFile.path(), 'utf8');
  check(txtFile.suggestedFilename().endsWith('-review.txt') && txt.startsWith('review reversi'), `the reversi transcript:\n${txt}`);

  check(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
  console.log('review: opened, branched, seen alike by both players and a spectator, allowed, drawn (shogi, chess, reversi), hinted (chess, reversi), saved (KIF, PGN, transcript), closed: ok');
} catch (e) {
  failed = true;
  console.error('FAILED:', e.stack ?? e);
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `review-fail-${i}`).catch(() => {});
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
