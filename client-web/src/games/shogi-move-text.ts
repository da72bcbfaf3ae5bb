// A shogi move as people write it, matched against the legal moves (USI). Two styles:
//   Japanese: ７六歩, ▲２二角成, 同　銀, ５五角打, ５八金右, ３三銀上不成 (the direction words
//             右 左 直 上 引 寄 pick among pieces that can reach the square, as in kifu);
//   Western:  P-7f, Bx2b+, S*5e, N-3c=, G6h-5h, +R-2b, or with the rank as a digit (P-76).
// Used for shogi and minishogi (any board the position reader takes). The words' meanings
// follow the Japan Shogi Association's notation rules; how they resolve is a filter: a word
// keeps the candidates it describes, and the text names a move when exactly one is left.
import { parseShogiPosition, RANK_LETTERS, type ShogiPosition } from '../boards/shogi-position';

export type TextMatch =
  | { kind: 'move'; move: string }
  | { kind: 'ambiguous'; moves: string[] } // several legal moves fit: say which
  | { kind: 'illegal' } // read as a move, but no legal move fits
  | { kind: 'unread' }; // not written in a notation this reads

const JAPANESE_PIECES: [string, string][] = [
  ['成香', 'promotedlance'], ['成桂', 'promotedknight'], ['成銀', 'promotedsilver'],
  ['杏', 'promotedlance'], ['圭', 'promotedknight'], ['全', 'promotedsilver'],
  ['歩', 'pawn'], ['香', 'lance'], ['桂', 'knight'], ['銀', 'silver'], ['金', 'gold'],
  ['角', 'bishop'], ['飛', 'rook'], ['玉', 'king'], ['王', 'king'], ['と', 'tokin'],
  ['馬', 'horse'], ['龍', 'dragon'], ['竜', 'dragon'],
];
const WESTERN_PIECES: Record<string, string> = {
  P: 'pawn', L: 'lance', N: 'knight', S: 'silver', G: 'gold', B: 'bishop', R: 'rook', K: 'king',
  '+P': 'tokin', '+L': 'promotedlance', '+N': 'promotedknight', '+S': 'promotedsilver',
  '+B': 'horse', '+R': 'dragon', T: 'tokin', H: 'horse', D: 'dragon',
};
const DROP_LETTER: Record<string, string> = {
  pawn: 'P', lance: 'L', knight: 'N', silver: 'S', gold: 'G', bishop: 'B', rook: 'R',
};
const KANJI_DIGITS = '一二三四五六七八九';

// What a text says of its move; each field left out says nothing.
interface MoveWords {
  to: string | 'same'; // a square key, or 同 (the last move's square)
  from?: string; // Western: the origin, when written
  role: string;
  drop?: boolean; // 打 / * (true); a move on the board: - or x (false)
  promote?: boolean; // 成 / + (true); 不成 / 生 / = (false)
  words: string[]; // 右 左 直 上 引 寄
}

export function matchShogiText(text: string, position: string, files: number, ranks: number,
                               legal: readonly string[], lastTo: string | null): TextMatch {
  const pos = parseShogiPosition(position, files, ranks);
  if (!pos) return { kind: 'unread' };
  const words = readJapanese(text, files, ranks) ?? readWestern(text, files, ranks);
  if (!words) return { kind: 'unread' };
  const to = words.to === 'same' ? lastTo : words.to;
  if (!to) return { kind: 'illegal' };
  return narrow(candidates(pos, legal, to, words), pos, words);
}

// Full-width digits and the kanji numerals to ASCII; marks of the side and spaces removed.
function normalise(text: string): string {
  return text
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[▲△☗☖]/g, '')
    .replace(/[\s\u3000]+/g, '')
    .trim();
}

function squareOf(file: string, rank: string, files: number, ranks: number): string | null {
  const f = Number(file);
  const k = KANJI_DIGITS.indexOf(rank);
  const r = k >= 0 ? k + 1 : /^[1-9]$/.test(rank) ? Number(rank) : RANK_LETTERS.indexOf(rank) + 1;
  if (!(f >= 1 && f <= files && r >= 1 && r <= ranks)) return null;
  return `${f}${RANK_LETTERS[r - 1]}`;
}

