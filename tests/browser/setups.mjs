// How games start, in the browser: a shogi handicap game chosen on the home page (two-piece,
// the host receiving it, sides kept on rematch) is played to its end, the giver moving
// first; its KIF download is read by tsshogi with the right 手合割 and start; the rematch
// keeps the seats and the handicap. Then the host moves the seat to a phone by the
// "continue on another device" link: the phone gets the seat, the old tab is told it was
// replaced, and the same link opened a second time gives no seat. Last, a pasted position
// with a king in the enemy camp shows its impasse (入玉) count to both players, and the
// king walks out of it by keyboard.
// Usage: node setups.mjs <base url>   (exit 0 on success; screenshots in ARTIFACTS)
import { importKIF, Move } from 'tsshogi';
import { launch, newPlayer, shot, until, check, pageProblems, joinAs, chooseGame } from './lib.mjs';
import { playMove } from './moves.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8765';
const TWO_PIECES = 'lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1';
// The giver (seat 1, White) moves first.
const MOVES = ['3c3d', '7g7f', '4a3b', '2g2f'];
// Black's king already in the enemy camp; White holds every other piece.
const IMPASSE_START = '4k4/9/4K4/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1';

const browser = await launch();
let failed = false;
try {
  const host = await newPlayer(browser, base, { name: 'host' });
  await host.page.waitForSelector('[data-testid=server-version]');
  await host.page.fill('#nickname', 'Hana');
  await chooseGame(host.page, 'shogi');
  await host.page.selectOption('[data-testid=handicap]', 'two_pieces');
  await until(async () => (await host.page.locator('label.side-first').textContent()).includes('Receive'), 'side labels follow the handicap');
  await host.page.click('label.side-first');
  await host.page.check('#keep-sides');
  await shot(host.page, 'setup-01-handicap-form');
  await host.page.click('[data-testid=create-room]');
  await host.page.waitForSelector('[data-testid=waiting]');
  const link = await host.page.inputValue('[data-testid=share-link]');
  const guest = await newPlayer(browser, link, { name: 'guest', locale: 'ja-JP' });
  await joinAs(guest.page, 'Sensei');
  const seat = async (p) => Number(await p.locator('.pb-bottom').getAttribute('data-seat'));
  await until(async () => (await seat(host.page)) === 0 && (await seat(guest.page)) === 1, 'host receives, guest gives');
  const moveCount = (p) => p.locator('.move-list .ml-move').count();
  // The sides are named as in handicap play: 上手 gives, 下手 receives.
  check((await guest.page.locator('.pb-bottom .pb-side').textContent()).trim() === '上手', 'the giver is 上手');
  check((await guest.page.locator('.pb-top .pb-side').textContent()).trim() === '下手', 'the receiver is 下手');

  // The giver moves first: the host (receiver) may not.
  const bySeat = [host.page, guest.page];
  for (let ply = 0; ply < MOVES.length; ply++) {
    const mover = bySeat[(ply + 1) % 2];
    await until(async () => (await moveCount(mover)) === ply, `ply ${ply} seen`);
    await playMove(mover, 'shogi', MOVES[ply], ply % 2 === 0);
    await until(async () => (await moveCount(host.page)) === ply + 1 && (await moveCount(guest.page)) === ply + 1, `ply ${ply + 1} played`);
  }
  await shot(guest.page, 'setup-02-handicap-game');
  const firstPly = (await guest.page.locator('.move-list .ml-move').first().textContent()).trim();
  check(/^[☖△]/.test(firstPly), `the move list marks the giver's first move as White's: ${firstPly}`);
  // The receiver resigns: the game is over for both.
  await host.page.click('[data-testid=resign]');
  await host.page.click('dialog.choice-dialog button[data-choice=yes]');
  for (const p of [host.page, guest.page]) await p.waitForSelector('[data-testid=result-dialog]');
  check((await guest.page.locator('.result-title').textContent()).trim() === 'あなたの勝ち', 'the giver won');
  for (const p of [host.page, guest.page]) await p.locator('dialog.result-dialog button.close').click().catch(() => {});

  // The KIF download names the handicap; tsshogi starts from it and replays every move.
  const kifLink = host.page.locator('.download-row a', { hasText: 'KIF' }).first();
  const href = await kifLink.getAttribute('href');
  const res = await host.page.request.get(new URL(href, host.page.url()).toString());
  check(res.ok(), `KIF download ${href}: ${res.status()}`);
  const kif = await res.text();
  check(kif.includes('手合割：二枚落ち'), `KIF names the handicap:\n${kif}`);
  const record = importKIF(kif);
  check(!(record instanceof Error), `tsshogi reads the KIF: ${record.message ?? ''}`);
  check(record.initialPosition.sfen === TWO_PIECES, `tsshogi starts from ${record.initialPosition.sfen}`);
  const plies = record.moves.filter((n) => n.move instanceof Move).length;
  check(plies === MOVES.length, `tsshogi reads ${plies} moves`);
  // Beside it the Shift_JIS .kif: decoded as a Japanese program would, the same record.
  const sjisLink = host.page.locator('.download-row a[data-format=kif_sjis]');
  check((await sjisLink.getAttribute('download'))?.endsWith('.kif'), 'the Shift_JIS download is a .kif');
  const sjisRes = await host.page.request.get(new URL(await sjisLink.getAttribute('href'), host.page.url()).toString());
  check(/charset=Shift_JIS/.test(sjisRes.headers()['content-type'] ?? ''), `Shift_JIS KIF's type: ${sjisRes.headers()['content-type']}`);
  const sjis = new TextDecoder('shift_jis', { fatal: true }).decode(await sjisRes.body());
  check(sjis === kif.replace('encoding=UTF-8', 'encoding=Shift_JIS'), 'the Shift_JIS KIF decodes to the UTF-8 one');
  const sjisRecord = importKIF(sjis);
  check(!(sjisRecord instanceof Error) && sjisRecord.moves.filter((n) => n.move instanceof Move).length === MOVES.length,
    'tsshogi reads the Shift_JIS KIF\'s moves');
  // A finished shogi game links to lishogi: the position and the game.
  const ext = await host.page.locator('[data-testid=room-links] a').evaluateAll((as) => as.map((a) => [a.dataset.kind, a.href, a.target, a.rel]));
  check(ext.length === 2 && ext.every(([, href, target, rel]) => href.startsWith('https://lishogi.org/analysis/') && target === '_blank' && rel === 'noopener noreferrer'),
    `lishogi links: ${JSON.stringify(ext)}`);
  check(ext[1]?.[1].includes(`?moves=${MOVES.slice(0, 2).join('_')}`), `the game link holds the moves: ${ext[1]?.[1]}`);

  // A kept series: the rematch has the same seats and the same handicap.
  await host.page.click('[data-testid=rematch]');
  await guest.page.click('[data-testid=accept-rematch]');
  await until(async () => !(await host.page.locator('[data-testid=rematch]').count()), 'rematch started');
  check((await seat(host.page)) === 0 && (await seat(guest.page)) === 1, 'seats kept on rematch');
  // The giver moves once their own page shows the new game and their turn, as a person would.
  const myTurn = (p) => p.locator('.status-line.my-turn').count();
  await until(async () => (await moveCount(guest.page)) === 0 && (await myTurn(guest.page)) > 0, 'the giver sees the new game and its turn');
  await playMove(guest.page, 'shogi', MOVES[0], false);
  await until(async () => (await moveCount(host.page)) === 1, 'the giver moves first again');

  // Continue on another device: a one-time link, shown with its QR code.
  await host.page.click('[data-testid=device-link]');
  await host.page.waitForSelector('[data-testid=device-dialog]');
  const deviceUrl = await host.page.inputValue('[data-testid=device-link-url]');
  check(/\/r\/[A-Za-z0-9_-]+#device=[A-Za-z0-9_-]{43}$/.test(deviceUrl), `device link ${deviceUrl}`);
  await shot(host.page, 'setup-03-device-link');
  const phone = await newPlayer(browser, deviceUrl, { name: 'phone', viewport: { width: 390, height: 844 } });
  await phone.page.waitForSelector('.room');
  await until(async () => (await seat(phone.page)) === 0, 'the phone has the seat');
  check(!phone.page.url().includes('#device='), 'the code leaves the address bar');
  await until(async () => (await host.page.locator('[data-testid=moved-away]').count()) > 0, 'the old tab is told the seat moved');
  check((await host.page.locator('text=Play here').count()) === 0, 'the old tab does not offer a seat its token no longer opens');
  await playMove(phone.page, 'shogi', MOVES[1], false);
  await until(async () => (await moveCount(guest.page)) === 2, 'the phone plays for the seat');
  await shot(phone.page, 'setup-04-phone');
  // The old tab may still watch the game it left.
  await host.page.click('[data-testid=watch-here]');
  await until(async () => (await host.page.locator('text=You are watching this game.').count()) > 0, 'the old tab watches');
  await until(async () => (await moveCount(host.page)) === 2, 'the old tab shows the game as it is');
  check((await seat(phone.page)) === 0, 'the phone keeps the seat');
  // A spent link: the newcomer is told, says a name and can only watch.
  const again = await newPlayer(browser, deviceUrl, { name: 'again' });
  await again.page.waitForSelector('[data-testid=join-name]');
  check(await again.page.locator('text=this device link was used already or has expired').count(), 'the spent link is explained');
  await again.page.fill('[data-testid=join-name]', 'Late');
  await again.page.click('[data-testid=join-submit]');
  await until(async () => (await again.page.locator('text=You are watching this game.').count()) > 0, 'a spent link gives no seat');

  // A pasted shogi position whose Black king already stands in the enemy camp: both players
  // see Black's impasse count, in their own language, until the king steps out.
  const ihost = await newPlayer(browser, base, { name: 'impasse-host' });
  await ihost.page.waitForSelector('[data-testid=server-version]');
  await ihost.page.fill('#nickname', 'Aki');
  await chooseGame(ihost.page, 'shogi');
  await ihost.page.click('details.start-position summary');
  await ihost.page.fill('[data-testid=start-position]', IMPASSE_START);
  await ihost.page.click('label.side-first');
  await ihost.page.click('[data-testid=create-room]');
  await ihost.page.waitForSelector('[data-testid=waiting]');
  const ilink = await ihost.page.inputValue('[data-testid=share-link]');
  const iguest = await newPlayer(browser, ilink, { name: 'impasse-guest', locale: 'ja-JP' });
  await joinAs(iguest.page, 'Yuki');
  const badge = (p, bar) => p.locator(`.pb-${bar} .impasse-count`);
  await until(async () => (await badge(ihost.page, 'bottom').count()) === 1, 'the host sees its impasse count');
  check((await badge(ihost.page, 'bottom').textContent()).includes('0/28 points'), 'the count in English');
  await until(async () => (await badge(iguest.page, 'top').count()) === 1, 'the guest sees it too');
  check((await badge(iguest.page, 'top').textContent()).includes('入玉 0/28点'), 'the count in Japanese');
  check((await badge(iguest.page, 'bottom').count()) === 0, "no count for White, whose king is home");
  await shot(iguest.page, 'setup-05-impasse-count');
  // The host plays the king out by keyboard: the board is one tab stop of named squares,
  // arrow keys move over it and Enter picks the piece and then its square.
  const sq = (square) => ihost.page.locator(`.sq-key[data-square="${square}"]`);
  check((await ihost.page.locator('.sq-key[tabindex="0"]').count()) === 1, 'the board is one tab stop');
  const kingName = await sq('5c').getAttribute('aria-label');
  check(kingName === '5c Sente (Black) king', `the king's square is named: ${kingName}`);
  check((await sq('5d').getAttribute('aria-label')) === '5d empty', 'an empty square is named');
  await sq('5c').focus();
  await ihost.page.keyboard.press('Enter');
  await ihost.page.keyboard.press('ArrowDown');
  const focused = await ihost.page.evaluate(() => document.activeElement?.getAttribute('data-square'));
  check(focused === '5d', `ArrowDown goes to 5d, not ${focused}`);
  await ihost.page.keyboard.press('Enter');
  await until(async () => (await badge(iguest.page, 'top').count()) === 0, 'the count goes when the king leaves the camp');
  check(pageProblems.length === 0, `page or console errors:\n${pageProblems.join('\n')}`);
  console.log('handicap game, KIF by tsshogi, kept sides, device link and impasse count: ok');
} catch (e) {
  failed = true;
  console.error('FAILED:', e.stack ?? e);
  for (const [i, c] of browser.contexts().entries()) for (const p of c.pages()) await shot(p, `setup-fail-${i}`).catch(() => {});
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
