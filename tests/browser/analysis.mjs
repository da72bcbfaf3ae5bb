// The computer's analysis of whole games in the browser. A chess game with a blunder
// (1. f3 e5 2. g4?? Qh4#) between two players, a spectator watching on a phone: the host asks
// for the analysis, everyone sees the progress bar and then the graph; g4 is marked a
// blunder in the move list, the summary counts it, a tap on the graph takes the board to
// that move, and the spectator has no button. Then a short shogi game (a resignation),
// analysed and followed on the review board through the graph; and a short reversi game,
// whose rematch is then played as usual.
// The guest plays on a phone-sized screen in Japanese; nothing may stick out of it.
// Usage: node analysis.mjs <base url>   (exit 0 on success; screenshots in ARTIFACTS)
import { launch, newPlayer, shot, until, check, pageProblems, joinAs, chooseGame } from './lib.mjs';
import { playMove } from './moves.mjs';
import { createRequire } from 'node:module';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';
const PHONE = { width: 360, height: 740 };
const axePath = createRequire(new URL('../../client-web/node_modules/', import.meta.url)).resolve('axe-core/axe.min.js');

// axe-core on the analysis panel: no serious or critical violation.
async function axePanel(page, what) {
  await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async () => {
    const r = await globalThis.axe.run('[data-testid=analysis-panel]', { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  check(found.length === 0, `axe on the analysis panel (${what}):\n${found.join('\n')}`);
}

// The room as the page was last told: the newest snapshot or move event it received.
function lastPosition(frames) {
  for (let i = frames.length - 1; i >= 0; i--) {
    let m;
    try { m = JSON.parse(frames[i]); } catch { continue; }
    if (m.type === 'game_over') return { plies: m.moves.length, legal: [], over: true };
    if (m.type === 'snapshot') return { plies: m.moves.length, legal: m.legal_moves, over: m.status === 'over' };
    if (m.type === 'move') return { plies: m.ply, legal: m.legal_moves, over: false };
  }
  return null;
}

// Notes every progress bar the panel draws (the analysis of a short game may finish before a
// poll would see its bar): a bar drawn is recorded with its value the moment it appears.
async function watchProgress(page) {
  await page.evaluate(() => {
    globalThis.__bars = [];
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid=analysis-progress]');
      if (bar) globalThis.__bars.push({ now: bar.getAttribute('aria-valuenow'), max: bar.getAttribute('aria-valuemax'), role: bar.getAttribute('role') });
    }).observe(document.body, { subtree: true, childList: true });
  });
}
const barsSeen = (page) => page.evaluate(() => globalThis.__bars);

// The analysis panel on the screen: inside its width, nothing in it wider than the panel,
// and its parts (button, bar, graph, verdict, summary) stacked without overlapping.
async function fitsWidth(page, what) {
  const bad = await page.evaluate(() => {
    const panel = document.querySelector('[data-testid=analysis-panel]');
    if (!panel) return ['no panel'];
    const out = [];
    const p = panel.getBoundingClientRect();
    if (p.left < 0 || p.right > window.innerWidth + 0.5) out.push(`panel ${p.left}-${p.right} on ${window.innerWidth}px`);
    for (const e of panel.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (r.width && (r.left < p.left - 0.5 || r.right > p.right + 0.5) && !e.closest('.sr-only')) out.push(`${e.tagName} ${r.left}-${r.right}`);
    }
    const parts = [...panel.children].map((c) => c.getBoundingClientRect()).filter((r) => r.height > 0);
    for (let i = 1; i < parts.length; i++) if (parts[i].top < parts[i - 1].bottom - 0.5) out.push(`part ${i} overlaps the one above`);
    return out;
  });
  check(bad.length === 0, `${what}: the analysis panel fits: ${bad.slice(0, 5).join('; ')}`);
}

// A room of `game` made by the host (first side), joined by the guest and, if asked, a spectator.
async function room(browser, game, withSpectator) {
  const host = await newPlayer(browser, base, { name: `${game}-host`, bypassCSP: true }); // to load axe
  await host.page.waitForSelector('[data-testid=server-version]');
  await host.page.fill('#nickname', 'Hana');
  await chooseGame(host.page, game);
  await host.page.click('label.side-first');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  const link = await host.page.inputValue('[data-testid=share-link]');
  const guest = await newPlayer(browser, link, { name: `${game}-guest`, locale: 'ja-JP', viewport: PHONE, hasTouch: true, isMobile: true, bypassCSP: true });
  await joinAs(guest.page, 'Sensei');
  let spectator = null;
  if (withSpectator) {
    spectator = await newPlayer(browser, link, { name: `${game}-spectator`, viewport: PHONE });
    await joinAs(spectator.page, 'Sam');
  }
  return { host, guest, spectator, pages: [host.page, guest.page, ...(spectator ? [spectator.page] : [])] };
}

