// The pictures in docs/client.md, taken from a running server: the settings dialog, a
// waiting room with its QR code, a game nobody has moved in yet (the first-move countdown)
// and a shogi game in the dark theme with two-kanji pieces.
// Usage: node screenshots.mjs <base url> <output folder>   (e.g. docs/images)
import { join } from 'node:path';
import { launch, newPlayer, until, joinAs, chooseGame } from './lib.mjs';
import { playMove } from './moves.mjs';

const [base = 'http://127.0.0.1:8765', out = '../../docs/images'] = process.argv.slice(2);
const viewport = { width: 1000, height: 700 };
const browser = await launch();
try {
  const host = await newPlayer(browser, base, { name: 'host', viewport });
  const { page } = host;
  await page.waitForSelector('[data-testid=server-version]');
  await page.fill('#nickname', 'Hana');
  await chooseGame(page, 'shogi');
  await page.click('label.side-first');
  await page.click('[data-testid=create-room]');
  await page.waitForSelector('[data-testid=room-qr]');
  await page.screenshot({ path: join(out, 'client-waiting-qr.png') });
  const link = await page.inputValue('[data-testid=share-link]');
  const guest = await newPlayer(browser, link, { name: 'guest', viewport, locale: 'ja-JP' });
  await joinAs(guest.page, 'Taro');
  // Sente has not moved: its clock stands still and counts the first move down.
  await until(async () => /\d/.test((await page.locator('[data-testid=first-move-bottom]').textContent()) ?? ''), 'the first-move countdown');
  await page.screenshot({ path: join(out, 'client-first-move-countdown.png') });
  await page.click('[data-testid=open-settings]');
  await page.locator('[data-setting=theme]').selectOption('dark');
  await page.locator('[data-setting=pieces]').selectOption('two');
  await page.locator('[data-setting=premove]').setChecked(true);
  await page.screenshot({ path: join(out, 'client-settings.png') });
  await page.click('[data-testid=settings-close]');
  const moves = ['7g7f', '3c3d', '2g2f'];
  for (const [i, m] of moves.entries()) {
    const p = i % 2 === 0 ? page : guest.page;
    await until(async () => (await p.locator('[data-testid=status].my-turn').count()) > 0, `turn ${i}`);
    await playMove(p, 'shogi', m, false);
    await until(async () => (await page.locator('.move-list .ml-move').count()) === i + 1, `move ${i}`);
  }
  // Black queues a premove (2f2e) while White thinks.
  await playMove(page, 'shogi', '2f2e', true);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, 'client-dark-premove.png') });
  console.log('screenshots written to', out);
} finally {
  await browser.close();
}
