// Fairy chess in the browser: two players (two Chromium contexts) play a Capablanca game
// on the 10x8 board to checkmate by dragging the pieces with the mouse (a drop on an
// illegal square and a drag back to its own square first), then the host writes a variant
// of their own on the home page (the live check shows a broken line, then the preview),
// creates a room with it and the two play it to checkmate too, by drags; then two phones
// play Capablanca with the finger. After each game the server's record (the page's
// WebSocket frames) must be exactly the moves meant. Both see the right result each time.
// Usage: node fairy.mjs <base url>   (exit 0 on success; screenshots in ARTIFACTS)
import { launch, newPlayer, shot, until, check, pageProblems, joinAs, chooseGame, WAIT_MS } from './lib.mjs';
import { playMove } from './moves.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';

// Mates found with Fairy-Stockfish's own move generator (ffish-es6); White (the host) wins.
const CAPABLANCA = 'c1b3 f7f6 b3g8 h8f7 g8h7'.split(' ');
const TINY = `[tiny:chess]
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
const TINY_MOVES = 'e1f3 f5f4 f3d4 f6f5 d4f5'.split(' ');
// Both kinds of promotion one move away: a rook that may become a queen on the last rank
// (promotedPieceType) and a pawn that picks its piece.
const PROMO = `[promo:chess]
startFen = 4k3/P7/8/8/8/8/8/4K2R w - - 0 1
castling = false
promotedPieceType = r:q
`;

const browser = await launch();
let failed = false;
try {
  const host = await newPlayer(browser, base, { name: 'host' });
  await host.page.waitForSelector('[data-testid=server-version]');
  const fairyCards = await host.page.locator('.game-card[data-fairy]').evaluateAll((els) => els.map((e) => e.dataset.game));
  check(fairyCards.includes('capablanca') && fairyCards.includes('custom'), `fairy variants offered: ${fairyCards.join(' ')}`);
  check(fairyCards.length === 37, `the 36 room variants and a custom one, got ${fairyCards.length}`);
  // By family, each variant with a picture of its start and its rules.
  const families = await host.page.locator('[data-testid=fairy-group]').evaluateAll((els) => els.map((e) => `${e.dataset.family}:${e.querySelectorAll('.game-card').length}`));
  check(families.join(' ') === 'chess:16 drops:5 shogi:4 asian:7 small:4', `variants by family: ${families.join(' ')}`);
  check((await host.page.locator('.game-card[data-fairy] .variant-diagram').count()) === 36, 'a picture for every variant');
  // The variants page: every built-in with a diagram per piece.
  await host.page.click('[data-testid=variant-guide] summary');
  const diagrams = await host.page.locator('[data-testid=variant-guide] .move-diagram').count();
  check(diagrams >= 36 * 3, `move diagrams drawn: ${diagrams}`);
  check((await host.page.locator('[data-testid=variant-guide] svg text').count()) === 0, 'the diagrams draw their pieces without any font');
  await shot(host.page, 'fairy-01-guide');

  await host.page.fill('#nickname', 'Alice');
  const guest = await playRoom(host, 'capablanca', CAPABLANCA, 10, 8, null);
  // Between games the host switches the room to a variant of their own, in a dialog.
  for (const p of [host.page, guest.page]) await p.click('[data-testid=result-dialog] .btn.close');
  await reviewArrow(host, guest);
  await host.page.selectOption('[data-testid=switch-select]', 'custom');
  await host.page.click('[data-testid=switch-game]');
  await host.page.fill('.variant-dialog [data-testid=variant-text]', TINY);
  await until(async () => /tiny: 6×6/.test((await host.page.locator('.variant-dialog [data-testid=variant-status]').textContent()) ?? ''), 'the dialog checks the definition');
  await host.page.click('[data-testid=variant-ok]');
  await guest.page.waitForSelector('[data-testid=next-game]');
  await host.page.click('[data-testid=rematch]');
  await guest.page.click('[data-testid=accept-rematch]');
  for (const p of [host.page, guest.page])
    await until(async () => (await p.locator('.board-wrap.game-custom .fairy-grid [data-square]').count()) === 36, 'the rematch plays the 6x6 variant');
  await shot(guest.page, 'fairy-04-switched-to-custom');

  // A variant of the host's own.
  await host.page.goto(base);
  await host.page.waitForSelector('[data-testid=server-version]');
  await host.page.fill('#nickname', 'Alice');
  await chooseGame(host.page, 'custom');
  const status = host.page.locator('[data-testid=variant-status]');
  // A definition of the full 16 KiB fits the server's message limit and is checked.
  const full = `${TINY}#${'x'.repeat(16384 - TINY.length - 2)}\n`;
  await host.page.fill('[data-testid=variant-text]', full);
  await until(async () => /tiny: 6×6/.test((await status.textContent()) ?? ''), 'a definition of the full 16 KiB is checked');
  check(!(await host.page.locator('[data-testid=conn-down]').count()), 'the connection stays up');
  await host.page.fill('[data-testid=variant-text]', '[tiny:chess]\nmaxFile = 13\n');
  await until(async () => /Line 2/.test((await status.textContent()) ?? ''), 'the live check names the broken line');
  await shot(host.page, 'fairy-02-variant-error');
  await host.page.fill('[data-testid=variant-text]', TINY);
  await until(async () => /tiny: 6×6/.test((await status.textContent()) ?? ''), 'the live check accepts the definition');
  check((await host.page.locator('.variant-preview .variant-diagram[viewBox="0 0 60 60"]').count()) === 1, 'the preview shows the 6x6 start');
  check((await host.page.locator('.variant-preview .variant-diagram svg').count()) === 24, 'the preview shows the 24 pieces');
  await shot(host.page, 'fairy-03-variant-ok');
  // A section inheriting from a built-in with hands: accepted, its preview with pockets.
  await host.page.fill('[data-testid=variant-text]', '[mycrazy:crazyhouse]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qq] w KQkq - 0 1\n');
  await until(async () => /mycrazy: 8×8/.test((await status.textContent()) ?? ''), 'a definition inheriting from crazyhouse is accepted');
  check((await host.page.locator('.variant-preview .variant-diagram.with-hand').count()) === 1, 'the preview shows the pockets');
  await shot(host.page, 'fairy-03b-variant-pockets');
  await host.page.fill('[data-testid=variant-text]', TINY);
  await until(async () => /tiny: 6×6/.test((await status.textContent()) ?? ''), 'the live check accepts the definition again');
  await playRoom(host, 'custom', TINY_MOVES, 6, 6, guest);
  await promotions(host, guest);
  await phones();
  check(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
  console.log('fairy browser proof: all passed');
} catch (e) {
  failed = true;
  console.error('FAILED:', e.stack ?? e);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

// The promotion picker: the rook's "Promote / Do not promote", then the pawn's pieces.
async function promotions(host, guest) {
  for (const p of [host.page, guest.page]) await p.locator('dialog.result-dialog button.close').click().catch(() => {});
  await host.page.goto(base);
  await host.page.waitForSelector('[data-testid=server-version]');
  await host.page.fill('#nickname', 'Alice');
  await chooseGame(host.page, 'custom');
  await host.page.fill('[data-testid=variant-text]', PROMO);
  await until(async () => /promo: 8×8/.test((await host.page.locator('[data-testid=variant-status]').textContent()) ?? ''), 'the promotion variant is accepted');
  await host.page.click('label.side-first');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  await guest.page.goto(await host.page.inputValue('[data-testid=share-link]'));
  for (const p of [host.page, guest.page]) await until(async () => (await p.locator('.fairy-grid [data-square]').count()) === 64, 'the 8x8 promotion board');
  const play = async (page, from, to, choice, labels) => {
    const before = await page.locator('.move-list .ml-move').count();
    await page.click(`.fairy-grid [data-square=${from}]`);
    await page.waitForSelector(`.fairy-grid [data-square=${to}].dest`);
    await page.click(`.fairy-grid [data-square=${to}]`);
    if (choice) {
      await page.waitForSelector('dialog.choice-dialog');
      const shown = await page.locator('dialog.choice-dialog button[data-choice]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      check(labels.every((l) => shown.includes(l)), `the picker offers ${labels.join(', ')}: ${shown.join(', ')}`);
      if (labels.includes('Promote')) await shot(page, 'fairy-05-piece-promotion');
      await page.click(`dialog.choice-dialog button[data-choice="${choice}"]`);
    }
    for (const p of [host.page, guest.page]) await until(async () => (await p.locator('.move-list .ml-move').count()) === before + 1, `${from}${to} played`);
  };
  await play(host.page, 'h1', 'h8', 'h1h8+', ['Promote', 'Do not promote']);
  const h8 = await host.page.locator('.fairy-grid [data-square=h8]').getAttribute('aria-label');
  check(/white/i.test(h8) && /queen/i.test(h8), `the rook became a queen: ${h8}`);
  await keyboardMove(guest.page);
  for (const p of [host.page, guest.page]) await until(async () => (await p.locator('.move-list .ml-move').count()) === 2, 'e8d7 played from the keyboard');
  await play(host.page, 'a7', 'a8', 'a7a8n', ['queen', 'knight']);
  const moves = (await host.page.locator('.move-list .ml-move').allTextContents()).join(' ');
  check(/=Q/.test(moves) && /a8=N/.test(moves), `the move list names both promotions: ${moves}`);
}

// Black plays Ke8-d7 from the keyboard: the board is one tab stop (the bottom-left square,
// h8 for Black), arrow keys walk it, Enter picks the king and Enter on d7 moves it; the
// focus stays on its square while the board redraws.
async function keyboardMove(page) {
  await page.waitForSelector('.fairy-grid [data-square=e8][data-movable]');
  const stops = await page.locator('.fairy-grid [tabindex="0"]').evaluateAll((els) => els.map((e) => e.dataset.square));
  check(stops.join() === 'h8', `the board is one tab stop, on Black's bottom-left square: ${stops}`);
  await page.focus('.fairy-grid [data-square=h8]');
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter']) await page.keyboard.press(key);
  await page.waitForSelector('.fairy-grid [data-square=e8].selected');
  check(await page.evaluate(() => document.activeElement?.dataset.square) === 'e8', 'the focus stays on e8 through the redraw');
  for (const key of ['ArrowRight', 'ArrowUp']) await page.keyboard.press(key);
  check(await page.evaluate(() => document.activeElement?.dataset.square) === 'd7', 'the arrows reach d7');
  await page.waitForSelector('.fairy-grid [data-square=d7].dest');
  await page.keyboard.press('Enter');
}

// After the Capablanca game: the review's fairy board takes the right button's arrows,
// and the other player sees them.
async function reviewArrow(host, guest) {
  await host.page.click('[data-testid=review-open]');
  await guest.page.waitForSelector('[data-testid=review-tree]');
  const centre = async (k) => {
    const b = await host.page.locator(`.fairy-grid [data-square=${k}]`).boundingBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  const e2 = await centre('e2'), e4 = await centre('e4');
  await host.page.mouse.move(e2.x, e2.y);
  await host.page.mouse.down({ button: 'right' });
  await host.page.mouse.move(e4.x, e4.y, { steps: 5 });
  await host.page.mouse.up({ button: 'right' });
  for (const p of [host.page, guest.page])
    await until(async () => (await p.locator('.grid-shapes line').count()) === 1, 'the arrow drawn with the right button on the fairy board');
  check((await host.page.locator('[data-testid=drag-ghost]').count()) === 0, 'the right button drags no piece');
  await host.page.click('[data-testid=review-close]');
  await host.page.waitForSelector('[data-testid=review-open]');
}

// Creates a room of `game` from the home page (host first), lets the guest join by the
// link and plays `moves` (`input`: playMove's way for every move, or a list of ways taken
// in turn); the host must win by checkmate, and the server must have recorded exactly `moves`.
async function playRoom(host, game, moves, files, ranks, guestBefore, input = true, guestOpts = {}) {
  const mark = host.frames.length;
  const suffix = guestOpts.hasTouch ? '-phone' : '';
  if (game !== 'custom') await chooseGame(host.page, game);
  await host.page.click('label.side-first');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  const link = await host.page.inputValue('[data-testid=share-link]');
  const guest = guestBefore ?? (await newPlayer(browser, link, { name: 'guest', locale: 'ja-JP', ...guestOpts }));
  const guestMark = guest.frames.length;
  if (guestBefore) await guest.page.goto(link);
  if (!guestBefore) await joinAs(guest.page, 'Bob');
  const pages = [host.page, guest.page];
  for (const p of pages) {
    await p.waitForSelector(`.board-wrap.game-${game} .fairy-grid`);
    await until(async () => (await p.locator('.fairy-grid [data-square]').count()) === files * ranks, `${game}: a ${files}x${ranks} board`);
  }
  if (game === 'custom' && !guestOpts.hasTouch) {
    // A spectator sees the board and can read the definition the room plays.
    const spectator = await newPlayer(browser, link, { name: 'spectator' });
    await joinAs(spectator.page, 'Sam');
    await until(async () => (await spectator.page.locator('.fairy-grid [data-square]').count()) === files * ranks, 'the spectator\'s board');
    await spectator.page.click('[data-testid=variant-definition] summary');
    const text = await spectator.page.locator('[data-testid=variant-definition] pre').textContent();
    check(text.includes('customPiece1 = w:mWcF'), 'the spectator reads the definition');
    await shot(spectator.page, 'fairy-custom-spectator');
    await spectator.ctx.close();
  }
  check((await host.page.locator('.fairy-grid [data-square]').first().getAttribute('data-square')) === `a${ranks}`, 'white sees its side at the bottom');
  check((await guest.page.locator('.fairy-grid [data-square]').first().getAttribute('data-square')) === `${String.fromCharCode(96 + files)}1`, 'black sees its side at the bottom');
  for (let ply = 0; ply < moves.length; ply++) {
    const mover = pages[ply % 2];
    await until(async () => (await mover.locator('.move-list .ml-move').count()) === ply, `${game}: ply ${ply} reaches the mover`);
    const how = Array.isArray(input) ? input[ply % input.length] : input;
    if (ply === 0 && game === 'capablanca' && how === true) await dragEdgeCases(mover);
    else await playMove(mover, game, moves[ply], how);
    if (ply === 1) await shot(host.page, `fairy-${game}-in-progress${suffix}`);
  }
  check((await host.page.locator('.fairy-grid svg text').count()) === 0, `${game}: the pieces are drawn without any font`);
  for (const p of pages) await p.waitForSelector('[data-testid=result-dialog]', { timeout: WAIT_MS });
  const hostTitle = (await host.page.locator('.result-title').textContent()).trim();
  const reason = (await host.page.locator('.result-reason').textContent()).trim();
  check(/You won/.test(hostTitle), `${game}: the host wins (${hostTitle})`);
  check(/checkmate/.test(reason), `${game}: by checkmate (${reason})`);
  await shot(host.page, `fairy-${game}-over${suffix}`);
  await shot(guest.page, `fairy-${game}-over-guest${suffix}`);
  for (const [who, frames] of [['host', host.frames.slice(mark)], ['guest', guest.frames.slice(guestMark)]]) {
    const msgs = frames.map((f) => JSON.parse(f));
    const moved = msgs.filter((m) => m.type === 'move').map((m) => m.move);
    const over = msgs.find((m) => m.type === 'game_over');
    const recorded = (over?.moves ?? []).map((m) => m.move);
    check(recorded.join(' ') === moves.join(' '), `${game}: the server recorded exactly the moves meant (${who}): ${recorded.join(' ')}`);
    check(moved.join(' ') === moves.join(' '), `${game}: the ${who}'s page was told exactly the moves meant: ${moved.join(' ')}`);
  }
  return guest;
}

// The host's first Capablanca move with the mouse: the archbishop dragged to a square it
// cannot reach goes back (nothing is sent), dragged away and back onto its own square it
// stays picked as after a click, and a click on b3 then plays c1b3.
async function dragEdgeCases(page) {
  const sq = (k) => `.fairy-grid [data-square=${k}]`;
  await page.waitForSelector(`${sq('c1')}[data-movable]`);
  const centre = async (k) => {
    const b = await page.locator(sq(k)).boundingBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  const c1 = await centre('c1'), c5 = await centre('c5'), b3 = await centre('b3');
  await page.mouse.move(c1.x, c1.y);
  await page.mouse.down();
  await page.waitForSelector(`${sq('c1')}.selected`);
  check((await page.locator(`${sq('b3')}.dest`).count()) === 1, 'a pressed piece shows where it goes');
  await page.mouse.move(b3.x, b3.y, { steps: 6 });
  await page.waitForSelector(`${sq('b3')}.drag-over`);
  check((await page.locator(`${sq('c1')}.drag-origin`).count()) === 1, 'the dragged piece is faint on its square');
  await shot(page, 'fairy-06-drag');
  await page.mouse.move(c5.x, c5.y, { steps: 6 });
  await until(async () => (await page.locator('.fairy-grid .drag-over').count()) === 0, 'a square the piece cannot reach does not light up');
  await page.mouse.up();
  await until(async () => (await page.locator('[data-testid=drag-ghost]').count()) === 0 && (await page.locator('.fairy-grid .selected').count()) === 0,
    'a drop on an illegal square puts the piece back');
  check((await page.locator(`${sq('c1')}[data-piece=A]`).count()) === 1 && (await page.locator(`${sq('c5')}[data-piece]`).count()) === 0, 'the archbishop stays on c1');
  await page.mouse.move(c1.x, c1.y);
  await page.mouse.down();
  await page.mouse.move(c5.x, c5.y, { steps: 4 });
  await page.waitForSelector('[data-testid=drag-ghost]');
  await page.mouse.move(c1.x, c1.y, { steps: 4 });
  await page.mouse.up();
  await page.waitForSelector('[data-testid=drag-ghost]', { state: 'detached' });
  check((await page.locator(`${sq('c1')}.selected`).count()) === 1, 'a drag back onto its own square is a click: the piece stays picked');
  await page.click(sq('b3'));
}

// Two phones (390x844, touch): a Capablanca game played with the finger, each player
// dragging one move and tapping twice for another, the guest's board turned (Black at
// the bottom).
async function phones() {
  const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
  const host = await newPlayer(browser, base, { name: 'phone-host', ...phone });
  await host.page.waitForSelector('[data-testid=server-version]', { state: 'attached' });
  await host.page.fill('#nickname', 'Carol');
  const guest = await playRoom(host, 'capablanca', CAPABLANCA, 10, 8, null, ['touch', 'tap', 'tap', 'touch'], { name: 'phone-guest', ...phone });
  await host.ctx.close();
  await guest.ctx.close();
}