// Plays `moves` (or, for null entries, the first legal move the mover was told) in turn.
async function play(r, game, moves) {
  const bySeat = [r.host, r.guest];
  for (let ply = 0; ply < moves.length; ply++) {
    const mover = bySeat[ply % 2];
    const now = await until(() => {
      const p = lastPosition(mover.frames);
      return p && p.plies === ply && p.legal.length ? p : null;
    }, `${game}: ply ${ply} reached`);
    await playMove(mover.page, game, moves[ply] ?? now.legal[0], false);
    await until(() => lastPosition(r.host.frames)?.plies === ply + 1, `${game}: ply ${ply + 1} played`);
  }
}

async function resign(r) {
  await r.guest.page.click('[data-testid=resign]');
  await r.guest.page.click('dialog.choice-dialog button[data-choice=yes]');
}

async function closeResults(r) {
  for (const p of r.pages) await p.waitForSelector('[data-testid=result-dialog]');
  for (const p of r.pages) await p.locator('dialog.result-dialog button.close').click().catch(() => {});
}

// The host asks; every page notes its progress bars, then shows the graph and the summary.
async function analyse(r, game) {
  for (const p of r.pages) await watchProgress(p);
  await r.host.page.click('[data-testid=analysis-request]');
  for (const p of r.pages)
    await p.waitForSelector('[data-testid=analysis-graph]', { state: 'attached', timeout: 120_000 });
  for (const p of r.pages) {
    const bars = await barsSeen(p);
    check(bars.length > 0, `${game}: a progress bar was shown`);
    check(bars.every((b) => b.role === 'progressbar' && Number(b.now) >= 0 && Number(b.now) <= Number(b.max)), `${game}: the bar says how far: ${JSON.stringify(bars.slice(0, 3))}`);
    check((await p.locator('[data-testid=analysis-summary] tbody tr').count()) === 2, `${game}: a summary row for each player`);
  }
  check((await r.host.page.locator('[data-testid=analysis-request]').count()) === 0, `${game}: no second request once analysed`);
}

// Taps the graph at ply `ply` of `plies`.
async function tapGraph(page, ply, plies) {
  const g = page.locator('[data-testid=analysis-graph]');
  await g.scrollIntoViewIfNeeded();
  const b = await g.boundingBox();
  await page.mouse.click(b.x + (b.width * ply) / plies, b.y + b.height / 2);
}

