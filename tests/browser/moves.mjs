// Plays one move the way a person would: drag or click on the board, a hand piece then a
// square for drops, the promotion choice when the board asks, the pass button in reversi.
import { clickSquare, dragSquare, squareCenter } from './lib.mjs';

const DROP_ROLE = { P: 'pawn', L: 'lance', N: 'knight', S: 'silver', G: 'gold', B: 'bishop', R: 'rook', K: 'king' };
const HIDDEN_ROLE = { K: 'hidden-king', R: 'hidden-rook', B: 'hidden-bishop', G: 'hidden-gold', S: 'hidden-silver' };

const SIX_GAMES = new Set(['shogi', 'minishogi', 'dogcat', 'hasami', 'chess', 'reversi']);

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
    // A fairy-chess variant on the board's own grid: squares named as in chess (a1..l10),
    // a promotion picked in the dialog by the piece's letter or "+".
    const fm = /^([a-l]\d+)([a-l]\d+)([a-z+]?)$/.exec(move);
    if (!fm) throw new Error(`cannot play ${move}`);
    await page.click(`.fairy-grid [data-square=${fm[1]}]`);
    await page.waitForSelector(`.fairy-grid [data-square=${fm[2]}].dest`);
    await page.click(`.fairy-grid [data-square=${fm[2]}]`);
    if (fm[3]) await page.click(`dialog.choice-dialog button[data-choice="${fm[3]}"]`);
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
  // shogiground asks on the board when promotion is optional: promoted piece first.
  const choices = page.locator('sg-promotion-choices piece');
  await page.waitForTimeout(80);
  if ((await choices.count()) && (await choices.first().isVisible())) await choices.nth(m[3] ? 0 : 1).click();
}

async function clickThen(page, game, a, b) {
  await clickSquare(page, game, a);
  await clickSquare(page, game, b);
}
