// Rooms that last, in the browser: two friends finish a game, close their tabs, and the
// room is forgotten from the server's memory (its idle time shortened by a flag). The
// host's link still opens it, from the store, with the series, the score and the host's
// own seat (the token kept in the browser); and so it does after a graceful restart and
// after the server is killed with SIGKILL.
// This script runs its own server (it restarts it), so it takes the binary, not a URL.
// Usage: node lasting.mjs <banmen-server> <client dist dir>   (exit 0 on success)
import { launch, newPlayer, shot, until, check, pageProblems, joinAs, chooseGame } from './lib.mjs';
import { playMove } from './moves.mjs';
import { ownServer } from './own-server.mjs';

const [serverBin, dist] = process.argv.slice(2);
if (!serverBin || !dist) {
  console.error('usage: node lasting.mjs <banmen-server> <client dist dir>');
  process.exit(2);
}
const IDLE_MS = 1000;  // a room nobody is in leaves memory after this (the sweep runs every 5 s)

const server = await ownServer(serverBin, dist, 'lasting', ['--room-idle-ttl-ms', String(IDLE_MS)]);
const base = server.base;
const startServer = () => server.start();
const stopServer = (signal) => server.stop(signal);
const metric = async (name) => {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
};
const roomsInMemory = () => metric('banmen_rooms_open');

const browser = await launch();
let failed = false;
try {
  await startServer();
  const host = await newPlayer(browser, base, { name: 'host' });
  await host.page.waitForSelector('[data-testid=server-version]');
  await host.page.fill('#nickname', 'Hana');
  await chooseGame(host.page, 'chess');
  await host.page.click('label.side-first');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  const link = await host.page.inputValue('[data-testid=share-link]');
  const guest = await newPlayer(browser, link, { name: 'guest' });
  await joinAs(guest.page, 'Kenji');
  await playMove(host.page, 'chess', 'e2e4', true);
  await until(async () => (await guest.page.locator('.move-list .ml-move').count()) === 1, 'guest sees e4');
  await playMove(guest.page, 'chess', 'e7e5', true);
  await until(async () => (await host.page.locator('.move-list .ml-move').count()) === 2, 'host sees e5');
  // The guest resigns: 1-0 to the host across the series.
  await guest.page.click('[data-testid=resign]');
  await guest.page.click('dialog.choice-dialog button[data-choice=yes]');
  for (const p of [host.page, guest.page]) await p.waitForSelector('[data-testid=result-dialog]');
  await until(async () => (await host.page.locator('.room-meta').textContent()).includes('1 – 0'), 'score 1 – 0');

  // Both close their tabs (their browsers keep the seat tokens).
  await host.page.close();
  await guest.page.close();
  await until(async () => (await roomsInMemory()) === 0, 'the empty room leaves memory', 20_000);

  // The link opens the room again, from the store, with its series: once forgotten, once
  // after a graceful restart, once after SIGKILL.
  const reopen = async (when) => {
    check((await roomsInMemory()) === 0, `${when}: no room in memory before the link is opened`);
    const page = await host.ctx.newPage();
    page.on('pageerror', (e) => pageProblems.push(`[host ${when}] page error: ${e.message}`));
    await page.goto(link);
    await page.waitForSelector('.room');
    // Recognised by the token kept in the browser: the host's own seat, no name asked.
    check(!(await page.locator('[data-testid=join-name]').count()), `${when}: the host is not asked to join`);
    await until(async () => (await page.locator('.room-meta').textContent()).includes('1 – 0'), `${when}: the score is kept`);
    await until(async () => (await page.locator('.pb-bottom').textContent()).includes('Hana'), `${when}: the host sits at the bottom`);
    check((await page.locator('.move-list .ml-move').count()) === 2, `${when}: the last game's moves are shown`);
    check(await page.locator('[data-testid=rematch]').count(), `${when}: a rematch may be offered`);
    await shot(page, `lasting-${when}`);
    check((await roomsInMemory()) === 1, `${when}: the room is in memory while someone is in it`);
    await page.close();
    await until(async () => (await roomsInMemory()) === 0, `${when}: the room leaves memory again`, 20_000);
  };
  await reopen('forgotten');
  await stopServer('SIGTERM');
  await startServer();
  await reopen('restarted');
  await stopServer('SIGKILL');
  await startServer();
  await reopen('killed');

  // The series goes on: the guest comes back, and a rematch is game 2.
  const back = await guest.ctx.newPage();
  await back.goto(link);
  await back.waitForSelector('.room');
  check(!(await back.locator('[data-testid=join-name]').count()), 'the guest is recognised too');
  const hostPage = await host.ctx.newPage();
  await hostPage.goto(link);
  await hostPage.waitForSelector('[data-testid=rematch]');
  await hostPage.click('[data-testid=rematch]');
  await back.click('[data-testid=accept-rematch]');
  await until(async () => !(await hostPage.locator('[data-testid=rematch]').count()), 'game 2 started');
  const games = await (await fetch(`${base}/api/rooms/${link.split('/r/')[1]}/games`)).json();
  check(games.total_games === 2, `the series has 2 games: ${games.total_games}`);
  check(games.score[0] === 1 && games.score[1] === 0, `the series score is 1-0: ${games.score}`);
  if (pageProblems.length) throw new Error(pageProblems.join('\n'));
  console.log('lasting: the room came back from its link 3 times (forgotten, restarted, killed)');
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await browser.close();
  if (server.running()) await stopServer('SIGTERM');
  server.remove();
}
process.exit(failed ? 1 : 0);
