// Pointer input as a person gives it, for the random-play proof (random.mjs): the mouse
// goes to where a square or a hand piece is drawn, then clicks twice (piece, square) or
// presses, drags and lets go; promotions are picked in the chooser the board shows. Each
// step waits for what a person would wait for (the chooser to appear), never for time.
import { until, WAIT_MS } from './lib.mjs';
import { PROMOTED } from './random-views.mjs';

const DROP_ROLE = { P: 'pawn', L: 'lance', N: 'knight', S: 'silver', G: 'gold', B: 'bishop', R: 'rook', K: 'king' };
const HIDDEN_ROLE = { K: 'hidden-king', R: 'hidden-rook', B: 'hidden-bishop', G: 'hidden-gold', S: 'hidden-silver' };

export const isDrop = (m) => m.includes('*') || m.includes('@');

// Where to touch, measured in the page in one step (each step to the browser costs time
// on a loaded machine; a person measures with the eye, not in round trips). A spec is
// { el: selector } (an element's centre) or { board, flipped, shogi, files, ranks, key }
// (a square's centre on the board's rectangle). Null while an element is not shown yet.
function measure(specs) {
  const shown = (el) => {
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const centre = (el) => {
    const b = el.getBoundingClientRect();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  // A person scrolls to what they want to touch when it is out of the window or under
  // something drawn over it (the sticky top bar).
  const bringIntoView = (el) => {
    const b = el.getBoundingClientRect();
    const c = centre(el);
    const out = b.y < 0 || b.x < 0 || b.y + b.height > innerHeight || b.x + b.width > innerWidth;
    if (!out && el.contains(document.elementFromPoint(c.x, c.y))) return false;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    return true;
  };
  const one = (s) => {
    if (s.el) {
      const el = document.querySelector(s.el);
      if (!el || !shown(el)) return null;
      const scrolled = bringIntoView(el);
      return { ...centre(el), scrolled };
    }
    const board = document.querySelector(s.board);
    if (!board || !shown(board)) return null;
    let scrolled = bringIntoView(board);
    for (let tries = 0; ; tries++) {
      const box = board.getBoundingClientRect();
      const flipped = !!document.querySelector(s.flipped);
      let col, row;
      if (s.shogi) {
        const file = Number(s.key[0]), rank = s.key.charCodeAt(1) - 96;
        col = flipped ? file - 1 : s.files - file;
        row = flipped ? s.ranks - rank : rank - 1;
      } else {
        const m = /^([a-l])(\d+)$/.exec(s.key);
        const f = m[1].charCodeAt(0) - 97, r = Number(m[2]) - 1;
        col = flipped ? s.files - 1 - f : f;
        row = flipped ? r : s.ranks - 1 - r;
      }
      const p = { x: box.x + (col + 0.5) * box.width / s.files, y: box.y + (row + 0.5) * box.height / s.ranks, scrolled };
      // The square under something drawn over the board: the board to the middle of the
      // window, and measure again.
      if (document.querySelector('.board-wrap').contains(document.elementFromPoint(p.x, p.y)) || tries === 2) return p;
      board.scrollIntoView({ block: 'center' });
      scrolled = true;
    }
  };
  // Bringing a later point into view may scroll the page under an earlier one: then all
  // are measured again.
  for (let i = 0; ; i++) {
    const points = specs.map(one);
    if (points.includes(null)) return null;
    if (!points.slice(1).some((p) => p.scrolled) || i === 2) return points;
  }
}

// The points of `specs` once all are shown (as a person waits for them to appear).
async function pointsOf(page, ...specs) {
  return until(() => page.evaluate(measure, specs), `${specs.map((s) => s.el ?? s.key).join(' and ')} shown`, WAIT_MS, 5);
}

// A square of the board (kind: shogi, chess, reversi or fairy-grid) as a spec for measure().
function square(kind, files, ranks, key) {
  if (kind === 'reversi') return { el: `.board-wrap .rv-cell[data-square="${key}"]` };
  if (kind === 'fairy-grid') return { el: `.board-wrap .fairy-grid [data-square="${key}"]` };
  const shogi = kind === 'shogi';
  return {
    board: shogi ? '.board-wrap sg-squares' : '.board-wrap cg-board',
    flipped: shogi ? '.board-wrap .sg-wrap.orientation-gote' : '.board-wrap .cg-wrap.orientation-black',
    shogi, files, ranks, key,
  };
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
    const [p] = await pointsOf(page, move === 'pass' ? { el: '[data-testid=pass]' } : square('reversi', 8, 8, move));
    await clickAt(page, p);
    return 'click';
  }
  if (kind === 'fairy') {
    const drop = /^(\+?)([A-Z])@([a-l]\d+)$/.exec(move);
    const m = /^([a-l]\d+)([a-l]\d+)([^,]*)(?:,([a-l]\d+)([a-l]\d+))?$/.exec(move);
    if (!drop && !m) throw new Error(`cannot play ${move} on a fairy board`);
    // The board's own first part of the move (a drop or a move with its promotion or
    // gate): more than one legal move with the same input is picked in the chooser.
    const firstPart = (x) => x.split(',')[0];
    const input = (x) => firstPart(x).replace(/^\+/, '').replace(/[a-z+-]$/, '');
    const choices = new Set(ctx.legal.filter((x) => input(x) === input(move)).map(firstPart));
    if (m && m[1] === m[2] && !m[4]) {
      // A pass: the king to its own square, the board's pass button.
      await clickAt(page, (await pointsOf(page, { el: '.fairy-board [data-testid=pass]' }))[0]);
      return 'click';
    }
    // Drag where the board takes it (a chessground board); the grid of buttons takes taps.
    const dragging = !drop && ctx.drag && (await page.locator('.board-wrap cg-board').count()) > 0;
    const grid = dragging ? 'chess' : 'fairy-grid';
    const from = drop ? { el: `.board-wrap .fairy-pocket [data-pocket-piece="${drop[2]}"][data-movable]` } : square(grid, files, ranks, m[1]);
    const to = drop ? drop[3] : m[2];
    if (dragging) await dragFromTo(page, ...(await pointsOf(page, from, square(grid, files, ranks, to))));
    else {
      await clickAt(page, (await pointsOf(page, from))[0]);
      await page.locator(`.fairy-grid [data-square="${to}"].dest`).waitFor();
      await clickAt(page, (await pointsOf(page, square(grid, files, ranks, to)))[0]);
    }
    if (choices.size > 1) await pickInDialog(page, firstPart(move), ctx);
    if (m?.[4]) {
      // The wall's square, once the board offers it.
      await page.locator(`.fairy-grid [data-square="${m[5]}"].dest`).waitFor();
      await clickAt(page, (await pointsOf(page, square(grid, files, ranks, m[5])))[0]);
    }
    return dragging ? 'drag' : 'click';
  }
  if (kind === 'chess') {
    const from = move.slice(0, 2), to = move.slice(2, 4), promo = move[4];
    const [a, b] = await pointsOf(page, square('chess', 8, 8, from), square('chess', 8, 8, to));
    if (ctx.drag) await dragFromTo(page, a, b);
    else { await clickAt(page, a); await clickAt(page, b); }
    if (promo) await pickInDialog(page, promo, ctx);
    return ctx.drag ? 'drag' : 'click';
  }
  // The shogi family.
  const drop = /^(\?)?([PLNSGBRK])\*(\d[a-i])$/.exec(move);
  if (drop) {
    const role = drop[1] ? HIDDEN_ROLE[drop[2]] : DROP_ROLE[drop[2]];
    const [a, b] = await pointsOf(page, { el: `.pb-bottom sg-hand sg-hp-wrap piece.${ctx.myColor}.${role}` },
      square('shogi', files, ranks, drop[3]));
    if (ctx.drag) await dragFromTo(page, a, b);
    else { await clickAt(page, a); await clickAt(page, b); }
    return ctx.drag ? 'drag' : 'click';
  }
  const m = /^(\d[a-i])(\d[a-i])(\+?)$/.exec(move);
  if (!m) throw new Error(`cannot play ${move}`);
  const [a, b] = await pointsOf(page, square('shogi', files, ranks, m[1]), square('shogi', files, ranks, m[2]));
  if (ctx.drag) await dragFromTo(page, a, b);
  else { await clickAt(page, a); await clickAt(page, b); }
  // Both forms legal: shogiground asks on the board (the promoted piece and the piece).
  const both = ctx.legal.includes(m[1] + m[2]) && ctx.legal.includes(`${m[1]}${m[2]}+`);
  if (both) {
    const role = ctx.roleAt(m[1]);
    const base = role.replace(/^hidden-(\w+)-[cn]$/, '$1');
    const want = m[3] ? PROMOTED[base] : role;
    const choice = `.board-wrap sg-promotion-choices piece.${want}`;
    const shown = await until(async () => ((await page.evaluate(measure, [{ el: choice }])) ?? (ctx.answered() ? 'answered' : null)),
      `the promotion chooser for ${move}`, WAIT_MS, 5);
    if (shown !== 'answered') await clickAt(page, shown[0]);
  }
  return ctx.drag ? 'drag' : 'click';
}

// The chess and fairy chooser: a dialog of buttons, one per piece (or promote / not).
async function pickInDialog(page, value, ctx) {
  const sel = `dialog.choice-dialog[open] button[data-choice="${value}"]`;
  const shown = await until(async () => ((await page.evaluate(measure, [{ el: sel }])) ?? (ctx.answered() ? 'answered' : null)),
    `the promotion dialog offering ${value}`, WAIT_MS, 5);
  if (shown !== 'answered') await clickAt(page, shown[0]);
}
