// What a player should see and what the page draws, for the random-play proof
// (random.mjs). The server's position for one viewer (its own frames) is read here on its
// own, without the client's parsers, into squares and hands; the page's board is read as
// drawn: each piece element's centre placed on the board's rectangle, each hand slot's
// count and whether it shows. The two are compared as sorted lists of "square piece".

const SHOGI_ROLE = {
  p: 'pawn', l: 'lance', n: 'knight', s: 'silver', g: 'gold', b: 'bishop', r: 'rook', k: 'king',
  '+p': 'tokin', '+l': 'promotedlance', '+n': 'promotedknight', '+s': 'promotedsilver',
  '+b': 'horse', '+r': 'dragon',
};
const HIDDEN_TYPE = { k: 'king', r: 'rook', b: 'bishop', g: 'gold', s: 'silver', x: 'unknown' };
const CHESS_ROLE = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
export const PROMOTED = {
  pawn: 'tokin', lance: 'promotedlance', knight: 'promotedknight', silver: 'promotedsilver',
  bishop: 'horse', rook: 'dragon',
};
const RANKS = 'abcdefghi';

// Board kind and size of a game of the shogi family, chess or reversi; null: fairy chess.
export function boardKind(game) {
  const shogi = { shogi: 9, minishogi: 5, dogcat: 5, hasami: 9 }[game];
  if (shogi) return { kind: 'shogi', files: shogi, ranks: shogi };
  if (game === 'chess') return { kind: 'chess', files: 8, ranks: 8 };
  if (game === 'reversi') return { kind: 'reversi', files: 8, ranks: 8 };
  return null;
}

// A piece token of the shogi family at s[i]: `?`/`!` (hidden, dog-cat), `+`, a letter.
function shogiToken(s, i, onBoard) {
  let mark = null;
  if (s[i] === '?' || s[i] === '!') mark = s[i++];
  let plus = '';
  if (s[i] === '+') { plus = '+'; i++; }
  const ch = s[i];
  if (!ch || !/[A-Za-z]/.test(ch)) throw new Error(`bad piece at ${i} in ${s}`);
  const color = ch === ch.toUpperCase() ? 'sente' : 'gote';
  const role = mark
    ? `hidden-${HIDDEN_TYPE[ch.toLowerCase()]}${onBoard ? (mark === '?' ? '-c' : '-n') : ''}`
    : SHOGI_ROLE[plus + ch.toLowerCase()];
  if (!role || role.includes('undefined')) throw new Error(`unknown piece ${s.slice(i - 2, i + 1)} in ${s}`);
  return { piece: `${color} ${role}`, next: i + 1 };
}

// `<board> <side> <hands> <ply>` (SFEN, hasami's form, dog-cat's form) to
// { board: ["5e sente king", ...], hands: ["sente pawn 2", ...] }.
export function shogiExpected(text, files) {
  const [boardPart, , handPart = '-'] = text.trim().split(/\s+/);
  const board = [];
  boardPart.split('/').forEach((row, r) => {
    let file = files;
    for (let i = 0; i < row.length;) {
      const d = /^\d+/.exec(row.slice(i));
      if (d) { file -= Number(d[0]); i += d[0].length; continue; }
      const t = shogiToken(row, i, true);
      board.push(`${file}${RANKS[r]} ${t.piece}`);
      file--;
      i = t.next;
    }
  });
  const counts = new Map();
  if (handPart !== '-') {
    for (let i = 0; i < handPart.length;) {
      const d = /^\d+/.exec(handPart.slice(i));
      let n = 1;
      if (d) { n = Number(d[0]); i += d[0].length; }
      const t = shogiToken(handPart, i, false);
      counts.set(t.piece, (counts.get(t.piece) ?? 0) + n);
      i = t.next;
    }
  }
  return { board: board.sort(), hands: [...counts].map(([p, n]) => `${p} ${n}`).sort() };
}

// Chess FEN's board to ["e1 white king", ...].
export function chessExpected(fen) {
  const out = [];
  fen.split(' ')[0].split('/').forEach((row, r) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) { f += Number(ch); continue; }
      out.push(`${'abcdefgh'[f]}${8 - r} ${ch === ch.toUpperCase() ? 'white' : 'black'} ${CHESS_ROLE[ch.toLowerCase()]}`);
      f++;
    }
  });
  return { board: out.sort(), hands: [] };
}

