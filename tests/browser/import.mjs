// Bringing a record into a room in the browser, on a phone-sized screen: the host of a
// chess room still waiting for its guest opens "Bring a record in", picks a Shift_JIS .kif
// file with a 変化 (written at test time with iconv, as Japanese programs write it), and
// the review board shows a shogi board with the record's moves and its side line. Then a
// pasted PGN whose fourth line does not play is refused: the dialog names line 4 and
// selects it in the text. A big record goes in several parts; one over 256 KiB is refused
// in the dialog.
// Usage: node import.mjs <base url>   (exit 0 on success; screenshots in ARTIFACTS)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, newPlayer, shot, until, check, pageProblems, chooseGame } from './lib.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';
const KIF = [
  '# 検討用',
  '手合割：平手',
  '先手：花子',
  '後手：太郎',
  '手数----指手---------消費時間--',
  '   1 ７六歩(77)',
  '   2 ３四歩(33)',
  '   3 ２六歩(27)',
  '',
  '変化：2手',
  '   2 ８四歩(83)',
  '   3 ６八銀(79)',
  '',
].join('\r\n');
const BAD_PGN = '[Event "x"]\n\n1. e4 e5\n2. Ke3 *\n';

const dir = mkdtempSync(join(tmpdir(), 'banmen-import-'));
const kifPath = join(dir, 'kentou.kif');
writeFileSync(kifPath, execFileSync('iconv', ['-f', 'UTF-8', '-t', 'SHIFT_JIS'], { input: KIF }));

const browser = await launch();
let failed = false;
try {
  const host = await newPlayer(browser, base, { name: 'host', viewport: { width: 390, height: 844 } });
  const page = host.page;
  await page.waitForSelector('[data-testid=server-version]', { state: 'attached' });
  await page.fill('#nickname', 'Hana');
  await chooseGame(page, 'chess');
  await page.click('[data-testid=create-room]');
  await page.waitForSelector('[data-testid=waiting]');

  // No game is being played: the host may bring a record in.
  await page.click('[data-testid=import-open]');
  await page.waitForSelector('[data-testid=import-dialog]');
  const dialogBox = await page.locator('[data-testid=import-dialog]').boundingBox();
  check(dialogBox && dialogBox.width <= 390, `the dialog fits the phone: ${JSON.stringify(dialogBox)}`);
  await page.setInputFiles('[data-testid=import-file]', kifPath);
  await until(async () => (await page.inputValue('[data-testid=import-text]')).includes('変化：2手'), 'the Shift_JIS file is read');
  await shot(page, 'import-01-dialog');
  await page.click('[data-testid=import-send]');
  await until(async () => (await page.locator('[data-testid=import-dialog]').count()) === 0, 'the dialog closes');
  const rows = page.locator('[data-testid=review-tree] .review-row');
  await until(async () => (await rows.count()) === 6, 'the record and its side line are listed');
  check((await page.locator('.review-row.depth-1').count()) === 2, 'the side line is indented');
  check(await page.locator('.room[data-game=shogi] .sg-outer').count() === 1, 'a shogi board in the chess room');
  const shown = await page.locator('[data-testid=review-imported]').innerText();
  check(shown.includes('kentou.kif') && shown.includes('KIF'), `the record is named: ${shown}`);
  check((await page.locator('[data-testid=review-tree]').innerText()).includes('８四歩'), 'the side line is written as people read it');
  await shot(page, 'import-02-board');

  // A PGN that does not play: refused, line 4 named and selected.
  await page.click('[data-testid=review-panel] [data-testid=import-open]');
  await page.waitForSelector('[data-testid=import-dialog]');
  await page.fill('[data-testid=import-text]', BAD_PGN);
  await page.click('[data-testid=import-send]');
  await until(async () => (await page.locator('[data-testid=import-error]').innerText()).includes('line 4'), 'the refusal names line 4');
  const selected = await page.locator('[data-testid=import-text]').evaluate((t) => t.value.slice(t.selectionStart, t.selectionEnd));
  check(selected === '2. Ke3 *', `line 4 is selected: ${JSON.stringify(selected)}`);
  check((await rows.count()) === 6, 'the board keeps the record it had');
  await shot(page, 'import-03-refused');

  // A big record (comments make it about 90 KB: several parts) arrives whole; one over
  // 256 KiB is refused in the dialog, nothing sent.
  const comment = '*この局面は序盤の駒組みで、まだ互いに決め手はない。'.repeat(2);
  const big = KIF.replace('   2 ３四歩(33)', `${Array(600).fill(comment).join('\r\n')}\r\n   2 ３四歩(33)`);
  await page.fill('[data-testid=import-text]', big);
  await page.click('[data-testid=import-send]');
  await until(async () => (await page.locator('[data-testid=import-dialog]').count()) === 0, 'the big record is brought in');
  await until(async () => (await rows.count()) === 6, 'the big record is on the board');
  await page.click('[data-testid=review-panel] [data-testid=import-open]');
  await page.fill('[data-testid=import-text]', 'x'.repeat(256 * 1024 + 1));
  await page.click('[data-testid=import-send]');
  await until(async () => (await page.locator('[data-testid=import-error]').innerText()).includes('256 KiB'), 'too large a record is refused in the dialog');

  check(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
  console.log('import: a Shift_JIS KIF with 変化 brought into a chess room on a phone, a bad PGN refused with its line: ok');
} catch (e) {
  failed = true;
  console.error('FAILED:', e.stack ?? e);
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `import-fail-${i}`).catch(() => {});
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
