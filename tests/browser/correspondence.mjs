// A correspondence game in the browser, played in steps: the host creates a chess room
// with one day per move (a day shortened by --correspondence-day-ms), the players move
// with their tabs closed in between, the server restarts and the clock goes on where it
// was; the waiting player leaves a conditional move that the server plays when the answer
// matches (the opponent never sees it), and finally the side to move runs out of days.
// This script runs its own server (it restarts it), so it takes the binary, not a URL.
// Usage: node correspondence.mjs <banmen-server> <client dist dir>   (exit 0 on success)
import { launch, newPlayer, shot, until, check, pageProblems, joinAs, chooseGame } from './lib.mjs';
import { playMove } from './moves.mjs';
import { ownServer } from './own-server.mjs';

const [serverBin, dist] = process.argv.slice(2);
if (!serverBin || !dist) {
  console.error('usage: node correspondence.mjs <banmen-server> <client dist dir>');
  process.exit(2);
}
const DAY_MS = 25_000; // one "day" per move

const server = await ownServer(serverBin, dist, 'correspondence', ['--correspondence-day-ms', String(DAY_MS)]);
const base = server.base;
const startServer = () => server.start();
const stopServer = (signal) => server.stop(signal);
const moveCount = (page) => page.locator('.move-list .ml-move').count();
// The clock of the side shown at `where` (top/bottom) as the page writes it.
const clockText = async (page, where) => (await page.locator(`.pb-${where} .clock-time`).textContent()).trim();

const browser = await launch();
let failed = false;
try {
  await startServer();
  const host = await newPlayer(browser, base, { name: 'host' });
  await host.page.waitForSelector('[data-testid=server-version]');
  await host.page.fill('#nickname', 'Hana');
  await chooseGame(host.page, 'chess');
  await host.page.click('label.chip:has(input[name=preset][value=d1])');
  await host.page.click('label.side-first');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  const link = await host.page.inputValue('[data-testid=share-link]');
  const guest = await newPlayer(browser, link, { name: 'guest' });
  await joinAs(guest.page, 'Kenji');
  check((await host.page.textContent('[data-testid=first-move-bottom]')).trim() === '', 'no first-move countdown in a correspondence game');

  // Step 1: the host moves and closes the tab.
  await playMove(host.page, 'chess', 'e2e4', true);
  await until(async () => (await moveCount(guest.page)) === 1, 'the guest sees e4');
  await host.page.close();
  // Step 2: the guest answers and leaves too; nobody may claim, nothing is adjourned.
  await playMove(guest.page, 'chess', 'e7e5', true);
  check(!(await guest.page.locator('[data-testid=claim-win]').count()), 'no claim button against an absent host');
  // Waiting for the host, the guest leaves a conditional move: if Nf3, then Nc6.
  await guest.page.waitForSelector('[data-testid=conditional-panel]:not([hidden])');
  await guest.page.fill('[data-testid=conditional-lines]', 'g1f3 b8c6\nd2d4 e5d4');
  await guest.page.click('[data-testid=conditional-save]');
  await until(async () => (await guest.page.textContent('[data-testid=conditional-note]')).includes('2'), 'two lines kept');
  await shot(guest.page, 'correspondence-conditional');
  await guest.page.close();

  // The server restarts while nobody is there: the host's day goes on where it was.
  await stopServer('SIGTERM');
  await startServer();

  // Step 3: the host comes back: the clock shows what is left of the day, running.
  const hostPage = await host.ctx.newPage();
  hostPage.on('pageerror', (e) => pageProblems.push(`[host back] page error: ${e.message}`));
  await hostPage.goto(link);
  await hostPage.waitForSelector('.room');
  await until(async () => (await moveCount(hostPage)) === 2, 'the host sees both moves');
  const left = await clockText(hostPage, 'bottom');
  check(/^0:\d\d$/.test(left), `the host's clock shows what is left of a 25 s day: ${left}`);
  check(!(await hostPage.locator('[data-testid=conditional-panel]:not([hidden])').count()) ||
        !(await hostPage.textContent('[data-testid=conditional-lines]')).includes('b8c6'),
        'the host never sees the guest\'s conditional moves');
  await playMove(hostPage, 'chess', 'g1f3', true);
  // The guest's answer is played at once, with nobody on the guest's side.
  await until(async () => (await moveCount(hostPage)) === 4, 'the conditional answer Nc6 is played');
  check((await hostPage.locator('.move-list').textContent()).includes('Nc6'), 'the answer was Nc6');
  await shot(hostPage, 'correspondence-host');

  // Step 4: the host does not move again: its day runs out and the guest wins on time.
  await hostPage.waitForSelector('[data-testid=result-dialog]', { timeout: DAY_MS + 20_000 });
  check((await hostPage.textContent('[data-testid=result-dialog]')).includes('on time'), 'lost on time');
  const games = await (await fetch(`${base}/api/rooms/${link.split('/r/')[1]}/games`)).json();
  check(games.games[0].result.reason === 'timeout', `stored as a timeout: ${JSON.stringify(games.games[0].result)}`);
  if (pageProblems.length) throw new Error(pageProblems.join('\n'));
  console.log('correspondence: played in steps across a restart, a conditional move played, lost on time');
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await browser.close();
  if (server.running()) await stopServer('SIGTERM');
  server.remove();
}
process.exit(failed ? 1 : 0);
