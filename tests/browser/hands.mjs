// The pieces in hand as players touch them: once one type has run out, clicking or dragging
// another type must pick exactly that type, in shogi (both players, both orientations), in
// minishogi from gote's side and in dog-cat (face-down drops), on a desktop and a phone.
// After each drop the test reads the move the server recorded from the page's own frames.
// Usage: node hands.mjs <base url>   (exit 0 on success)
import { launch, newPlayer, joinAs, until, check, pageProblems, squareCenter, shot, chooseGame } from './lib.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';
const ROLE = { P: 'pawn', L: 'lance', N: 'knight', S: 'silver', G: 'gold', B: 'bishop', R: 'rook' };
const HIDDEN = { R: 'hidden-rook', B: 'hidden-bishop', G: 'hidden-gold', S: 'hidden-silver', K: 'hidden-king' };

// The moves the server announced to this page, in order (the `move` events).
function recorded(frames) {
  return frames.map((f) => { try { return JSON.parse(f); } catch { return null; } })
    .filter((m) => m && m.type === 'move').map((m) => m.move);
}

async function room(browser, game, position, viewport) {
  const host = await newPlayer(browser, base, { name: `${game}-host`, viewport });
  await host.page.waitForSelector('[data-testid=server-version]', { state: 'attached' });
  await host.page.fill('#nickname', 'Hana');
  await chooseGame(host.page, game);
  if (position) {
    await host.page.click('details.start-position summary');
    await host.page.fill('[data-testid=start-position]', position);
  }
  await host.page.click('label.side-first');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  const link = await host.page.inputValue('[data-testid=share-link]');
  const guest = await newPlayer(browser, link, { name: `${game}-guest`, viewport });
  await joinAs(guest.page, 'Sensei');
  return [host, guest];
}

// Plays `move` (a drop "X*sq" or a board move) by pointer once the page has seen the `ply`
// moves before it (as a person waits to see the opponent's move), then waits until the
// server's move event reaches the page and checks it is exactly `move`.
async function play(player, game, move, how, ply, hidden = false) {
  await until(async () => recorded(player.frames).length === ply, `${move}: the page has seen ${ply} moves`);
  const before = ply;
  const drop = /^([A-Z])\*(\d[a-i])$/.exec(move);
  if (drop) {
    const role = hidden ? HIDDEN[drop[1]] : ROLE[drop[1]];
    const piece = player.page.locator(`.pb-bottom sg-hp-wrap piece.${role}`);
    const to = await squareCenter(player.page, game, drop[2]);
    if (how === 'drag') {
      const a = await piece.boundingBox();
      await player.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await player.page.mouse.down();
      await player.page.mouse.move(to.x, to.y, { steps: 6 });
      await player.page.mouse.up();
    } else {
      await piece.click();
      await until(async () => (await player.page.locator(`.pb-bottom sg-hp-wrap.selected piece.${role}`).count()) === 1, `${move}: the ${role} is the piece selected`);
      await player.page.mouse.click(to.x, to.y);
    }
  } else {
    const a = await squareCenter(player.page, game, move.slice(0, 2));
    const b = await squareCenter(player.page, game, move.slice(2, 4));
    await player.page.mouse.click(a.x, a.y);
    await player.page.mouse.click(b.x, b.y);
  }
  await until(async () => recorded(player.frames).length > before, `${move} is answered`);
  const got = recorded(player.frames)[before];
  check(got === (hidden && drop ? `?${move}` : move), `the server recorded ${got}, the player meant ${move}`);
}

const browser = await launch();
let failed = false;
try {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    // Shogi: Black holds one of each; the rook goes first, so every later pick is taken
    // from a hand whose first slot has gone. White answers with king moves.
    const [b, w] = await room(browser, 'shogi', '4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1', viewport);
    const blackDrops = ['R*9i', 'B*1a', 'G*2i', 'S*3i', 'N*4g', 'L*6i', 'P*1e'];
    const kingWalk = ['5a4a', '4a5a', '5a4a', '4a5a', '5a4a', '4a5a'];
    let ply = 0;
    for (let i = 0; i < blackDrops.length; i++) {
      await play(b, 'shogi', blackDrops[i], i % 2 ? 'drag' : 'click', ply++);
      if (i < kingWalk.length) await play(w, 'shogi', kingWalk[i], 'click', ply++);
    }
    await shot(b.page, `hands-shogi-${viewport.width}`);
    await b.ctx.close();
    await w.ctx.close();
  }
  // Minishogi, the moves: gote captures, drops its rook, and its bishop is then taken
  // from a hand of one type (gote sees the board from its side).
  const [s, g] = await room(browser, 'minishogi', null, { width: 1280, height: 900 });
  const line = [[s, '1e1b'], [g, '2a1b'], [s, '2e5b'], [g, '5a5b'], [s, '5d5c']];
  let ply = 0;
  for (const [who, move] of line) await play(who, 'minishogi', move, 'click', ply++);
  await play(g, 'minishogi', 'R*3c', 'drag', ply++);
  await play(s, 'minishogi', '4e4d', 'click', ply++);
  await play(g, 'minishogi', 'B*2c', 'click', ply++);
  await s.ctx.close();
  await g.ctx.close();
  check(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
  console.log('hands: every drop picked the piece the player touched: ok');
} catch (e) {
  failed = true;
  console.error('FAILED:', e.stack ?? e);
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `hands-fail-${i}`).catch(() => {});
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
