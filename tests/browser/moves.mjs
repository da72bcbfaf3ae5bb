// Plays one move the way a person would: drag or click on the board, a hand piece then a
// square for drops, the promotion choice when the board asks, the pass button in reversi.
import { clickSquare, dragSquare, squareCenter, until } from './lib.mjs';

const DROP_ROLE = { P: 'pawn', L: 'lance', N: 'knight', S: 'silver', G: 'gold', B: 'bishop', R: 'rook', K: 'king' };
const HIDDEN_ROLE = { K: 'hidden-king', R: 'hidden-rook', B: 'hidden-bishop', G: 'hidden-gold', S: 'hidden-silver' };

const SIX_GAMES = new Set(['shogi', 'minishogi', 'dogcat', 'hasami', 'chess', 'reversi']);

// `useDrag`: false clicks, true drags with the mouse; on fairy boards also 'touch', a drag
// with a finger, and 'tap', two taps (the page's context needs hasTouch).
export async function playMove(page, game, move, useDrag) {
  if (game === 'reversi') {
    if (move === 'pass') await page.click('[data-testid=pass]');
    else await clickSquare(page, game, move);
    return;
  }
  if (game === 'chess') {
    const from = move.slice(0, 2), to = move.slice(2, 4), promo = move[4];
    await (useDrag ? dragSquare(page, game, from, to) : clickThen(page, game, from, to));
    if (promo) await page.click(`dialog.choice-dialog button[data-choice=${promo}]`);
    return;
  }
  if (!SIX_GAMES.has(game)) {
    await playFairyMove(page, move, useDrag);
    return;
  }
  const drop = /^(\?)?([PLNSGBRK])\*(\d[a-i])$/.exec(move);
  if (drop) {
    const role = drop[1] ? HIDDEN_ROLE[drop[2]] : DROP_ROLE[drop[2]];
    const piece = page.locator(`.pb-bottom sg-hp-wrap piece.${role}`);
    if (useDrag) {
      const a = await piece.boundingBox();
      const b = await squareCenter(page, game, drop[3]);
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(b.x, b.y, { steps: 6 });
      await page.mouse.up();
    } else {
      await piece.click();
      await clickSquare(page, game, drop[3]);
    }
    return;
  }
  const m = /^(\d[a-i])(\d[a-i])(\+?)$/.exec(move);
  if (!m) throw new Error(`cannot play ${move}`);
  await (useDrag ? dragSquare(page, game, m[1], m[2]) : clickThen(page, game, m[1], m[2]));
  // shogiground asks on the board when promotion is optional (promoted piece first). It
  // draws in the animation frame after the input, so two frames on, the chooser is either
  // shown or not coming.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const choices = page.locator('sg-promotion-choices piece');
  if ((await choices.count()) && (await choices.first().isVisible())) await choices.nth(m[3] ? 0 : 1).click();
}

async function clickThen(page, game, a, b) {
  await clickSquare(page, game, a);
  await clickSquare(page, game, b);
}

// The grid is drawn again after a move: a square measured while it is replaced has no
// box, so wait until the square is on screen, as a person would.
async function fairyCentre(page, key) {
  const b = await until(async () => {
    await page.locator('.fairy-grid').scrollIntoViewIfNeeded();
    return page.locator(`.fairy-grid [data-square=${key}]`).boundingBox();
  }, `square ${key} on the board`);
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

// Presses the piece, waits until it is picked up, drags it over the destination until the
// square lights up under the piece that follows the pointer, and lets go.
async function fairyMouseDrag(page, from, to) {
  const a = await fairyCentre(page, from);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.waitForSelector(`.fairy-grid [data-square=${from}].selected`);
  const b = await fairyCentre(page, to);
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.waitForSelector('[data-testid=drag-ghost]');
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.waitForSelector(`.fairy-grid [data-square=${to}].drag-over`);
  await page.mouse.up();
}

// The same with a finger, through Chromium's touch input (playwright has taps only).
const touchSessions = new WeakMap();
async function fairyTouchDrag(page, from, to) {
  let cdp = touchSessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    touchSessions.set(page, cdp);
  }
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
  const a = await fairyCentre(page, from);
  const b = await fairyCentre(page, to);
  await touch('touchStart', a);
  await page.waitForSelector(`.fairy-grid [data-square=${from}].selected`);
  for (let i = 1; i <= 8; i++) await touch('touchMove', { x: a.x + ((b.x - a.x) * i) / 8, y: a.y + ((b.y - a.y) * i) / 8 });
  await page.waitForSelector('[data-testid=drag-ghost]');
  await page.waitForSelector(`.fairy-grid [data-square=${to}].drag-over`);
  await touch('touchEnd', null);
}

// A fairy-chess variant on the board's own grid: squares named as in chess (a1..l10). A
// drop ("N@e4", "+P@a2" dropped promoted) takes the piece from the player's pocket; a
// move that also places a wall ("e2e4,e4d5") is the move, then the wall's square; a pass
// (the king to its own square) is the pass button; a promotion, a gate ("b1c3e") or a
// shogi-like promotion ("a1a2+") is picked in the chooser when the board asks (each
// choice is the whole move).
async function playFairyMove(page, move, useDrag) {
  const sq = (k) => `.fairy-grid [data-square=${k}]`;
  const drop = /^(\+?)([A-Z])@([a-l]\d+)$/.exec(move);
  const fm = /^([a-l]\d+)([a-l]\d+)([a-z+-]?)(?:,([a-l]\d+)([a-l]\d+))?$/.exec(move);
  if (!drop && !fm) throw new Error(`cannot play ${move}`);
  if (fm && fm[1] === fm[2] && !fm[4]) {
    await page.click('.fairy-board [data-testid=pass]');
    return;
  }
  if (drop) {
    const piece = page.locator(`.fairy-pocket [data-pocket-piece=${drop[2]}][data-movable]`);
    await piece.waitFor();
    if (useDrag === true) {
      // The pocket (beside the board) in view, then the square where it is now.
      await piece.scrollIntoViewIfNeeded();
      const a = await piece.boundingBox();
      const b = await page.locator(sq(drop[3])).boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
      await page.mouse.up();
    } else {
      await piece.click();
      await page.waitForSelector(`${sq(drop[3])}.dest`);
      await page.click(sq(drop[3]));
    }
  } else {
    // The piece can move: the board shows it grabbable (the legal moves are in).
    await page.waitForSelector(`${sq(fm[1])}[data-movable]`);
    if (useDrag === 'touch') await fairyTouchDrag(page, fm[1], fm[2]);
    else if (useDrag === 'tap') {
      await page.tap(sq(fm[1]));
      await page.waitForSelector(`${sq(fm[2])}.dest`);
      await page.tap(sq(fm[2]));
    } else if (useDrag) await fairyMouseDrag(page, fm[1], fm[2]);
    else {
      await page.click(sq(fm[1]));
      await page.waitForSelector(`${sq(fm[2])}.dest`);
      await page.click(sq(fm[2]));
    }
  }
  // The board opens its chooser in the same event as the input that completes the move,
  // so it is there now or not at all.
  const chooser = page.locator(`dialog.choice-dialog button[data-choice="${move.split(',')[0]}"]`);
  if (fm?.[3] || drop?.[1] || (await chooser.count())) {
    if (await page.locator('dialog.choice-dialog[open]').count()) await chooser.click();
  }
  if (fm?.[4]) {
    await page.waitForSelector(`${sq(fm[5])}.dest`);
    await page.click(sq(fm[5]));
  }
}
