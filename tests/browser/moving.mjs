// Browser proof of the client's side of several servers, against one real server whose
// answers are reshaped on the way (playwright's WebSocket routing) into what a server in
// a cluster says: a room_created that leaves the connection outside the room, close code
// 4003 "room moved", error room_busy, error wrong_room. Checks that each room page's
// socket names its room (/ws?room=<id>), the home page's is bare, and that the client
// recovers from each answer as docs/client.md says, without an error shown.
import { launch, newPlayer, shot, until, check, pageProblems, chooseGame } from './lib.mjs';

const base = process.argv[2];
const browser = await launch();
let failed = false;

// Every routed connection, and what the routes are told to do to the next join_room.
const conns = [];
const joins = [];
const plan = { clusterCreate: true, busy: { host: 0, guest: 0 }, wrong: { host: 0, guest: 0 } };
const latest = {};

async function routed(who) {
  const p = await newPlayer(browser, 'about:blank', { name: who });
  await p.page.routeWebSocket(/\/ws(\?.*)?$/, (ws) => {
    const conn = { who, path: new URL(ws.url()).pathname + new URL(ws.url()).search, t: Date.now(), outside: false };
    conns.push(conn);
    const server = ws.connectToServer();
    latest[who] = { ws, server, conn };
    ws.onMessage((raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === 'join_room' && plan.busy[who] > 0) {
        plan.busy[who]--;
        joins.push({ who, answer: 'room_busy', t: Date.now() });
        ws.send(JSON.stringify({ type: 'error', re: m.id, code: 'room_busy', message: 'the room is moving between servers; try again' }));
        return;
      }
      if (m.type === 'join_room' && plan.wrong[who] > 0) {
        plan.wrong[who]--;
        joins.push({ who, answer: 'wrong_room', t: Date.now() });
        ws.send(JSON.stringify({ type: 'error', re: m.id, code: 'wrong_room', message: 'this connection is for room x; connect to /ws?room=y' }));
        return;
      }
      if (m.type === 'join_room') joins.push({ who, answer: 'forwarded', t: Date.now(), path: conn.path, token: !!m.token });
      server.send(raw);
    });
    server.onMessage((raw) => {
      if (conn.outside) return; // a cluster server keeps no such connection in the room
      const m = JSON.parse(String(raw));
      if (m.type === 'room_created' && plan.clusterCreate) {
        conn.outside = true;
        ws.send(JSON.stringify({ type: 'room_created', re: m.re, room: m.room, token: m.token, seat: m.player, url: `/ws?room=${m.room}` }));
        return;
      }
      ws.send(raw);
    });
  });
  // The connection banner's states, recorded as they change.
  await p.page.addInitScript(() => {
    window.__banners = [];
    new MutationObserver(() => {
      const b = document.querySelector('.conn-banner');
      if (b) window.__banners.push(b.hidden ? 'hidden' : b.textContent);
    }).observe(document, { subtree: true, attributes: true, childList: true });
  });
  return p;
}
const banners = (page) => page.evaluate(() => window.__banners.filter((b) => b !== 'hidden'));
const shown = async (page, who) => (await page.locator('[data-testid=name-0], [data-testid=name-1]').allTextContents()).includes(who);

