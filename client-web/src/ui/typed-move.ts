// A move typed in the move box, held against the legal moves: the move to play, or why
// not, in words a player can act on. Besides the server's own notation (USI, UCI), a move
// may be written as people write it: SAN on the chess board, Japanese (７六歩, 同　銀) or
// Western (P-7f) notation on shogi boards (games/*-move-text.ts).
import { t } from '../i18n';
import { matchChessSan } from '../games/chess-move-text';
import { matchShogiText, type TextMatch } from '../games/shogi-move-text';
import { isMyTurn, type RoomState } from '../state/room';

export interface TypedMoveVerdict {
  move: string | null;
  why: string;
}

// What the box needs to know of the game: its board and the position the moves start from.
export interface TypedMoveContext {
  legalMoves: readonly string[];
  myTurn: boolean;
  notation?: 'san' | 'kifu'; // the people's notation the board reads (chess's SAN, shogi's), if any
  position?: string; // FEN or SFEN of the position to move in
  files?: number;
  ranks?: number;
  lastTo?: string | null; // the last move's square (同)
  // How a candidate is shown when the text fits several moves.
  display?: (move: string) => string;
}

export function typedMoveVerdict(typed: string, ctx: TypedMoveContext): TypedMoveVerdict {
  const text = typed.trim();
  const legal = ctx.legalMoves;
  if (!ctx.myTurn) return { move: null, why: t('play.typed.notYourTurn') };
  const found = legal.find((m) => m.toLowerCase() === text.toLowerCase());
  if (found) return { move: found, why: '' };
  const read = readNotation(text, ctx);
  if (read.kind === 'move') return { move: read.move, why: '' };
  if (read.kind === 'ambiguous') {
    const show = ctx.display ?? ((m: string) => m);
    return { move: null, why: t('play.typed.ambiguous', { move: text, moves: read.moves.map(show).join(', ') }) };
  }
  if (read.kind === 'illegal') return { move: null, why: t('play.typed.notLegal', { move: text }) };
  // The same origin square as some legal move: that piece may move, just not there.
  const from = legal.find((m) => m.length > 2 && text.length > 2 && m.slice(0, 2).toLowerCase() === text.slice(0, 2).toLowerCase() && !m.includes('*') && !text.includes('*'));
  if (from) return { move: null, why: t('play.typed.notThere', { move: text, from: from.slice(0, 2) }) };
  const example = legal[0];
  return { move: null, why: example ? t('play.typed.illegal', { move: text, example }) : t('play.typed.none') };
}

// The box's context in a room: the board's notation follows from what the server says of
// the game (a chess board, or shogi pieces with USI moves and nothing hidden).
export function roomMoveContext(s: RoomState): TypedMoveContext {
  const g = s.game;
  const notation = g.board === 'checkered' ? 'san'
    : g.board === 'koma' && g.notation === 'usi' && !g.hidden_information ? 'kifu' : undefined;
  const last = s.moves.length ? /(\d[a-i])\+?$/.exec(s.moves[s.moves.length - 1].move) : null;
  return {
    legalMoves: s.legalMoves, myTurn: isMyTurn(s), notation, position: s.position,
    files: g.files, ranks: g.ranks, lastTo: last ? last[1] : null,
  };
}

function readNotation(text: string, ctx: TypedMoveContext): TextMatch {
  if (!ctx.position) return { kind: 'unread' };
  if (ctx.notation === 'san') return matchChessSan(text, ctx.position, ctx.legalMoves);
  if (ctx.notation === 'kifu' && ctx.files && ctx.ranks) {
    return matchShogiText(text, ctx.position, ctx.files, ctx.ranks, ctx.legalMoves, ctx.lastTo ?? null);
  }
  return { kind: 'unread' };
}
