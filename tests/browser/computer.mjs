// Browser proof of the computer opponent: for every game family the computer plays (a
// fairy variant, Capablanca, for fairy chess), a room made
// from the home page with "Play the computer" at level 1. The host plays a few legal moves
// on the board like a person; the computer answers each one; its seat shows its name (in
// Japanese for one of the rooms); the host resigns and the result shows. Then the room's
// buttons: inviting the computer, and handing a seat to it by agreement.
// Usage: node computer.mjs <base url>   (exit 0 on success; screenshots in ARTIFACTS)
import { launch, newPlayer, shot, until, check, pageProblems, joinAs, chooseGame } from './lib.mjs';
import { playMove } from './moves.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';
const GAMES = ['shogi', 'minishogi', 'dogcat', 'hasami', 'chess', 'reversi', 'capablanca'];
const HOST_MOVES = 3;

// The room as the page was last told: the newest snapshot or move event it received.
function lastPosition(frames) {
  for (let i = frames.length - 1; i >= 0; i--) {
    let m;
    try { m = JSON.parse(frames[i]); } catch { continue; }
    if (m.type === 'game_over') return { plies: m.moves.length, legal: [], toMove: null, over: true };
    if (m.type === 'snapshot') return { plies: m.moves.length, legal: m.legal_moves, toMove: m.to_move, over: m.status === 'over' };
    if (m.type === 'move') return { plies: m.ply, legal: m.legal_moves, toMove: m.to_move, over: false };
  }
  return null;
}

async function playTheComputer(browser, game, locale) {
  const host = await newPlayer(browser, base, { name: `computer-${game}`, locale });
  const page = host.page;
  await page.waitForSelector('[data-testid=server-version]');
  await page.fill('#nickname', 'Alice');
  await chooseGame(page, game);
  await page.click('label.side-first');
  await page.check('[data-testid=play-computer]');
  await page.selectOption('[data-testid=computer-level]', '1');
  await page.click('[data-testid=create-room]');
  const expectedName = locale === 'ja-JP' ? 'コンピュータ（レベル1）' : 'Computer (level 1)';
  await until(async () => ((await page.locator('[data-testid=name-1]').textContent()) ?? '').includes(expectedName),
    `${game}: the computer's seat named ${expectedName}`);
  let played = 0;
  for (let i = 0; i < HOST_MOVES; i++) {
    const now = await until(() => {
      const p = lastPosition(host.frames);
      return p && (p.over || (p.plies === 2 * i && p.toMove === 0 && p.legal.length)) ? p : null;
    }, `${game}: the host's turn at ply ${2 * i}`, 15_000);
    if (now.over) break; // a first move at random can lose at once (dog-cat)
    await playMove(page, game, now.legal[0], false);
    await until(() => {
      const p = lastPosition(host.frames);
      return p && (p.over || p.plies >= 2 * i + 2);
    }, `${game}: the computer's answer to move ${i + 1}`, 15_000);
    played++;
  }
  check(played > 0, `${game}: the host played no move`);
  await shot(page, `computer-${game}`);
  const over = lastPosition(host.frames).over;
  if (!over) {
    await page.click('[data-testid=resign]');
    await page.click('dialog.choice-dialog button[data-choice=yes]');
  }
  await page.waitForSelector('[data-testid=result-dialog]');
  if (locale !== 'ja-JP' && !over) check((await page.locator('.result-title').textContent()).trim() === 'You lost', `${game}: resigner lost`);
  console.log(`computer (${game}, ${locale}): ${played} moves answered, ${over ? 'ended by the rules' : 'resigned'}: ok`);
  await host.ctx.close();
}

// The room's buttons: the host invites the computer into the empty place; in a room of
// two people one hands their seat to the computer and the other accepts.
async function inviteAndHandOver(browser) {
  const host = await newPlayer(browser, base, { name: 'computer-invite' });
  await host.page.waitForSelector('[data-testid=server-version]');
  await host.page.fill('#nickname', 'Alice');
  await chooseGame(host.page, 'chess');
  await host.page.click('label.side-first');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  await host.page.selectOption('[data-testid=computer-offer-level]', '2');
  await host.page.click('[data-testid=computer-invite]');
  await until(async () => ((await host.page.locator('[data-testid=name-1]').textContent()) ?? '').includes('Computer (level 2)'),
    'the invited computer in the empty place');
  await host.ctx.close();

  const a = await newPlayer(browser, base, { name: 'handover-host' });
  await a.page.waitForSelector('[data-testid=server-version]');
  await a.page.fill('#nickname', 'Alice');
  await chooseGame(a.page, 'reversi');
  await a.page.click('label.side-first');
  await a.page.click('[data-testid=create-room]');
  await a.page.waitForSelector('[data-testid=waiting]');
  const link = await a.page.inputValue('[data-testid=share-link]');
  const b = await newPlayer(browser, link, { name: 'handover-guest' });
  await joinAs(b.page, 'Bob');
  await a.page.waitForSelector('[data-testid=computer-offer]');
  await a.page.selectOption('[data-testid=computer-offer-level]', '1');
  await a.page.click('[data-testid=computer-offer]');
  await b.page.click('[data-testid=accept-computer]');
  // The host's seat (seat 0, to move) is the computer's now: it plays there at once.
  await until(async () => ((await b.page.locator('[data-testid=name-0]').textContent()) ?? '').includes('Computer (level 1)'),
    'the guest sees the computer in the host\'s seat');
  await until(() => (lastPosition(b.frames)?.plies ?? 0) >= 1, 'the computer moved for the host\'s seat');
  await shot(b.page, 'computer-handover');
  console.log('computer: invited into the empty place; a seat handed over and played: ok');
  await a.ctx.close();
  await b.ctx.close();
}

const browser = await launch();
let failed = false;
try {
  for (const game of GAMES) await playTheComputer(browser, game, game === 'reversi' ? 'ja-JP' : 'en-US');
  await inviteAndHandOver(browser);
  check(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
  console.log('browser computer: all passed');
} catch (e) {
  failed = true;
  console.error('FAILED:', e.stack ?? e);
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `computer-fail-${i}`).catch(() => {});
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
