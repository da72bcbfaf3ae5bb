// Pointer input as a person gives it, for the random-play proof (random.mjs): the mouse
// goes to where a square or a hand piece is drawn, then clicks twice (piece, square) or
// presses, drags and lets go; promotions are picked in the chooser the board shows. Each
// step waits for what a person would wait for (the chooser to appear), never for time.
import { until } from './lib.mjs';
import { PROMOTED } from './random-views.mjs';

const DROP_ROLE = { P: 'pawn', L: 'lance', N: 'knight', S: 'silver', G: 'gold', B: 'bishop', R: 'rook', K: 'king' };
const HIDDEN_ROLE = { K: 'hidden-king', R: 'hidden-rook', B: 'hidden-bishop', G: 'hidden-gold', S: 'hidden-silver' };

export const isDrop = (m) => m.includes('*');

// A rectangle's centre, once the element is on screen: a person scrolls to what they
// want to touch (only when it is out of view).
async function centreOf(page, selector) {
  const loc = page.locator(selector).first();
  await loc.waitFor({ state: 'visible' });
  let b = await loc.boundingBox();
  const vp = page.viewportSize();
  let scrolled = false;
  // Out of the window, or under something drawn over it (the sticky top bar): scroll.
  const covered = async () => !(await loc.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x, y)), [b.x + b.width / 2, b.y + b.height / 2]));
  if (!b || b.y < 0 || b.x < 0 || b.y + b.height > vp.height || b.x + b.width > vp.width || (await covered())) {
    await loc.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
    b = await loc.boundingBox();
    scrolled = true;
  }
  return { x: b.x + b.width / 2, y: b.y + b.height / 2, scrolled };
}

// Where to press and where to let go (or click twice). Bringing the second into view may
// scroll the page under the first: then both are measured again.
async function twoPoints(first, second) {
  for (let i = 0; ; i++) {
    const a = await first();
    const b = await second();
    if (!b.scrolled || i === 2) return [a, b];
  }
}

// Where a square is drawn. The whole board is brought into view first.
async function squareAt(page, kind, files, ranks, key, tries = 0) {
  if (kind === 'reversi' || kind === 'fairy-grid') {
    const grid = kind === 'reversi' ? '.rv-cell' : '.fairy-grid [data-square]';
    return centreOf(page, `.board-wrap ${grid}[data-square="${key}"]`);
  }
  const sel = kind === 'shogi' ? '.board-wrap sg-squares' : '.board-wrap cg-board';
  const { scrolled } = await centreOf(page, sel);
  const box = await page.locator(sel).first().boundingBox();
  const flipped = (await page.locator(kind === 'shogi' ? '.board-wrap .sg-wrap.orientation-gote' : '.board-wrap .cg-wrap.orientation-black').count()) > 0;
  let col, row;
  if (kind === 'shogi') {
    const file = Number(key[0]), rank = key.charCodeAt(1) - 96;
    col = flipped ? file - 1 : files - file;
    row = flipped ? ranks - rank : rank - 1;
  } else {
    const m = /^([a-l])(\d+)$/.exec(key);
    const f = m[1].charCodeAt(0) - 97, r = Number(m[2]) - 1;
    col = flipped ? files - 1 - f : f;
    row = flipped ? r : ranks - 1 - r;
  }
  const p = { x: box.x + (col + 0.5) * box.width / files, y: box.y + (row + 0.5) * box.height / ranks, scrolled };
  // The square under something drawn over the board (the sticky top bar): the board to the
  // middle of the window, and measure again.
  const onBoard = await page.locator('.board-wrap').first().evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x, y)), [p.x, p.y]);
  if (!onBoard && tries < 2) {
    await page.locator(sel).first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
    return { ...(await squareAt(page, kind, files, ranks, key, tries + 1)), scrolled: true };
  }
  return p;
}

async function clickAt(page, p) {
  await page.mouse.click(p.x, p.y);
}

async function dragFromTo(page, a, b) {
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
}

