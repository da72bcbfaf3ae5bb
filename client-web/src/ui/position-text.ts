// The pieces on the board as words, for screen readers: each piece with its side and
// square ("Sente rook 2h"), then the pieces in hand. The boards (shogiground, chessground)
// draw pieces without names, so this list, hidden from sight, names every one of them.
import { tMaybe } from '../i18n';
import { gameMeta } from '../games/catalog';
import { sideName } from '../games/names';
import { parseShogiPosition } from '../boards/shogi-position';
import { fenParts } from '../boards/chess-moves';

const CHESS_ROLES: Record<string, string> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

function pieceWord(family: 'shogi' | 'chess', role: string): string {
  const base = role.startsWith('hidden-') ? 'hidden' : role;
  return tMaybe(`piece.${family}.${base}`) ?? role;
}

// One line a piece, in board order; empty for reversi (its squares are named buttons).
export function positionLines(gameId: string, position: string): string[] {
  const meta = gameMeta(gameId);
  if (!meta || meta.board === 'reversi' || meta.board === 'fairy') return []; // fairy: named buttons
  if (meta.board === 'chess') {
    const rows = fenParts(position).board.split('/');
    const out: string[] = [];
    rows.forEach((row, i) => {
      let file = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) { file += Number(ch); continue; }
        const square = `${'abcdefgh'[file]}${8 - i}`;
        const seat = ch === ch.toUpperCase() ? 0 : 1;
        out.push(`${sideName(gameId, seat)} ${pieceWord('chess', CHESS_ROLES[ch.toLowerCase()] ?? ch)} ${square}`);
        file++;
      }
    });
    return out;
  }
  const pos = parseShogiPosition(position, meta.files, meta.ranks);
  if (!pos) return [];
  const out: string[] = [];
  for (const [square, p] of pos.board) out.push(`${sideName(gameId, p.color === 'sente' ? 0 : 1)} ${pieceWord('shogi', p.role)} ${square}`);
  for (const color of ['sente', 'gote'] as const)
    for (const [role, n] of pos.hands[color])
      if (n > 0) out.push(`${sideName(gameId, color === 'sente' ? 0 : 1)} ${tMaybe('play.hand') ?? ''} ${pieceWord('shogi', role)} ×${n}`);
  return out;
}
