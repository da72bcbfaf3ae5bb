// Random play through real input: for every game the server lists (welcome.games: the six
// games and every fairy-chess built-in), a room's own variant, a shogi handicap start and
// pasted starts (shogi and minishogi with pieces in hand, chess with promotions near), two
// players in two Chromium contexts play seeded random legal games with the mouse only:
// click-click and drag-drop in turn, promotions through the board's chooser, drops
// preferred so that hand types run out and come back. One player has a desktop window,
// the other a phone's (390x844); each sees its own side at the bottom, and the seats swap
// from game to game. After every ply: the move the server recorded (the `move` event in
// each page's WebSocket frames) is exactly the one meant, and each page draws the
// server's position for that player (pieces where they are drawn, hand counts shown).
// Legal moves come from the server's frames for the player to move.
//
// Usage: node random.mjs <base url>
//   BANMEN_RANDOM_SEED=<n>     the seed (printed; default from the clock)
//   BANMEN_RANDOM_GAMES=<n>    the long run: n games over the list (default: one game per
//                              entry, short, for CI)
//   BANMEN_RANDOM_MINUTES=<m>  stop starting games after m minutes (default 6; long 38)
//   BANMEN_RANDOM_ONLY=<regex> only the entries whose label matches (to replay a failure)
//   BANMEN_RANDOM_WORKERS=<n>  long run only: n workers side by side, each its own node
//                              process with its own browser, rooms and seeded sequence
//                              (its share of the games; default 1)
//   BANMEN_RANDOM_WORKER=<k>   be worker k (0..n-1) alone: replays that worker's rooms
//   BANMEN_RANDOM_VISIT=<v>    long run: start at the v-th visit of each entry
//   BANMEN_RANDOM_MAX_PLIES=<n> long run: the longest game (default 41); three games in
//                              four are short (at most 10 plies), the fourth up to n
// A failure names the seed, the worker, the game and the ply, and prints the line that
// replays its room alone; exit 1.
import { spawn } from 'node:child_process';
import { launch, newPlayer, shot, until, check, pageProblems, joinAs, chooseGame, WAIT_MS } from './lib.mjs';
import { FrameTrack } from './random-frames.mjs';
import { boardKind, expectedView, readDrawn, readBottomSeat, viewDiff } from './random-views.mjs';
import { playByPointer, isDrop } from './random-input.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';
const seed = Number(process.env.BANMEN_RANDOM_SEED ?? Date.now() % 1_000_000_000);
const longGames = Number(process.env.BANMEN_RANDOM_GAMES ?? 0);
const minutes = Number(process.env.BANMEN_RANDOM_MINUTES ?? (longGames ? 38 : 6));
const stopAt = Date.now() + minutes * 60_000;
const workers = longGames ? Math.max(1, Number(process.env.BANMEN_RANDOM_WORKERS ?? 1)) : 1;
const worker = Number(process.env.BANMEN_RANDOM_WORKER ?? 0);
const firstVisit = Number(process.env.BANMEN_RANDOM_VISIT ?? 0);
const maxPlies = Math.max(2, Number(process.env.BANMEN_RANDOM_MAX_PLIES ?? 41));
// Frames arrive in this process: looking at them costs nothing, so look often. What the
// page shows costs a step to the browser: a little less often.
const FRAMES = 5, PAGE = 15;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

// A room's own variant: a 6x6 board, a piece of its own and pawns that pick their piece.
const CUSTOM = `[tiny:chess]
maxFile = 6
maxRank = 6
queen = -
customPiece1 = w:mWcF
startFen = rnwknr/pppppp/6/6/PPPPPP/RNWKNR w - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = nrw
doubleStep = false
castling = false
`;
// Pasted starts: hands full of every type (so types run out one by one), and pawns one
// step from promotion.
const PASTED = [
  { game: 'shogi', position: '4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1', label: 'shogi (pasted, pieces in hand)' },
  { game: 'minishogi', position: '4k/5/5/5/K4 b RBGSPrbgsp 1', label: 'minishogi (pasted, pieces in hand)' },
  { game: 'chess', position: '4k3/PPP5/8/8/8/8/5ppp/4K3 w - - 0 1', label: 'chess (pasted, promotions)' },
];