function readJapanese(raw: string, files: number, ranks: number): MoveWords | null {
  const s = normalise(raw);
  let i = 0;
  let to: string | 'same';
  if (s.startsWith('同')) {
    to = 'same';
    i = 1;
  } else {
    const file = s[0] ?? '';
    const rank = s[1] ?? '';
    const sq = /[1-9]/.test(file) ? squareOf(file, rank, files, ranks) : null;
    if (!sq) return null;
    to = sq;
    i = 2;
  }
  const piece = JAPANESE_PIECES.find(([name]) => s.startsWith(name, i));
  if (!piece) return null;
  i += piece[0].length;
  const words: string[] = [];
  let drop: boolean | undefined;
  let promote: boolean | undefined;
  while (i < s.length) {
    const rest = s.slice(i);
    if (rest.startsWith('不成')) { promote = false; i += 2; continue; }
    const ch = s[i++];
    if ('右左直上引寄'.includes(ch)) words.push(ch);
    else if (ch === '行' || ch === '入') words.push('上'); // older kifu's words for 上
    else if (ch === '成') promote = true;
    else if (ch === '生') promote = false;
    else if (ch === '打') drop = true;
    else return null;
  }
  return { to, role: piece[1], drop, promote, words };
}

function readWestern(raw: string, files: number, ranks: number): MoveWords | null {
  const s = raw.trim().replace(/\s+/g, '');
  const m = /^(\+?[PLNSGBRKTHD])(?:(\d)([a-i1-9]))?([-x*])(\d)([a-i1-9])([+=])?$/i.exec(s);
  if (!m) return null;
  const role = WESTERN_PIECES[m[1].toUpperCase()];
  const to = squareOf(m[5], m[6].toLowerCase(), files, ranks);
  if (!role || !to) return null;
  let from: string | undefined;
  if (m[2]) {
    const sq = squareOf(m[2], m[3].toLowerCase(), files, ranks);
    if (!sq) return null;
    from = sq;
  }
  const drop = m[4] === '*';
  const promote = m[7] === '+' ? true : m[7] === '=' ? false : undefined;
  return { to, from, role, drop, promote, words: [] };
}

interface Candidate {
  move: string;
  from: string | null; // null: a drop
  promotes: boolean;
}

// The legal moves to the square by a piece of the role (on the board, or from the hand).
function candidates(pos: ShogiPosition, legal: readonly string[], to: string, w: MoveWords): Candidate[] {
  const out: Candidate[] = [];
  for (const move of legal) {
    const d = /^([PLNSGBR])\*(\d[a-i])$/.exec(move);
    if (d) {
      if (d[2] === to && DROP_LETTER[w.role] === d[1]) out.push({ move, from: null, promotes: false });
      continue;
    }
    const m = /^(\d[a-i])(\d[a-i])(\+?)$/.exec(move);
    if (!m || m[2] !== to) continue;
    const piece = pos.board.get(m[1]);
    if (piece?.role === w.role) out.push({ move, from: m[1], promotes: m[3] === '+' });
  }
  return out;
}

function narrow(all: Candidate[], pos: ShogiPosition, w: MoveWords): TextMatch {
  let c = all;
  if (w.drop === true) c = c.filter((x) => x.from === null);
  else if (w.drop === false || c.some((x) => x.from !== null)) {
    // Without 打, a move on the board is meant when there is one (kifu write 打 only then).
    c = c.filter((x) => x.from !== null);
  }
  if (w.from) c = c.filter((x) => x.from === w.from);
  if (w.promote !== undefined) c = c.filter((x) => x.promotes === w.promote);
  const forward = pos.turn === 'sente' ? 1 : -1;
  // dy > 0: towards the opponent; the rank letters run from sente's far side.
  const dy = (x: Candidate, to: string) => (rankOf(x.from!) - rankOf(to)) * forward;
  const target = c.length ? targetOf(c[0].move) : '';
  for (const word of w.words) {
    if (word === '上') c = c.filter((x) => x.from && dy(x, target) > 0);
    else if (word === '引') c = c.filter((x) => x.from && dy(x, target) < 0);
    else if (word === '寄') c = c.filter((x) => x.from && dy(x, target) === 0);
    else if (word === '直') c = c.filter((x) => x.from && dy(x, target) > 0 && x.from[0] === target[0]);
  }
  // 右 and 左 keep the pieces furthest to the mover's right or left: sente's right is
  // file 1, gote's is the highest file.
  for (const word of w.words) {
    if (word !== '右' && word !== '左') continue;
    const onBoard = c.filter((x) => x.from);
    if (!onBoard.length) { c = []; break; }
    const rightward = (x: Candidate) => -Number(x.from![0]) * forward;
    const scores = onBoard.map(rightward);
    const best = word === '右' ? Math.max(...scores) : Math.min(...scores);
    c = onBoard.filter((x) => rightward(x) === best);
  }
  if (c.length === 1) return { kind: 'move', move: c[0].move };
  if (c.length === 0) return { kind: 'illegal' };
  return { kind: 'ambiguous', moves: c.map((x) => x.move) };
}

function rankOf(square: string): number {
  return square.charCodeAt(1) - 96;
}

function targetOf(move: string): string {
  const m = /(\d[a-i])\+?$/.exec(move);
  return m ? m[1] : '';
}
