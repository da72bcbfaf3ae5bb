// Shared helpers for the browser tests: Debian's Chromium through playwright-core, a
// fresh profile per run, and small waits that always time out.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

// The bound on every wait: a wait is for a condition, and this only stops a run that will
// never see it. Generous, because the machine may be busy (CI builds beside the browsers).
export const WAIT_MS = Number(process.env.BANMEN_BROWSER_WAIT_MS ?? 30_000);

export const ARTIFACTS = process.env.BANMEN_ARTIFACTS ?? join(process.cwd(), '../../build/test-artifacts/browser');
mkdirSync(ARTIFACTS, { recursive: true });

// Playwright gives every launch a new, empty temporary profile (user-data-dir).
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

// Every page error and console error of every page: the run fails if any is left here.
export const pageProblems = [];
// Console errors the tests cause on purpose: the network is cut (a dropped connection).
const EXPECTED_CONSOLE = [/WebSocket connection to .* failed/, /net::ERR_INTERNET_DISCONNECTED/];

// A browser context with one page at `base`. `frames` collects the text of every WebSocket
// frame the page receives (across reloads), in order.
export async function newPlayer(browser, base, opts = {}) {
  const ctx = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 900 }, locale: opts.locale ?? 'en-US', deviceScaleFactor: 1, bypassCSP: opts.bypassCSP ?? false, hasTouch: opts.hasTouch ?? false, isMobile: opts.isMobile ?? false });
  const page = await ctx.newPage();
  const name = opts.name ?? 'page';
  page.setDefaultTimeout(WAIT_MS);
  page.on('pageerror', (e) => {
    console.error(`[${name}] page error:`, e.message);
    pageProblems.push(`[${name}] page error: ${e.message}`);
  });
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    console.error(`[${name}] console:`, m.text());
    if (!EXPECTED_CONSOLE.some((re) => re.test(m.text()))) pageProblems.push(`[${name}] console error: ${m.text()}`);
  });
  const frames = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => { if (typeof f.payload === 'string') frames.push(f.payload); }));
  await page.goto(base);
  return { ctx, page, frames };
}

export async function shot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

export function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
}

// A visible element's box; boards redraw themselves (orientation, new game), so wait.
async function boxOf(page, selector) {
  for (let i = 0; i < 40; i++) {
    const b = await page.locator(selector).first().boundingBox().catch(() => null);
    if (b && b.width > 0) return b;
    await page.waitForTimeout(50);
  }
  throw new Error(`no box for ${selector}`);
}

// Centre of a board square in page pixels, for clicks and drags like a person's.
export async function squareCenter(page, game, key) {
  if (game === 'reversi') {
    const b = await boxOf(page, `[data-square=${key}]`);
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  }
  if (game === 'chess') {
    const box = await boxOf(page, 'cg-board');
    const black = await page.locator('.cg-wrap.orientation-black').count();
    const f = key.charCodeAt(0) - 97, r = Number(key[1]) - 1;
    const col = black ? 7 - f : f, row = black ? r : 7 - r;
    return { x: box.x + (col + 0.5) * box.width / 8, y: box.y + (row + 0.5) * box.height / 8 };
  }
  const files = game === 'minishogi' || game === 'dogcat' ? 5 : 9;
  const box = await boxOf(page, 'sg-squares');
  const gote = await page.locator('.sg-wrap.orientation-gote').count();
  const file = Number(key[0]), rank = key.charCodeAt(1) - 96;
  const col = gote ? file - 1 : files - file, row = gote ? files - rank : rank - 1;
  return { x: box.x + (col + 0.5) * box.width / files, y: box.y + (row + 0.5) * box.height / files };
}

export async function clickSquare(page, game, key) {
  const p = await squareCenter(page, game, key);
  await page.mouse.click(p.x, p.y);
}

export async function dragSquare(page, game, from, to) {
  const a = await squareCenter(page, game, from);
  const b = await squareCenter(page, game, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

// A visitor who opened a room's link says a name and joins (a player while a seat is free,
// else a spectator); resolves once the room page is shown.
export async function joinAs(page, name) {
  await page.waitForSelector('[data-testid=join-name]');
  await page.fill('[data-testid=join-name]', name);
  await page.click('[data-testid=join-submit]');
  await page.waitForSelector('.room');
}

// Waits until `fn` returns a truthy value, polling every `every` ms, for at most `ms`.
export async function until(fn, what, ms = WAIT_MS, every = 50) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

// The characters of `text` that the web font `family` does not draw on `page`. Each is
// drawn in that font and compared with two pictures: the same font stack drawing a
// character no font has (the missing-glyph box: a font's .notdef), and the fallback alone
// drawing it (what the system would show without the font). Either match means the font
// has no glyph for it.
export async function notDrawnBy(page, family, weight, text) {
  return page.evaluate(async ({ family, weight, text }) => {
    const size = 40;
    await document.fonts.load(`${weight} ${size}px "${family}"`, text);
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size + 16;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const picture = (ch, font) => {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.font = font;
      ctx.fillText(ch, 4, size);
      return ctx.getImageData(0, 0, canvas.width, canvas.height).data.join();
    };
    const stack = `${weight} ${size}px "${family}", "no-such-font-banmen"`;
    const box = picture('\u{10FFFD}', stack);
    return [...new Set(text)].filter((ch) => {
      if (!ch.trim()) return false;
      const drawn = picture(ch, stack);
      return drawn === box || drawn === picture(ch, `${weight} ${size}px "no-such-font-banmen"`);
    }).join('');
  }, { family, weight, text });
}

// Proves that nothing `from` sent before now is still on its way: `from` says `text` in
// the chat and `to` waits until it shows. The server handles one connection's messages in
// order, so any move `from` sent earlier has been played (or refused) by then: a check
// that something did NOT happen waits on this, not on a pause.
export async function roundTrip(from, to, text) {
  await from.fill('.chat-form input', text);
  await from.press('.chat-form input', 'Enter');
  await until(async () => (await to.locator('.chat-log li', { hasText: text }).count()) > 0, `the chat line "${text}" arrives`);
}

// Picks a game on the home page's form as a person does: a fairy variant's card sits in a
// group folded on a phone, which is opened first.
export async function chooseGame(page, game) {
  const card = page.locator(`.game-card[data-game="${game}"]`);
  // A fairy variant's family group may be folded: open the one that holds it.
  const folded = page.locator(`[data-testid=fairy-group]:not([open]):has(.game-card[data-game="${game}"]) > summary`);
  if (await folded.count()) await folded.click();
  await card.click();
}