// mulberry32: small, seedable, the same sequence on every machine.
function rng32(a) {
  return () => {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
// Each room draws from its own sequence, made from the seed, the worker, the entry and the
// visit: a failing room plays the same again on its own (BANMEN_RANDOM_WORKER,
// BANMEN_RANDOM_ONLY, BANMEN_RANDOM_VISIT) with the same seed.
let rand = rng32(seed);
function roomRandom(label, visit) {
  let h = seed ^ 0x9e3779b9;
  for (const ch of `${label}#${visit}${worker ? `#w${worker}` : ''}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x85ebca6b) ^ (h >>> 13);
  rand = rng32(h);
}
const pick = (list) => list[Math.floor(rand() * list.length)];

const stats = { failures: [], games: 0, plies: 0, drags: 0, clicks: 0, drops: 0, promotions: 0, typeRunOuts: 0, byRules: 0, rooms: 0 };
const where = { game: '-', gameNo: 0, ply: 0 };
const started = Date.now();
if (workers > 1 && process.env.BANMEN_RANDOM_WORKER === undefined) await runWorkers();
const who = workers > 1 ? `seed ${seed}, worker ${worker} of ${workers}` : `seed ${seed}`;
console.log(`random play: ${who}${longGames ? `, long run of ${longGames} games` : ''}`);

const browser = await launch();
let failed = false;
try {
  const host = await newPlayer(browser, base, { name: 'host' });
  const guest = await newPlayer(browser, 'about:blank', { name: 'guest', locale: 'ja-JP' });
  await host.page.waitForSelector('[data-testid=server-version]');
  const welcome = await until(() => new FrameTrack(host.frames).sync().welcome, 'the welcome frame');
  const listed = welcome.games.map((g) => g.id);
  check(listed.length >= 18, `the server lists the six games and the fairy built-ins: ${listed.join(' ')}`);
  const handicaps = await host.page.locator('[data-testid=handicap] option').evaluateAll((os) => os.map((o) => o.value)).catch(() => []);
  const only = new RegExp(process.env.BANMEN_RANDOM_ONLY ?? '');
  const entries = [
    ...listed.map((id) => ({ game: id, label: id })),
    { game: 'custom', variant: CUSTOM, label: 'custom variant' },
    { game: 'shogi', handicap: '', label: 'shogi handicap' },
    ...PASTED,
  ].filter((e) => only.test(e.label));
  console.log(`games: ${entries.map((e) => e.label).join(', ')}`);
  const players = [host, guest];
  if (!longGames) {
    for (let i = 0; i < entries.length && Date.now() < stopAt; i++) await room(players, entries[i], 0, 1, handicaps);
    check(stats.rooms === entries.length, `every entry played within ${minutes} minutes (${stats.rooms} of ${entries.length})`);
  } else {
    // The long run visits the entries in a seeded order (a run cut short by its time still
    // meets many kinds) and goes on after a failure, in a new room, and counts it.
    const order = rng32(worker ? (seed + 1) ^ Math.imul(worker, 0x2c1b3c6d) : seed + 1);
    for (let i = entries.length - 1; i > 0; i--) {
      const j = Math.floor(order() * (i + 1));
      [entries[i], entries[j]] = [entries[j], entries[i]];
    }
    for (let i = firstVisit * entries.length; stats.games < longGames && Date.now() < stopAt; i++) {
      try {
        const entry = entries[i % entries.length], visit = Math.floor(i / entries.length);
        console.log(`${who}: room ${stats.rooms + 1}, ${entry.label} (visit ${visit}), after ${stats.games} games and ${stats.plies} plies in ${Math.round((Date.now() - started) / 1000)} s`);
        await room(players, entry, visit, Math.min(8, longGames - stats.games), handicaps);
      } catch (e) {
        // A browser that is gone (the run stopped from outside) plays no more rooms.
        if (!browser.isConnected()) throw e;
        stats.failures.push(`${who}, game ${where.game} (visit ${where.visit}, game ${where.gameNo} of its room), ply ${where.ply}: ${String(e.message ?? e).split('\n').slice(0, 4).join(' / ')}`);
        console.error(`FAILED: ${stats.failures.at(-1)}`);
        console.error(`  replay it alone: ${replayLine()}`);
        for (const [j, p] of players.entries()) await shot(p.page, `random-${worker ? `w${worker}-` : ''}fail-${stats.failures.length}-${j}`).catch(() => {});
        pageProblems.length = 0;
      }
    }
    check(stats.failures.length === 0, `${stats.failures.length} failures:\n${stats.failures.join('\n')}`);
  }
  check(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
} catch (e) {
  failed = true;
  console.error(`FAILED: ${who}, game ${where.game} (visit ${where.visit}, game ${where.gameNo} of its room), ply ${where.ply}`);
  console.error(e.stack ?? e);
  if (longGames) console.error(`  replay it alone: ${replayLine()}`);
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `random-${worker ? `w${worker}-` : ''}fail-${i}`).catch(() => {});
} finally {
  await browser.close();
}
const secs = Math.round((Date.now() - started) / 1000);
if (failed && !stats.failures.length) stats.failures.push(`${who}: stopped`);
// For the process that started the workers (runWorkers).
if (process.env.BANMEN_RANDOM_STATS_LINE) console.log(`random-stats ${JSON.stringify(stats)}`);
console.log(`random play: ${who}: ${stats.games} games (${stats.byRules} ended by the rules) in ${stats.rooms} rooms, ` +
  `${stats.plies} plies (${stats.clicks} click-click, ${stats.drags} drag-drop; ${stats.drops} drops, ` +
  `${stats.typeRunOuts} of them a hand type's last; ${stats.promotions} through the chooser) in ${secs} s, ` +
  `${stats.failures.length || (failed ? 1 : 0)} failures${failed ? ': FAILED' : ': ok'}`);
process.exit(failed ? 1 : 0);

// The line that plays the failing room again, alone: its worker, its entry, its visit.
function replayLine() {
  const label = where.label ?? where.game;
  const only = `^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  return `BANMEN_RANDOM_SEED=${seed} BANMEN_RANDOM_GAMES=8${workers > 1 ? ` BANMEN_RANDOM_WORKERS=${workers} BANMEN_RANDOM_WORKER=${worker}` : ''} ` +
    `BANMEN_RANDOM_MAX_PLIES=${maxPlies} BANMEN_RANDOM_ONLY='${only}' BANMEN_RANDOM_VISIT=${where.visit} node random.mjs <base url>`;
}

// The long run with n workers: n processes of this script side by side, each with its own
// browser and its share of the games; their lines are shown prefixed, their figures added.
async function runWorkers() {
  console.log(`random play: seed ${seed}, long run of ${longGames} games, ${workers} workers`);
  const totals = { failures: [], games: 0, plies: 0, drags: 0, clicks: 0, drops: 0, promotions: 0, typeRunOuts: 0, byRules: 0, rooms: 0 };
  const children = [];
  const stop = () => { for (const c of children) c.kill('SIGTERM'); };
  process.on('SIGTERM', () => { stop(); process.exit(1); });
  process.on('SIGINT', () => { stop(); process.exit(1); });
  const codes = await Promise.all([...Array(workers).keys()].map((k) => new Promise((resolve) => {
    const share = Math.floor(longGames / workers) + (k < longGames % workers ? 1 : 0);
    const child = spawn(process.execPath, [process.argv[1], base], {
      env: { ...process.env, BANMEN_RANDOM_SEED: String(seed), BANMEN_RANDOM_GAMES: String(share), BANMEN_RANDOM_WORKER: String(k), BANMEN_RANDOM_STATS_LINE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const lines = (stream, out) => {
      let rest = '';
      stream.on('data', (d) => {
        const parts = (rest + d).split('\n');
        rest = parts.pop();
        for (const line of parts) {
          if (line.startsWith('random-stats ')) {
            const s = JSON.parse(line.slice(13));
            for (const key of Object.keys(totals)) totals[key] = key === 'failures' ? totals.failures.concat(s.failures) : totals[key] + s[key];
          } else out.write(`[w${k}] ${line}\n`);
        }
      });
    };
    lines(child.stdout, process.stdout);
    lines(child.stderr, process.stderr);
    child.on('exit', (code) => resolve(code));
  })));
  const secs = Math.round((Date.now() - started) / 1000);
  const bad = codes.some((c) => c !== 0) || totals.failures.length > 0;
  console.log(`random play: seed ${seed}, ${workers} workers: ${totals.games} games (${totals.byRules} ended by the rules) in ${totals.rooms} rooms, ` +
    `${totals.plies} plies (${totals.clicks} click-click, ${totals.drags} drag-drop; ${totals.drops} drops, ` +
    `${totals.typeRunOuts} of them a hand type's last; ${totals.promotions} through the chooser) in ${secs} s, ` +
    `${totals.failures.length} failures${bad ? `:\n${totals.failures.join('\n')}\nFAILED` : ': ok'}`);
  process.exit(bad ? 1 : 0);
}

// One room of `entry` (its `visit`-th): the host creates it on the home page, the guest
// joins by the link, and they play `games` games (rematches swap the seats).
async function room(players, entry, visit, games, handicaps) {
  const [host, guest] = players;
  where.game = entry.label; where.label = entry.label; where.gameNo = 0; where.ply = 0; where.visit = visit;
  roomRandom(entry.label, visit);
  const index = Math.floor(rand() * 2);
  // Desktop and phone change hands from room to room.
  await host.page.setViewportSize(index % 2 ? PHONE : DESKTOP);
  await guest.page.setViewportSize(index % 2 ? DESKTOP : PHONE);
  const marks = players.map((p) => p.frames.length);
  const hp = host.page;
  await hp.goto(base);
  await hp.waitForSelector('[data-testid=server-version]', { state: 'attached' });
  await hp.fill('#nickname', 'Alice');
  await chooseGame(hp, entry.game);
  await hp.click('.chip:has(input[name=preset][value=none])');
  await hp.click(rand() < 0.5 ? 'label.side-first' : 'label.side-second');
  if (entry.handicap !== undefined) {
    const h = pick(handicaps.filter((v) => v && v !== 'even'));
    where.game = `${entry.label} ${h}`;
    await hp.selectOption('[data-testid=handicap]', h);
  }
  if (entry.position) {
    await hp.click('details.start-position summary');
    await hp.fill('[data-testid=start-position]', entry.position);
  }
  if (entry.variant) {
    await hp.fill('[data-testid=variant-text]', entry.variant);
    await until(async () => /tiny: 6×6/.test((await hp.locator('[data-testid=variant-status]').textContent()) ?? ''), 'the variant is accepted');
  }
  await hp.click('[data-testid=create-room]');
  await hp.waitForSelector('[data-testid=waiting]');
  const link = await hp.inputValue('[data-testid=share-link]');
  await guest.page.goto(link);
  // The first time the guest says a name; the browser remembers it for later links.
  await guest.page.waitForSelector('[data-testid=join-name], .room');
  if (await guest.page.locator('[data-testid=join-name]').count()) await joinAs(guest.page, 'Bob');
  const tracks = players.map((p, i) => Object.assign(new FrameTrack(p.frames), { cursor: marks[i] }));
  stats.rooms++;
  let gameNo = 0;
  for (let g = 0; g < games; g++) {
    if (g > 0) {
      await hp.click('[data-testid=rematch]');
      await guest.page.click('[data-testid=accept-rematch]');
    }
    await until(() => tracks.every((t) => t.sync().status === 'playing' && t.gameNo > gameNo && t.gameNo === tracks[0].gameNo), 'the game starts for both', WAIT_MS, FRAMES);
    gameNo = tracks[0].gameNo;
    where.gameNo = g + 1;
    await playGame(players, tracks, entry, g + index);
    stats.games++;
  }
}

// The server's form of a move as the other side receives it (dog-cat hides hidden drops).
function publicForm(move) {
  return move.replace(/^\?[KRBGS]\*/, '?*');
}

function isPromotion(kind, m) {
  if (kind === 'shogi') return m.endsWith('+');
  if (kind === 'chess') return m.length === 5;
  if (kind === 'fairy') return /^[a-l]\d+[a-l]\d+[a-z+-](,|$)/.test(m);
  return false;
}
function fromTo(m) {
  return m.replace(/[+a-z]$/, '');
}

// Drops first (most of the time), then promotions, else any legal move.
function chooseMove(kind, legal) {
  const drops = legal.filter(isDrop);
  if (drops.length && rand() < 0.7) return pick(drops);
  const promos = legal.filter((m) => isPromotion(kind, m));
  if (promos.length && rand() < 0.6) {
    const p = pick(promos);
    return pick(legal.filter((m) => fromTo(m) === fromTo(p)));
  }
  return pick(legal);
}

// Both pages draw what the server told each of them, within a few seconds (the two
// players look at their own screens at the same time).
async function checkViews(players, tracks, game, variant, kind) {
  await Promise.all([0, 1].map(async (i) => {
    const t = tracks[i].sync();
    let diff = [];
    const want = () => expectedView(game, variant, t.position);
    try {
      await until(async () => {
        diff = viewDiff(want(), await readDrawn(players[i].page, kind));
        return diff.length === 0;
      }, 'the board', 5000, PAGE);
    } catch {
      throw new Error(`${i ? 'guest' : 'host'} (seat ${t.seat}) does not show the server's position ${t.position}:\n  ${diff.join('\n  ')}`);
    }
  }));
}

// How long a game of the long run may be: three in four short (2 to 10 plies: many games
// and rooms, and the pasted full hands run types out within them), the fourth 2 to
// BANMEN_RANDOM_MAX_PLIES (hands grow again from captures).
function lengthCap() {
  const top = rand() < 0.25 ? maxPlies : Math.min(maxPlies, 10);
  return 2 + Math.floor(rand() * (top - 1));
}

async function playGame(players, tracks, entry, round) {
  const game = tracks[0].snapshot.game.id;
  const variant = tracks[0].snapshot.game.variant ?? null;
  const bk = boardKind(game) ?? { kind: 'fairy', files: variant.files, ranks: variant.ranks };
  const kind = bk.kind;
  // Long games would take the time of many short ones: a cap, then the player to move resigns.
  const cap = longGames ? lengthCap() : entry.position ? 20 : 8;
  const moved = [0, 0];
  for (let i = 0; i < 2; i++) {
    const seat = tracks[i].seat;
    await until(async () => (await readBottomSeat(players[i].page, kind)) === seat, `${i ? 'guest' : 'host'} sees its own side (seat ${seat}) at the bottom`, WAIT_MS, PAGE);
  }
  where.ply = 0;
  await checkViews(players, tracks, game, variant, kind);
  for (;;) {
    tracks.forEach((t) => t.sync());
    if (tracks[0].status === 'over') break;
    const ply = tracks[0].ply;
    where.ply = ply + 1;
    const mi = await until(() => {
      tracks.forEach((t) => t.sync());
      if (tracks[0].status === 'over') return -1;
      const i = tracks.findIndex((t) => t.ply === ply && t.myTurn());
      return i >= 0 ? i + 1 : null;
    }, 'a player to move', WAIT_MS, FRAMES) - 1;
    if (mi < 0) break;
    const mover = players[mi], mt = tracks[mi], other = tracks[1 - mi];
    // A person moves once the page says it is their turn.
    await mover.page.waitForSelector('[data-testid=status].my-turn', { state: 'attached' });
    if (ply >= cap) {
      await endByHand(mover.page);
      break;
    }
    const legal = mt.legal;
    const move = chooseMove(kind, legal);
    const drag = (moved[mi] + round) % 2 === 1;
    moved[mi]++;
    const own = expectedView(game, variant, mt.position);
    if (isDrop(move)) {
      stats.drops++;
      const role = /^\?/.test(move) ? null : move[0];
      const myColor = mt.seat === 0 ? 'sente' : 'gote';
      const hand = own.hands.filter((h) => h.startsWith(`${myColor} `) && !h.includes('hidden'));
      const last = role && hand.some((h) => h.split(' ')[1] === { P: 'pawn', L: 'lance', N: 'knight', S: 'silver', G: 'gold', B: 'bishop', R: 'rook', K: 'king' }[role] && h.endsWith(' 1'));
      if (last && hand.length > 1) stats.typeRunOuts++;
    }
    const errorsBefore = mt.errors.length;
    const how = await playByPointer(mover.page, move, {
      game, kind, files: bk.files, ranks: bk.ranks, legal, drag,
      myColor: mt.seat === 0 ? 'sente' : 'gote',
      roleAt: (sq) => own.board.find((x) => x.startsWith(`${sq} `))?.split(' ').slice(2).join(' ') ?? '',
      answered: () => !!mt.sync().moves[ply + 1] || mt.errors.length > errorsBefore,
    });
    stats[how === 'drag' ? 'drags' : 'clicks']++;
    if (legal.filter((m) => fromTo(m) === fromTo(move)).length > 1 && !isDrop(move)) stats.promotions++;
    await until(() => mt.sync().moves[ply + 1] || mt.errors.length > errorsBefore, `the server to record ${move} (${how})`, WAIT_MS, FRAMES);
    check(mt.errors.length === errorsBefore, `${move} (${how}) was refused: ${JSON.stringify(mt.errors.at(-1))}`);
    const recorded = mt.moves[ply + 1].move;
    check(recorded === move, `meant ${move} by ${how}, the server recorded ${recorded}`);
    await until(() => other.sync().moves[ply + 1], 'the move to reach the other player', WAIT_MS, FRAMES);
    check(other.moves[ply + 1].move === publicForm(move), `the other player was told ${other.moves[ply + 1].move} for ${move}`);
    stats.plies++;
    await checkViews(players, tracks, game, variant, kind);
  }
  tracks.forEach((t) => t.sync());
  if (tracks[0].gameOver?.reason && !['resignation', 'aborted'].includes(tracks[0].gameOver.reason)) stats.byRules++;
  await until(() => tracks.every((t) => t.sync().status === 'over'), 'the game to end for both', WAIT_MS, FRAMES);
  where.ply = tracks[0].ply;
  await checkViews(players, tracks, game, variant, kind); // the end reveals dog-cat's hidden pieces
  // Each player closes the result on their own screen.
  await Promise.all(players.map(async (p) => {
    await p.page.waitForSelector('[data-testid=result-dialog]');
    await p.page.click('dialog.result-dialog button.close');
  }));
  check(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
}

// The player to move ends the game: abort before both have moved, else resign.
async function endByHand(page) {
  if (await page.locator('[data-testid=abort]').count()) {
    await page.click('[data-testid=abort]');
    return;
  }
  await page.click('[data-testid=resign]');
  await page.click('dialog.choice-dialog button[data-choice=yes]');
}
