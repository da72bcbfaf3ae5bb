// Browser proof of the room's extras: the settings (remembered per browser), a premove
// played when the turn comes, moves typed in the notations people write, the room link's QR code read back by an independent reader
// (jsQR), and axe-core's accessibility check of the home page and a room of every game,
// in English and Japanese, light and dark. Usage: node extras.mjs <base url>
import { createRequire } from 'node:module';
import { launch, newPlayer, shot, until, check, pageProblems, joinAs, roundTrip, chooseGame } from './lib.mjs';
import { playMove } from './moves.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';
const clientModules = new URL('../../client-web/node_modules/', import.meta.url);
const require = createRequire(clientModules);
const jsQR = require('jsqr');
const axePath = require.resolve('axe-core/axe.min.js');
const axeFound = [];
const GAMES = ['shogi', 'minishogi', 'dogcat', 'hasami', 'chess', 'reversi'];

const browser = await launch();
let failed = false;
try {
  if (!process.env.AXE_ONLY) {
    await settingsRemembered();
    await premove();
    await qrCode();
    await typedMoves();
  }
  await accessibility();
  check(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
  console.log('browser extras: all passed');
} catch (e) {
  failed = true;
  console.error('FAILED:', e.stack ?? e);
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `extras-fail-${i}`).catch(() => {});
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

async function createRoom(page, game, name, side = 'first') {
  await page.waitForSelector('[data-testid=server-version]');
  await page.fill('#nickname', name);
  await chooseGame(page, game);
  await page.click(`label.side-${side}`);
  await page.click('.chip:has(input[value=none])');
  await page.click('[data-testid=create-room]');
  await page.waitForSelector('[data-testid=waiting]');
  return page.inputValue('[data-testid=share-link]');
}


async function setSetting(page, id, value) {
  await page.click('[data-testid=open-settings]');
  const el = page.locator(`[data-setting=${id}]`);
  if (typeof value === 'boolean') await el.setChecked(value);
  else await el.selectOption(value);
  await page.click('[data-testid=settings-close]');
}

// The dark theme and the two-kanji pieces are applied at once and kept across a reload.
async function settingsRemembered() {
  const { ctx, page } = await newPlayer(browser, base, { name: 'settings' });
  await page.waitForSelector('[data-testid=server-version]');
  await setSetting(page, 'theme', 'dark');
  await setSetting(page, 'pieces', 'two');
  await setSetting(page, 'coords', false);
  const looks = async () => page.evaluate(() => ({ ...document.documentElement.dataset }));
  check((await looks()).theme === 'dark', 'dark theme applied');
  await shot(page, 'settings-dark-home');
  await page.reload();
  await page.waitForSelector('[data-testid=server-version]');
  const after = await looks();
  check(after.theme === 'dark' && after.pieces === 'two' && after.coords === 'off', `settings kept after a reload: ${JSON.stringify(after)}`);
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  check(bg === 'rgb(28, 25, 22)', `dark background, got ${bg}`);
  await ctx.close();
  console.log('settings: applied and remembered');
}

// Black queues e7e5 while White thinks; White plays e2e4 and Black's premove goes at once.
// A second premove is queued and cancelled with Escape: it is never played.
async function premove() {
  const host = await newPlayer(browser, base, { name: 'pm-host' });
  const link = await createRoom(host.page, 'chess', 'Wendy');
  const guest = await newPlayer(browser, link, { name: 'pm-guest' });
  await joinAs(guest.page, 'Boris');
  await guest.page.waitForSelector('.cg-wrap.orientation-black');
  await setSetting(guest.page, 'premove', true);
  await playMove(guest.page, 'chess', 'e7e5', true);
  await until(async () => (await guest.page.locator('square.current-premove:visible').count()) > 0, 'the premove is shown');
  await shot(guest.page, 'premove-queued');
  await until(async () => (await host.page.locator('[data-testid=status].my-turn').count()) > 0, 'white to move');
  await playMove(host.page, 'chess', 'e2e4', true);
  const count = (p) => p.locator('.move-list .ml-move').count();
  await until(async () => (await count(host.page)) === 2, 'the premove e7e5 is played when the turn comes');
  // Queue d7d5 during White's turn, cancel it, and check it is not played after Nf3.
  await playMove(guest.page, 'chess', 'd7d5', true);
  await until(async () => (await guest.page.locator('square.current-premove:visible').count()) > 0, 'second premove shown');
  await guest.page.keyboard.press('Escape');
  await until(async () => (await guest.page.locator('square.current-premove:visible').count()) === 0, 'Escape cancels the premove');
  await playMove(host.page, 'chess', 'g1f3', true);
  await until(async () => (await count(guest.page)) === 3, 'Nf3 arrives');
  await roundTrip(guest.page, host.page, 'premove check');
  check((await count(host.page)) === 3, 'a cancelled premove is not played');
  const announced = await guest.page.locator('[data-testid=move-announce]').textContent();
  check(/Nf3|g1f3/.test(announced ?? ''), `the move is announced for screen readers: "${announced}"`);
  await host.ctx.close();
  await guest.ctx.close();
  console.log('premove: played when the turn came; a cancelled one was not');
}

// Moves typed as people write them: Japanese and Western shogi notation, a text that fits
// two moves answered with both, and SAN on the chess board.
async function typedMoves() {
  const count = (p) => p.locator('.move-list .ml-move').count();
  const type = async (page, text) => {
    await page.fill('input.move-input', text);
    await page.press('input.move-input', 'Enter');
  };
  const host = await newPlayer(browser, base, { name: 'typed-host' });
  const link = await createRoom(host.page, 'shogi', 'Sente');
  const guest = await newPlayer(browser, link, { name: 'typed-guest' });
  await joinAs(guest.page, 'Gote');
  await until(async () => (await host.page.locator('[data-testid=status].my-turn').count()) > 0, 'sente to move');
  await type(host.page, '７六歩');
  await until(async () => (await count(guest.page)) === 1, '７六歩 reaches gote');
  await type(guest.page, '3c3d');
  await until(async () => (await count(host.page)) === 2, '3c3d reaches sente');
  await type(host.page, '５八金');
  await until(async () => /6i5h.*4i5h|4i5h.*6i5h/.test(await host.page.locator('[data-testid=move-error]').textContent()), 'both golds named');
  check((await count(host.page)) === 2, 'a text that fits two moves plays neither');
  await type(host.page, '５八金右');
  await until(async () => (await count(guest.page)) === 3, '５八金右 reaches gote');
  await type(guest.page, 'P-8d');
  await until(async () => (await count(host.page)) === 4, 'P-8d reaches sente');
  const moves = await host.page.locator('.move-list .ml-move').allTextContents();
  check(moves.join(' ') === '▲７六歩 △３四歩 ▲５八金右 △８四歩', `the moves meant were played: ${moves.join(' ')}`);
  await host.ctx.close();
  await guest.ctx.close();
  const white = await newPlayer(browser, base, { name: 'typed-white' });
  const chessLink = await createRoom(white.page, 'chess', 'White');
  const black = await newPlayer(browser, chessLink, { name: 'typed-black' });
  await joinAs(black.page, 'Black');
  await until(async () => (await white.page.locator('[data-testid=status].my-turn').count()) > 0, 'white to move');
  await type(white.page, 'Nf3');
  await until(async () => (await count(black.page)) === 1, 'Nf3 reaches black');
  await type(black.page, 'd5');
  await until(async () => (await count(white.page)) === 2, 'd5 reaches white');
  const chessMoves = await white.page.locator('.move-list .ml-move').allTextContents();
  check(chessMoves[0].includes('Nf3') && chessMoves[1].includes('d5'), `SAN moves played: ${chessMoves.join(' ')}`);
  await white.ctx.close();
  await black.ctx.close();
  console.log('typed moves: Japanese, Western and SAN read; an ambiguous text named its moves');
}

// The QR code on the waiting page reads back as the room's link.
async function qrCode() {
  const host = await newPlayer(browser, base, { name: 'qr' });
  const link = await createRoom(host.page, 'shogi', 'Quinn');
  const img = await host.page.locator('[data-testid=room-qr]').evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    return { w: d.width, h: d.height, data: Array.from(d.data) };
  });
  const code = jsQR(Uint8ClampedArray.from(img.data), img.w, img.h);
  check(code && code.data === link, `QR code reads "${code?.data}", link is "${link}"`);
  await shot(host.page, 'qr-waiting');
  await host.ctx.close();
  console.log(`qr: the code (${img.w}×${img.h} px) decodes to the room link`);
}

