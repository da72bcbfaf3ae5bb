// Readable shogi moves from USI: Japanese style (☗7六歩, ☖同　銀, 2二角成, 5五歩打) or the
// Western style (P-7f, Bx2b+, S*5e, N-3c=). Used when the server sends USI as the display
// form. The position is replayed from the game's start; no legality is checked here.
import { parseShogiPosition, type ShogiPosition, type SPiece } from '../boards/shogi-position';

const KANJI: Record<string, string> = {
  pawn: '歩', lance: '香', knight: '桂', silver: '銀', gold: '金', bishop: '角', rook: '飛', king: '玉',
  tokin: 'と', promotedlance: '成香', promotedknight: '成桂', promotedsilver: '成銀', horse: '馬', dragon: '龍',
};
const LETTER: Record<string, string> = {
  pawn: 'P', lance: 'L', knight: 'N', silver: 'S', gold: 'G', bishop: 'B', rook: 'R', king: 'K',
  tokin: '+P', promotedlance: '+L', promotedknight: '+N', promotedsilver: '+S', horse: '+B', dragon: '+R',
};
const PROMOTE: Record<string, string> = {
  pawn: 'tokin', lance: 'promotedlance', knight: 'promotedknight', silver: 'promotedsilver', bishop: 'horse', rook: 'dragon',
};
const UNPROMOTE: Record<string, string> = Object.fromEntries(Object.entries(PROMOTE).map(([a, b]) => [b, a]));
const DROP: Record<string, string> = { P: 'pawn', L: 'lance', N: 'knight', S: 'silver', G: 'gold', B: 'bishop', R: 'rook' };
const RANK_KANJI = '一二三四五六七八九';

export type ShogiStyle = 'japanese' | 'western';

function inZone(square: string, color: SPiece['color'], ranks: number): boolean {
  const r = square.charCodeAt(1) - 96;
  const depth = ranks === 9 ? 3 : 1;
  return color === 'sente' ? r <= depth : r > ranks - depth;
}

// One readable move per USI move; falls back to the USI text where the replay fails.
export function shogiDisplay(initial: string, usi: readonly string[], size: number, style: ShogiStyle): string[] {
  const pos: ShogiPosition | null = parseShogiPosition(initial, size, size);
  if (!pos) return usi.slice();
  const out: string[] = [];
  let prevDest = '';
  let color: SPiece['color'] = pos.turn;
  for (const m of usi) {
    const text = step(pos, m, color, prevDest, style);
    out.push(text ?? m);
    const dest = /(\d[a-i])\+?$/.exec(m);
    prevDest = dest ? dest[1] : '';
    color = color === 'sente' ? 'gote' : 'sente';
  }
  return out;
}

function step(pos: ShogiPosition, m: string, color: SPiece['color'], prevDest: string, style: ShogiStyle): string | null {
  const drop = /^([PLNSGBR])\*(\d[a-i])$/.exec(m);
  if (drop) {
    const role = DROP[drop[1]];
    pos.board.set(drop[2], { color, role });
    const hand = pos.hands[color];
    hand.set(role, Math.max(0, (hand.get(role) ?? 1) - 1));
    return style === 'japanese' ? `${square(drop[2])}${KANJI[role]}打` : `${drop[1]}*${drop[2]}`;
  }
  const mv = /^(\d[a-i])(\d[a-i])(\+?)$/.exec(m);
  if (!mv) return null;
  const piece = pos.board.get(mv[1]);
  if (!piece) return null;
  const captured = pos.board.get(mv[2]);
  if (captured) {
    const role = UNPROMOTE[captured.role] ?? captured.role;
    pos.hands[color].set(role, (pos.hands[color].get(role) ?? 0) + 1);
  }
  const promote = mv[3] === '+';
  const couldPromote = !!PROMOTE[piece.role] && (inZone(mv[1], color, pos.ranks) || inZone(mv[2], color, pos.ranks));
  pos.board.delete(mv[1]);
  pos.board.set(mv[2], { color, role: promote ? PROMOTE[piece.role] : piece.role });
  if (style === 'japanese') {
    const where = mv[2] === prevDest ? '同　' : square(mv[2]);
    return `${where}${KANJI[piece.role]}${promote ? '成' : couldPromote ? '不成' : ''}`;
  }
  return `${LETTER[piece.role]}${captured ? 'x' : '-'}${mv[2]}${promote ? '+' : couldPromote ? '=' : ''}`;
}

function square(key: string): string {
  return `${key[0]}${RANK_KANJI[key.charCodeAt(1) - 97]}`;
}
