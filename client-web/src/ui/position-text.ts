// The pieces on the board as words, for screen readers: each piece with its side and
// square ("Sente rook 2h"), then the pieces in hand. The boards (shogiground, chessground)
// draw pieces without names, so this list, hidden from sight, names every one of them.
import { tMaybe } from '../i18n';
import { gameMeta } from '../games/catalog';
import { sideName } from '../games/names';
import { parseShogiPosition } from '../boards/shogi-position';
import { fenParts } from '../boards/chess-moves';

const CHESS_ROLES: Record<string, string> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

function pieceWord(board: 'koma' | 'checkered', role: string): string {
  const base = role.startsWith('hidden-') ? 'hidden' : role;
  return tMaybe(`piece.${board}.${base}`) ?? role;
}

// What stands on each occupied square, as words ("Sente (Black) rook"), in board order;
// empty for reversi and fairy boards (their squares are named buttons of their own). A
// face-down dog-cat piece is only "hidden", whoever looks.
export function squareWords(gameId: string, position: string): Map<string, string> {
  const meta = gameMeta(gameId);
  const out = new Map<string, string>();
  if (!meta || meta.board === 'discs' || meta.board === 'fairy') return out;
  if (meta.board === 'checkered') {
    fenParts(position).board.split('/').forEach((row, i) => {
      let file = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) { file += Number(ch); continue; }
        const seat = ch === ch.toUpperCase() ? 0 : 1;
        out.set(`${'abcdefgh'[file]}${8 - i}`, `${sideName(gameId, seat)} ${pieceWord('checkered', CHESS_ROLES[ch.toLowerCase()] ?? ch)}`);
        file++;
      }
    });
    return out;
  }
  const pos = parseShogiPosition(position, meta.files, meta.ranks);
  for (const [square, p] of pos?.board ?? []) out.set(square, `${sideName(gameId, p.color === 'sente' ? 0 : 1)} ${pieceWord('koma', p.role)}`);
  return out;
}

// One line a piece, in board order, then the pieces in hand; empty for reversi and fairy.
export function positionLines(gameId: string, position: string): string[] {
  const out = [...squareWords(gameId, position)].map(([square, words]) => `${words} ${square}`);
  const meta = gameMeta(gameId);
  if (!meta || meta.board !== 'koma') return out;
  const pos = parseShogiPosition(position, meta.files, meta.ranks);
  if (!pos) return out;
  for (const color of ['sente', 'gote'] as const)
    for (const [role, n] of pos.hands[color])
      if (n > 0) out.push(`${sideName(gameId, color === 'sente' ? 0 : 1)} ${tMaybe('play.hand') ?? ''} ${pieceWord('koma', role)} ×${n}`);
  return out;
}