const browser = await launch();
let failed = false;
try {
  // --- Chess: fool's mate, g4 the blunder ------------------------------------------------
  const chess = await room(browser, 'chess', true);
  await play(chess, 'chess', ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
  await closeResults(chess);
  await chess.host.page.waitForSelector('[data-testid=analysis-request]'); // the host has the Analyse button
  await chess.guest.page.waitForSelector('[data-testid=analysis-request]');
  check((await chess.guest.page.locator('[data-testid=analysis-request]').textContent()).trim() === '解析', 'the button speaks Japanese to the guest');
  check((await chess.spectator.page.locator('[data-testid=analysis-request]').count()) === 0, 'a spectator has no Analyse button');
  await analyse(chess, 'chess');
  for (const p of chess.pages) {
    const g4 = p.locator('.move-list .ml-move[data-ply="3"]');
    await until(async () => (await g4.getAttribute('data-class')) === 'blunder', 'g4 marked a blunder');
    check((await g4.locator('.ml-mark').textContent()) === '??', 'the blunder mark is ??');
    check((await g4.locator('.sr-only').count()) === 1, 'the mark has words for screen readers');
    const blunders = await p.locator('[data-testid=analysis-summary] tr[data-side="0"] td[data-count=blunder]').textContent();
    check(Number(blunders) >= 1, `the summary counts White's blunder (${blunders})`);
  }
  check((await chess.spectator.page.locator('.move-list .ml-move[data-ply="3"] .sr-only').textContent()).includes('blunder'), 'the word is blunder in English');
  check((await chess.guest.page.locator('.move-list .ml-move[data-ply="3"] .sr-only').textContent()).includes('大悪手'), 'and 大悪手 in Japanese');
  // A tap on the graph at ply 2 shows the position after 1... e5 (g2 not yet moved).
  await tapGraph(chess.host.page, 2, 4);
  await until(async () => (await chess.host.page.locator('[data-testid=replay-where]').getAttribute('data-at')) === '2/4', 'the graph took the board to ply 2');
  check((await chess.host.page.locator('[data-testid=analysis-cursor]').getAttribute('data-ply')) === '2', 'the graph marks ply 2');
  const pieces = (await chess.host.page.locator('[data-testid=piece-list] li').allTextContents()).join('|');
  check(/g2/.test(pieces) && /e5/.test(pieces) && !/h4/.test(pieces), `the board is at ply 2: ${pieces}`);
  // Ply 3 on the phone: the blunder, the better move and its line.
  await tapGraph(chess.guest.page, 3, 4);
  await chess.guest.page.waitForSelector('[data-testid=analysis-verdict][data-class=blunder]');
  check(((await chess.guest.page.locator('[data-testid=analysis-better]').textContent()) ?? '').length > 4, 'the better move is shown');
  for (const r of [chess.host, chess.guest, chess.spectator]) await fitsWidth(r.page, 'chess');
  await axePanel(chess.host.page, 'English, desktop');
  await axePanel(chess.guest.page, 'Japanese, phone');
  await chess.host.page.locator('[data-testid=analysis-panel]').scrollIntoViewIfNeeded();
  await shot(chess.host.page, 'analysis-chess-desktop-en');
  await chess.guest.page.locator('[data-testid=analysis-panel]').scrollIntoViewIfNeeded();
  await shot(chess.guest.page, 'analysis-chess-phone-ja');
  await chess.spectator.page.locator('[data-testid=analysis-panel]').scrollIntoViewIfNeeded();
  await shot(chess.spectator.page, 'analysis-chess-phone-en');
  for (const r of [chess.host, chess.guest, chess.spectator]) await r.ctx.close();

  // --- Shogi: a few moves, a resignation; the graph drives the review board ------------------
  const shogi = await room(browser, 'shogi', false);
  await play(shogi, 'shogi', ['7g7f', '3c3d', '8h2b+']);
  await resign(shogi);
  await closeResults(shogi);
  await analyse(shogi, 'shogi');
  const listMarks = await shogi.host.page.locator('.move-list .ml-mark').count();
  await shogi.host.page.click('[data-testid=review-open]');
  for (const p of shogi.pages) await p.waitForSelector('[data-testid=review-tree]');
  check((await shogi.host.page.locator('[data-testid=review-tree] .ml-mark').count()) === listMarks, 'the review marks the moves as the list did');
  await tapGraph(shogi.host.page, 1, 3);
  for (const p of shogi.pages)
    await until(async () => (await p.locator('.review-row.current').getAttribute('data-node')) === '1', 'the graph moved the review to ply 1 for everyone');
  check((await shogi.guest.page.locator('[data-testid=analysis-cursor]').getAttribute('data-ply')) === '1', 'the guest\'s graph follows the review');
  await fitsWidth(shogi.guest.page, 'shogi');
  await shogi.guest.page.locator('[data-testid=analysis-panel]').scrollIntoViewIfNeeded();
  await shot(shogi.guest.page, 'analysis-shogi-phone-ja');
  await shot(shogi.host.page, 'analysis-shogi-desktop-en');
  for (const r of [shogi.host, shogi.guest]) await r.ctx.close();

  // --- Reversi: two moves, a resignation -----------------------------------------------------
  const reversi = await room(browser, 'reversi', false);
  await play(reversi, 'reversi', [null, null, null]);
  await resign(reversi);
  await closeResults(reversi);
  await analyse(reversi, 'reversi');
  await tapGraph(reversi.guest.page, 1, 3);
  await until(async () => (await reversi.guest.page.locator('[data-testid=replay-where]').getAttribute('data-at')) === '1/3', 'the reversi graph took the board to ply 1');
  await fitsWidth(reversi.guest.page, 'reversi');
  await reversi.guest.page.locator('[data-testid=analysis-panel]').scrollIntoViewIfNeeded();
  await shot(reversi.guest.page, 'analysis-reversi-phone-ja');
  await shot(reversi.host.page, 'analysis-reversi-desktop-en');
  // The room goes on after an analysis: a rematch's first move is played, not refused as
  // stale (the analysis events moved the room's version on).
  const before = reversi.host.frames.length + reversi.guest.frames.length;
  await reversi.host.page.click('[data-testid=rematch]');
  await reversi.guest.page.click('[data-testid=accept-rematch]');
  const mover = await until(() => [reversi.host, reversi.guest].find((r) => {
    const p = lastPosition(r.frames);
    return p && !p.over && p.plies === 0 && p.legal.length;
  }), 'the rematch starts');
  await mover.page.locator('.board-wrap').scrollIntoViewIfNeeded(); // the phone was scrolled to the panel
  await playMove(mover.page, 'reversi', lastPosition(mover.frames).legal[0], false);
  await until(() => lastPosition(reversi.host.frames)?.plies === 1, 'the rematch\'s first move is played').catch((e) => {
    console.error([...reversi.host.frames, ...reversi.guest.frames].slice(before).map((f) => f.slice(0, 160)).join('\n'));
    throw e;
  });
  check(![...reversi.host.frames, ...reversi.guest.frames].slice(before).some((f) => f.includes('"stale_version"')), 'no stale version after the analysis');
  check((await reversi.host.page.locator('[data-testid=analysis-panel]').isHidden()), 'no analysis panel while the next game is played');

  check(pageProblems.length === 0, `no page errors:\n${pageProblems.join('\n')}`);
  console.log('analysis: chess, shogi and reversi analysed, marked, summarised and navigated');
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