// axe-core on the home page and a room of every game: no serious or critical violation,
// each page in English and Japanese, light and dark (set as a visitor would: saved
// settings, then a reload, which keeps the seat).
async function accessibility() {
  const combos = [['en', 'light'], ['en', 'dark'], ['ja', 'light'], ['ja', 'dark']];
  const { ctx, page } = await newPlayer(browser, base, { name: 'axe', bypassCSP: true }); // to load axe
  const looks = async (lang, theme) => {
    await page.evaluate(([l, th]) => {
      localStorage.setItem('banmen.lang', l);
      localStorage.setItem('banmen.settings', JSON.stringify({ theme: th }));
    }, [lang, theme]);
    await page.reload();
  };
  let runs = 0;
  for (const [lang, theme] of combos) {
    await looks(lang, theme);
    await page.waitForSelector('[data-testid=server-version]');
    await axeCheck(page, `home ${lang} ${theme}`);
    runs++;
  }
  for (const game of GAMES) {
    await page.goto(base);
    await looks('en', 'light');
    await createRoom(page, game, 'Ally');
    for (const [lang, theme] of combos) {
      await looks(lang, theme);
      await page.waitForSelector(`.board-wrap.game-${game}`);
      await axeCheck(page, `${game} room ${lang} ${theme}`);
      runs++;
    }
  }
  await ctx.close();
  check(axeFound.length === 0, `axe found:\n${axeFound.join('\n')}`);
  console.log(`axe: ${runs} pages, no serious or critical violations`);
}

async function axeCheck(page, what) {
  await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async () => {
    const r = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  for (const f of found) axeFound.push(`${what}: ${f}`);
}
