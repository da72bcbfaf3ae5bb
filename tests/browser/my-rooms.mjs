// The "My rooms" page (/my) and its nudges. One player holds seats in three reversi rooms
// (made over the protocol from a bare page of the same site, the tokens kept where the
// client keeps them); the opponent plays from another browser. The page lists the rooms
// in order (your turn first, then the least time left), updates when the opponent moves,
// counts the rooms waiting in the tab's title, and, with the tab hidden, raises a system
// notification (the permission granted in the browser context; the Notification observed
// through a wrapper) when a room newly becomes the player's turn. Screenshots of the page
// on a phone and a desktop go to ARTIFACTS, and also to BANMEN_DOCS_IMAGES when it names
// a folder (docs/images: the pictures of docs/client.md).
// Usage: node my-rooms.mjs <base url>   (exit 0 on success)
import { launch, newPlayer, shot, until, check, pageProblems } from './lib.mjs';
import { join } from 'node:path';

const base = process.argv[2];
const DOCS = process.env.BANMEN_DOCS_IMAGES ?? '';
const docShot = (page, name) => (DOCS ? page.screenshot({ path: join(DOCS, name) }) : null);
const browser = await launch();
let failed = false;

// A page of the site without the client, which speaks the protocol over its own sockets:
// __proto.open(room) -> id; send(id, msg) -> the answer; turn(id) -> whose move.
async function protocolPage(ctx) {
  const page = await ctx.newPage();
  await page.goto(`${base}/healthz`);
  await page.evaluate(() => {
    const conns = [];
    globalThis.__proto = {
      async open(room) {
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws${room ? `?room=${room}` : ''}`);
        const c = { ws, seen: [], waiters: [], next: 1 };
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          c.seen.push(m);
          for (const w of [...c.waiters]) if (w.pred(m)) { c.waiters.splice(c.waiters.indexOf(w), 1); w.done(m); }
        };
        await new Promise((res, rej) => { ws.onopen = res; ws.onerror = rej; });
        conns.push(c);
        const id = conns.length - 1;
        await this.send(id, { type: 'hello', protocol: 2, client: 'my-rooms-test' });
        return id;
      },
      // The first message whose fields equal all of `match`'s.
      wait(id, match) {
        const c = conns[id];
        const pred = (m) => Object.entries(match).every(([k, v]) => m[k] === v);
        const found = c.seen.find(pred);
        if (found) return Promise.resolve(found);
        return new Promise((done) => c.waiters.push({ pred, done }));
      },
      send(id, msg) {
        const c = conns[id];
        const n = c.next++;
        c.ws.send(JSON.stringify({ ...msg, id: n }));
        return this.wait(id, { re: n });
      },
      // The last move or snapshot this connection saw: whose turn and the legal moves.
      turn(id) {
        const seen = conns[id].seen.filter((m) => m.type === 'snapshot' || m.type === 'move');
        const m = seen[seen.length - 1];
        return m ? { version: m.version, toMove: m.to_move, legal: m.legal_moves ?? [], ply: m.ply ?? m.moves?.length ?? 0 } : null;
      },
    };
  });
  return page;
}

const proto = (page, fn, arg) => page.evaluate(fn, arg);

// Plays the first legal move of connection `id` once it has the move.
async function move(page, id) {
  const t = await until(() => proto(page, (i) => {
    const t = globalThis.__proto.turn(i);
    return t && t.legal.length ? t : null;
  }, id), 'legal moves to play');
  const answer = await proto(page, ([i, t]) => globalThis.__proto.send(i, { type: 'move', move: t.legal[0], version: t.version, move_id: `m${t.ply + 1}` }), [id, t]);
  check(answer.type === 'move', `move answered: ${JSON.stringify(answer).slice(0, 200)}`);
}
const seenPly = (page, id, ply) => until(() => proto(page, ([i, p]) => (globalThis.__proto.turn(i)?.ply ?? 0) >= p, [id, ply]), `ply ${ply} seen`);

// The list as the page shows it: each row's room, turn text and whether it is yours.
const listed = (page) => page.$$eval('[data-testid=my-list] [data-testid=my-room]', (rows) => rows.map((r) => ({
  room: r.getAttribute('data-room'), mine: r.classList.contains('mine'), text: r.textContent,
})));

// The page's tab made hidden or visible again the way a browser does it (the property
// and the event), through the switch the init script installs.
const setHidden = (page, hidden) => page.evaluate((h) => globalThis.__setHidden(h), hidden);

try {
  // The player: a context whose pages keep the seat tokens; the opponent: another context.
  const me = await newPlayer(browser, base, { name: 'me' });
  await me.ctx.grantPermissions(['notifications'], { origin: base });
  const meProto = await protocolPage(me.ctx);
  const oppCtx = await browser.newContext();
  const oppProto = await protocolPage(oppCtx);

  // Four rooms the player hosts and moves first in:
  //   quick: a 5-minute clock, left with the opponent to move
  //   slow:  a 10-minute clock, left with the player to move
  //   post:  a correspondence clock of 3 days per move, left with the opponent to move
  //   free:  no clock, left with the opponent to move
  const rooms = {};
  const plan = [['quick', { kind: 'fischer', base_ms: 300000, increment_ms: 0 }], ['slow', { kind: 'fischer', base_ms: 600000, increment_ms: 0 }],
    ['post', { kind: 'correspondence', days: 3 }], ['free', null]];
  for (const [key, clock] of plan) {
    const mine = await proto(meProto, () => globalThis.__proto.open(null));
    const created = await proto(meProto, ([i, clock]) => globalThis.__proto.send(i, { type: 'create_room', name: 'Mia', game: 'reversi', side: 'first', ...(clock ? { clock } : {}) }), [mine, clock]);
    check(created.type === 'room_created', `room created: ${JSON.stringify(created).slice(0, 200)}`);
    await proto(meProto, ([room, token]) => localStorage.setItem(`banmen.token.${room}`, token), [created.room, created.token]);
    const theirs = await proto(oppProto, (room) => globalThis.__proto.open(room), created.room);
    const opponent = `Oto ${key}`;
    const joined = await proto(oppProto, ([i, room, name]) => globalThis.__proto.send(i, { type: 'join_room', room, name }), [theirs, created.room, opponent]);
    check(joined.type === 'joined' && joined.role === 'player', 'the opponent sits down');
    rooms[key] = { room: created.room, mine, theirs, opponent };
    // Each side's first move (no first-move countdown is left running), then as planned.
    await move(meProto, mine);
    await seenPly(oppProto, theirs, 1);
    await move(oppProto, theirs);
    await seenPly(meProto, mine, 2);
    if (key !== 'slow') {
      await move(meProto, mine);
      await seenPly(oppProto, theirs, 3);
    }
  }

  // The list page, with the tab's visibility and the Notification observed.
  const page = await me.ctx.newPage();
  page.on('pageerror', (e) => pageProblems.push(`[my] page error: ${e.message}`));
  await page.addInitScript(() => {
    let hidden = false;
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
    Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    globalThis.__setHidden = (h) => {
      hidden = h;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    globalThis.__notes = [];
    const Real = globalThis.Notification;
    class Watched extends Real {
      constructor(title, opts) {
        super(title, opts);
        globalThis.__notes.push({ title, body: opts?.body ?? '' });
      }
    }
    globalThis.Notification = Watched;
    localStorage.setItem('banmen.settings', JSON.stringify({ ...JSON.parse(localStorage.getItem('banmen.settings') ?? '{}'), notify: true }));
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Reached from any page: the link in the header.
  await page.goto(base);
  await page.click('[data-testid=my-rooms-link]');
  await until(async () => (await listed(page)).length === 4, 'four rooms listed');
  let order = (await listed(page)).map((r) => r.room);
  check(JSON.stringify(order) === JSON.stringify([rooms.slow.room, rooms.quick.room, rooms.post.room, rooms.free.room]),
    `your turn first, then the least time left: ${JSON.stringify(order)} (slow, quick, post, free = ${rooms.slow.room}, ${rooms.quick.room}, ${rooms.post.room}, ${rooms.free.room})`);
  const rows = await listed(page);
  check(rows[0].mine && !rows[1].mine && !rows[2].mine && !rows[3].mine, 'only the slow room waits for the player');
  check(/2d 23h/.test(rows[2].text), `a correspondence game's time left in days and hours: ${rows[2].text}`);
  check(rows[1].text.includes(rooms.quick.opponent) && rows[1].text.includes('0–0'), `the opponent and the series score: ${rows[1].text}`);
  check(/\d:\d\d/.test(rows[0].text) && /Last move/.test(rows[0].text), `time left and last move shown: ${rows[0].text}`);
  await until(async () => (await page.title()) === '(1) Banmen', 'the count in the title');
  await shot(page, 'my-rooms-desktop');
  await docShot(page, 'client-my-rooms-desktop.png');

  // The opponent moves in the quick room: it becomes the player's, and comes first (less
  // time left than the slow one). The list updates by itself.
  await move(oppProto, rooms.quick.theirs);
  await until(async () => (await listed(page))[0]?.room === rooms.quick.room, 'the quick room comes first after the opponent moved', 40_000);
  order = (await listed(page)).map((r) => r.room);
  check(JSON.stringify(order) === JSON.stringify([rooms.quick.room, rooms.slow.room, rooms.post.room, rooms.free.room]), `new order: ${JSON.stringify(order)}`);
  await until(async () => (await page.title()) === '(2) Banmen', 'two rooms counted in the title');

  // Hidden from the list, and shown again.
  await page.click(`[data-room="${rooms.free.room}"] [data-testid=my-hide]`);
  check((await listed(page)).length === 3, 'a hidden room leaves the list');
  await page.click('[data-testid=my-hidden-toggle]');
  await page.click(`[data-room="${rooms.free.room}"] [data-testid=my-show]`);
  check((await listed(page)).length === 4, 'shown again');

  // The tab hidden: the opponent moves in the free room; a notification says so.
  await setHidden(page, true);
  const notesBefore = await page.evaluate(() => globalThis.__notes.length);
  await move(oppProto, rooms.free.theirs);
  // A hidden tab asks every minute; the test shows the way back in sooner by a second
  // visibilitychange while still hidden (the watcher asks at each one).
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const notes = await until(async () => {
    const n = await page.evaluate(() => globalThis.__notes);
    return n.length > notesBefore ? n : null;
  }, 'a notification while the tab is hidden', 40_000);
  check(notes[notes.length - 1].body.includes(rooms.free.opponent), `the notification names the opponent: ${JSON.stringify(notes)}`);
  await until(async () => (await page.title()) === '(3) Banmen', 'three rooms counted in the title');
  await setHidden(page, false);

  // One click into a room.
  await page.click(`[data-room="${rooms.quick.room}"] a.my-open`);
  await page.waitForSelector('.room');
  check(new URL(page.url()).pathname === `/r/${rooms.quick.room}`, 'the room opened');
  // The room shown says itself that it is your move: the title counts the other two.
  await until(async () => (await page.title()) === '(2) Banmen', 'the room shown is not counted');

  // A phone: the list fits 360 px.
  const phonePage = await me.ctx.newPage();
  await phonePage.setViewportSize({ width: 360, height: 740 });
  await phonePage.goto(`${base}/my`);
  await until(async () => (await listed(phonePage)).length === 4, 'the list on a phone');
  await shot(phonePage, 'my-rooms-phone');
  const wide = await phonePage.evaluate(() => [document.documentElement.scrollWidth,
    [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 361).slice(0, 6)
      .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)]);
  check(wide[0] <= 360, `nothing sticks out of a phone's width: ${JSON.stringify(wide)}`);
  await docShot(phonePage, 'client-my-rooms-phone.png');
} catch (e) {
  failed = true;
  console.error(e);
}
await browser.close();
if (pageProblems.length) {
  console.error(pageProblems.join('\n'));
  failed = true;
}
console.log(failed ? 'my-rooms: FAILED' : 'my-rooms: ok');
process.exit(failed ? 1 : 0);