// Plays `move` for the player on `page`. `ctx`: { game, kind, files, ranks, myColor,
// roleAt(square) (the player's own view of the piece there), legal (the server's list),
// drag (drag-drop or click-click), answered() (true once the server has answered) }.
// Returns how it was played, for the log.
export async function playByPointer(page, move, ctx) {
  const { kind, files, ranks } = ctx;
  if (kind === 'reversi') {
    if (move === 'pass') await clickAt(page, await centreOf(page, '[data-testid=pass]'));
    else await clickAt(page, await squareAt(page, 'reversi', 8, 8, move));
    return 'click';
  }
  if (kind === 'fairy') {
    const m = /^([a-l]\d+)([a-l]\d+)(.*)$/.exec(move);
    if (!m) throw new Error(`cannot play ${move} on a fairy board`);
    // Drag where the board takes it (a chessground board); the grid of buttons takes taps.
    const dragging = ctx.drag && (await page.locator('.board-wrap cg-board').count()) > 0;
    const grid = dragging ? 'chess' : 'fairy-grid';
    const a = await squareAt(page, grid, files, ranks, m[1]);
    if (dragging) await dragFromTo(page, ...(await twoPoints(() => squareAt(page, grid, files, ranks, m[1]), () => squareAt(page, grid, files, ranks, m[2]))));
    else {
      await clickAt(page, a);
      await page.locator(`.fairy-grid [data-square="${m[2]}"].dest`).waitFor();
      await clickAt(page, await squareAt(page, grid, files, ranks, m[2]));
    }
    if (ctx.legal.filter((x) => x.startsWith(m[1] + m[2])).length > 1) await pickInDialog(page, move, ctx);
    return dragging ? 'drag' : 'click';
  }
  if (kind === 'chess') {
    const from = move.slice(0, 2), to = move.slice(2, 4), promo = move[4];
    const [a, b] = await twoPoints(() => squareAt(page, 'chess', 8, 8, from), () => squareAt(page, 'chess', 8, 8, to));
    if (ctx.drag) await dragFromTo(page, a, b);
    else { await clickAt(page, a); await clickAt(page, b); }
    if (promo) await pickInDialog(page, promo, ctx);
    return ctx.drag ? 'drag' : 'click';
  }
  // The shogi family.
  const drop = /^(\?)?([PLNSGBRK])\*(\d[a-i])$/.exec(move);
  if (drop) {
    const role = drop[1] ? HIDDEN_ROLE[drop[2]] : DROP_ROLE[drop[2]];
    const [a, b] = await twoPoints(() => centreOf(page, `.pb-bottom sg-hand sg-hp-wrap piece.${ctx.myColor}.${role}`),
      () => squareAt(page, 'shogi', files, ranks, drop[3]));
    if (ctx.drag) await dragFromTo(page, a, b);
    else { await clickAt(page, a); await clickAt(page, b); }
    return ctx.drag ? 'drag' : 'click';
  }
  const m = /^(\d[a-i])(\d[a-i])(\+?)$/.exec(move);
  if (!m) throw new Error(`cannot play ${move}`);
  const [a, b] = await twoPoints(() => squareAt(page, 'shogi', files, ranks, m[1]), () => squareAt(page, 'shogi', files, ranks, m[2]));
  if (ctx.drag) await dragFromTo(page, a, b);
  else { await clickAt(page, a); await clickAt(page, b); }
  // Both forms legal: shogiground asks on the board (the promoted piece and the piece).
  const both = ctx.legal.includes(m[1] + m[2]) && ctx.legal.includes(`${m[1]}${m[2]}+`);
  if (both) {
    const role = ctx.roleAt(m[1]);
    const base = role.replace(/^hidden-(\w+)-[cn]$/, '$1');
    const want = m[3] ? PROMOTED[base] : role;
    const choice = `.board-wrap sg-promotion-choices piece.${want}`;
    const shown = await until(async () => ((await page.locator(choice).count()) ? 'chooser' : ctx.answered() ? 'answered' : null),
      `the promotion chooser for ${move}`);
    if (shown === 'chooser') await clickAt(page, await centreOf(page, choice));
  }
  return ctx.drag ? 'drag' : 'click';
}

// The chess and fairy chooser: a dialog of buttons, one per piece (or promote / not).
async function pickInDialog(page, value, ctx) {
  const sel = `dialog.choice-dialog[open] button[data-choice="${value}"]`;
  const shown = await until(async () => ((await page.locator(sel).count()) ? 'dialog' : ctx.answered() ? 'answered' : null),
    `the promotion dialog offering ${value}`);
  if (shown === 'dialog') await clickAt(page, await centreOf(page, sel));
}