// Fairy-Stockfish's FEN (numbers of any length, `+X` promoted, `~` marks) to
// ["a1 R", "c8 n", ...]: the letter the board draws, upper case for White. A piece
// promoted by promotedPieceType is drawn as what it became.
export function fairyExpected(fen, variant) {
  const out = [];
  const field = fen.split(' ')[0];
  // The pockets: [...] after the board ("white N 2": upper-case letters, per side).
  const pocket = /\[([^\]]*)\]$/.exec(field);
  const boardPart = field.replace(/\[.*\]$/, '');
  boardPart.split('/').slice(0, variant.ranks).forEach((row, r) => {
    let f = 0;
    for (let i = 0; i < row.length; i++) {
      const d = /^\d+/.exec(row.slice(i));
      if (d) { f += Number(d[0]); i += d[0].length - 1; continue; }
      if (row[i] === '~') continue;
      const square = `${String.fromCharCode(97 + f)}${variant.ranks - r}`;
      if (row[i] === '*') { out.push(`${square} *`); f++; continue; }
      let promoted = false;
      if (row[i] === '+') { promoted = true; i++; }
      const ch = row[i];
      const white = ch === ch.toUpperCase();
      const lower = ch.toLowerCase();
      const drawn = promoted ? variant.promoted_types?.[lower] ?? lower : lower;
      out.push(`${square} ${white ? drawn.toUpperCase() : drawn}`);
      f++;
    }
  });
  const counts = new Map();
  for (const c of pocket?.[1] ?? '') {
    if (!/[a-z]/i.test(c)) continue;
    const key = `${c === c.toLowerCase() ? 'black' : 'white'} ${c.toUpperCase()}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return { board: out.sort(), hands: [...counts].map(([k, n]) => `${k} ${n}`).sort() };
}

// The 64 reversi characters, a1..h8, to ["d4 O", ...].
export function reversiExpected(text) {
  const cells = text.trim().split(/\s+/)[0];
  const out = [];
  for (let i = 0; i < 64; i++) if (cells[i] !== '-') out.push(`${'abcdefgh'[i % 8]}${Math.floor(i / 8) + 1} ${cells[i]}`);
  return { board: out.sort(), hands: [] };
}

export function expectedView(game, variant, position) {
  const k = boardKind(game);
  if (!k) return fairyExpected(position, variant);
  if (k.kind === 'shogi') return shogiExpected(position, k.files);
  if (k.kind === 'chess') return chessExpected(position);
  return reversiExpected(position);
}

// What the page draws, read in the page. `kind`: shogi, chess, reversi or fairy.
// Pieces on the board are placed by where they are drawn, not by what the board's code
// thinks: a piece drawn on the wrong square is seen on the wrong square.
export function readDrawn(page, kind) {
  return page.evaluate((kind) => {
    const place = (rect, el, files, ranks, flipped) => {
      const b = el.getBoundingClientRect();
      const col = Math.floor((b.left + b.width / 2 - rect.left) / (rect.width / files));
      const row = Math.floor((b.top + b.height / 2 - rect.top) / (rect.height / ranks));
      if (col < 0 || row < 0 || col >= files || row >= ranks) return null;
      return { col: flipped ? files - 1 - col : col, row: flipped ? ranks - 1 - row : row };
    };
    const STATE = new Set(['anim', 'ghost', 'fading', 'dragging', 'selected', 'last-dest', 'check']);
    const roleOf = (el) => [...el.classList].filter((c) => !STATE.has(c)).join(' ');
    const board = [];
    const hands = [];
    const problems = [];
    if (kind === 'shogi') {
      const wrap = document.querySelector('.board-wrap .sg-wrap');
      const squares = wrap?.querySelector('sg-squares');
      if (!squares) return null;
      const [files, ranks] = /d-(\d+)x(\d+)/.exec(wrap.className).slice(1).map(Number);
      const gote = wrap.classList.contains('orientation-gote');
      const rect = squares.getBoundingClientRect();
      for (const el of wrap.querySelectorAll('sg-pieces piece')) {
        if (el.classList.contains('ghost') || el.classList.contains('fading')) continue;
        if (el.classList.contains('anim')) return null; // still moving
        const at = place(rect, el, files, ranks, gote);
        if (!at) { problems.push(`${roleOf(el)} drawn off the board`); continue; }
        board.push(`${files - at.col}${'abcdefghi'[at.row]} ${roleOf(el)}`);
      }
      for (const bar of ['bottom', 'top']) {
        for (const slot of document.querySelectorAll(`.pb-${bar} sg-hand sg-hp-wrap`)) {
          const piece = slot.querySelector('piece');
          const n = Number(slot.dataset.nb ?? 0);
          const shown = slot.getBoundingClientRect().width > 0 && getComputedStyle(slot).display !== 'none';
          if (n > 0) hands.push(`${roleOf(piece)} ${n}`);
          if (n > 0 && !shown) problems.push(`${bar} hand: ${roleOf(piece)} ×${n} not shown`);
          if (n === 0 && shown) problems.push(`${bar} hand: an empty ${roleOf(piece)} slot shown`);
          const color = piece.classList.contains('sente') ? 0 : 1;
          const seat = Number(document.querySelector(`.pb-${bar}`)?.dataset.seat);
          if (n > 0 && color !== seat) problems.push(`${bar} hand (seat ${seat}) shows ${roleOf(piece)}`);
        }
      }
    } else if (kind === 'chess') {
      const wrap = document.querySelector('.board-wrap .cg-wrap');
      const cg = wrap?.querySelector('cg-board');
      if (!cg) return null;
      const black = wrap.classList.contains('orientation-black');
      const rect = cg.getBoundingClientRect();
      for (const el of cg.querySelectorAll('piece')) {
        if (el.classList.contains('ghost') || el.classList.contains('fading')) continue;
        if (el.classList.contains('anim') || el.classList.contains('dragging')) return null;
        const at = place(rect, el, 8, 8, black);
        if (!at) { problems.push(`${roleOf(el)} drawn off the board`); continue; }
        board.push(`${'abcdefgh'[at.col]}${8 - at.row} ${roleOf(el)}`);
      }
    } else if (kind === 'reversi') {
      for (const el of document.querySelectorAll('.board-wrap .rv-cell')) {
        if (el.classList.contains('black')) board.push(`${el.dataset.square} X`);
        if (el.classList.contains('white')) board.push(`${el.dataset.square} O`);
      }
    } else {
      const cells = [...document.querySelectorAll('.board-wrap .fairy-grid [data-square]')];
      if (!cells.length) return null;
      for (const el of cells) {
        if (el.dataset.piece) board.push(`${el.dataset.square} ${el.dataset.piece}`);
        else if (el.dataset.wall !== undefined) board.push(`${el.dataset.square} *`);
      }
      // Pockets: each type a side holds, with its count (a type run out is not shown).
      for (const el of document.querySelectorAll('.board-wrap .fairy-pocket[data-side] [data-pocket-piece]')) {
        const count = Number(el.dataset.count);
        if (count > 0) hands.push(`${el.closest('.fairy-pocket').dataset.side} ${el.dataset.pocketPiece} ${count}`);
      }
    }
    return { board: board.sort(), hands: hands.sort(), problems };
  }, kind);
}

// Which side the page shows at the bottom: 0 (first player's side) or 1; null if unknown.
export function readBottomSeat(page, kind) {
  return page.evaluate((kind) => {
    if (kind === 'shogi') {
      const w = document.querySelector('.board-wrap .sg-wrap');
      return w ? (w.classList.contains('orientation-gote') ? 1 : 0) : null;
    }
    if (kind === 'chess') {
      const w = document.querySelector('.board-wrap .cg-wrap');
      return w ? (w.classList.contains('orientation-black') ? 1 : 0) : null;
    }
    if (kind === 'fairy') {
      const first = document.querySelector('.board-wrap .fairy-grid [data-square]')?.dataset.square;
      return first ? (first.startsWith('a') ? 0 : 1) : null;
    }
    return Number(document.querySelector('.pb-bottom')?.dataset.seat);
  }, kind);
}

// What differs between the expected and the drawn view, as short lines.
export function viewDiff(want, got) {
  if (!got) return ['the board is not drawn (or a piece is still moving)'];
  const lines = [...got.problems];
  for (const part of ['board', 'hands']) {
    const g = new Set(got[part]);
    const w = new Set(want[part]);
    const missing = want[part].filter((x) => !g.has(x));
    const extra = got[part].filter((x) => !w.has(x));
    if (missing.length) lines.push(`${part}: server has ${missing.join(', ')}`);
    if (extra.length) lines.push(`${part}: page shows ${extra.join(', ')}`);
  }
  return lines;
}