try {
  const host = await routed('host');
  await host.page.goto(base);
  await host.page.fill('#nickname', 'Alice');
  await chooseGame(host.page, 'chess');
  await host.page.click('[data-testid=create-room]');
  // room_created without a role: the page goes to the room, reconnects there, joins with the token.
  await host.page.waitForSelector('[data-testid=waiting]');
  const room = new URL(host.page.url()).pathname.split('/r/')[1];
  check(/^[A-Za-z0-9_-]{16,}$/.test(room ?? ''), `the host is on the room's page: ${host.page.url()}`);
  check(conns[0].path === '/ws', `the home page's socket is bare: ${conns[0].path}`);
  const hostJoin = joins.find((j) => j.who === 'host' && j.answer === 'forwarded');
  check(hostJoin && hostJoin.path === `/ws?room=${room}` && hostJoin.token, `the host joined on /ws?room= with its token: ${JSON.stringify(hostJoin)}`);
  plan.clusterCreate = false;

  const guest = await routed('guest');
  await guest.page.goto(`${base}/r/${room}`);
  await guest.page.fill('[data-testid=join-name]', 'Bob');
  await guest.page.click('[data-testid=join-submit]');
  await guest.page.waitForSelector('.room');
  await until(() => shown(host.page, 'Bob'), 'the host sees Bob');
  check(conns.filter((c) => c.who === 'guest').every((c) => c.path === `/ws?room=${room}`), 'the guest connects to its room');

  // 4003 "room moved": a new connection at once, to the same URL, and no banner.
  let before = conns.length;
  latest.host.ws.close({ code: 4003, reason: 'room moved' });
  latest.host.server.close();
  const closedAt = Date.now();
  await until(() => conns.length > before, 'the host reconnects after 4003');
  const again = conns[conns.length - 1];
  check(again.who === 'host' && again.path === `/ws?room=${room}`, `the host reconnected to its room: ${again.path}`);
  await until(() => joins.filter((j) => j.who === 'host' && j.answer === 'forwarded').length === 2, 'the host joins again');
  await until(() => shown(host.page, 'Bob'), 'the host is back in the room');
  check((await banners(host.page)).length === 0, `no banner after 4003: ${await banners(host.page)}`);
  console.log(`4003: reconnected after ${again.t - closedAt} ms`);

  // room_busy: "moving" shown, the join tried again after about a second, then the room.
  plan.busy.guest = 1;
  before = joins.length;
  await guest.page.evaluate(() => window.__banmenDropSocket());
  await until(() => joins.slice(before).some((j) => j.who === 'guest' && j.answer === 'room_busy'), 'the guest hears room_busy');
  await guest.page.waitForSelector('[data-testid=conn-moving]');
  await shot(guest.page, 'moving-01-room-busy');
  await until(() => joins.slice(before).some((j) => j.who === 'guest' && j.answer === 'forwarded'), 'the guest joins again', 5000);
  const busy = joins.slice(before).find((j) => j.answer === 'room_busy');
  const retry = joins.slice(before).find((j) => j.answer === 'forwarded');
  check(retry.t - busy.t >= 600 && retry.t - busy.t < 3000, `the join is tried again after about a second: ${retry.t - busy.t} ms`);
  await until(() => guest.page.locator('.conn-banner').isHidden(), 'the moving banner goes');
  await until(() => shown(guest.page, 'Alice'), 'the guest is back in the room');
  console.log(`room_busy: joined again after ${retry.t - busy.t} ms`);

  // wrong_room: the client opens its room's connection again and joins there.
  plan.wrong.host = 1;
  before = conns.length;
  const joinsBefore = joins.length;
  await host.page.evaluate(() => window.__banmenDropSocket());
  await until(() => joins.slice(joinsBefore).some((j) => j.who === 'host' && j.answer === 'forwarded'), 'the host joins after wrong_room');
  check(joins.slice(joinsBefore).map((j) => j.answer).join(',') === 'wrong_room,forwarded', `wrong_room, then a join: ${joins.slice(joinsBefore).map((j) => j.answer)}`);
  check(conns.slice(before).filter((c) => c.who === 'host').length === 2, 'a new connection after wrong_room');
  await until(() => shown(host.page, 'Bob'), 'the host is back after wrong_room');
  check((await host.page.locator('.toast-error').count()) === 0, 'no error shown for 4003, room_busy or wrong_room');
  check((await guest.page.locator('.toast-error').count()) === 0, 'no error shown to the guest');

  // Home and back: the home page's socket is bare again, the room's names the room.
  before = conns.length;
  await host.page.click('.brand');
  await until(() => conns.length > before && conns[conns.length - 1].path === '/ws', 'a bare socket on the home page');
  await host.page.goBack();
  await host.page.waitForSelector('.room');
  await until(() => conns[conns.length - 1].path === `/ws?room=${room}`, "the room's socket again");
  await until(() => shown(host.page, 'Bob'), 'the host is in the room again');
  check(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
  console.log(`several servers, client side: ${conns.length} connections, ${joins.length} joins: ok`);
} catch (e) {
  failed = true;
  console.error('FAILED:', e.stack ?? e);
  console.error(JSON.stringify({ joins, conns }).slice(0, 3000));
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `moving-fail-${i}`).catch(() => {});
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
