// A move typed in the move box, held against the legal moves: the move to play, or why
// not, in words a player can act on.
import { t } from '../i18n';

export interface TypedMoveVerdict {
  move: string | null;
  why: string;
}

export function typedMoveVerdict(typed: string, legalMoves: readonly string[], myTurn: boolean): TypedMoveVerdict {
  const text = typed.trim();
  if (!myTurn) return { move: null, why: t('play.typed.notYourTurn') };
  const found = legalMoves.find((m) => m.toLowerCase() === text.toLowerCase());
  if (found) return { move: found, why: '' };
  // The same origin square as some legal move: that piece may move, just not there.
  const from = legalMoves.find((m) => m.length > 2 && text.length > 2 && m.slice(0, 2).toLowerCase() === text.slice(0, 2).toLowerCase() && !m.includes('*') && !text.includes('*'));
  if (from) return { move: null, why: t('play.typed.notThere', { move: text, from: from.slice(0, 2) }) };
  const example = legalMoves[0];
  return { move: null, why: example ? t('play.typed.illegal', { move: text, example }) : t('play.typed.none') };
}
