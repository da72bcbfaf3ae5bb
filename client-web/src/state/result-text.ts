// The words of the result dialog: who won and why, for a player or a spectator.
import { t, tMaybe } from '../i18n';
import type { GameResult } from '../protocol/messages';

export interface ResultText {
  title: string;
  reason: string;
  tone: 'win' | 'lose' | 'draw' | 'neutral';
}

// Every reason code the rules specs and the server can give.
export const REASONS = [
  'checkmate', 'stalemate', 'repetition', 'perpetual_check', 'impasse_declared', 'move_limit',
  'fifty_moves', 'insufficient_material', 'king_captured', 'no_king_proven', 'no_legal_moves',
  'captures', 'disc_count', 'resignation', 'timeout', 'agreement', 'abandonment', 'abandoned', 'aborted',
  'no_first_move',
  // Fairy chess (docs/rules/fairy.md): Fairy-Stockfish's endings.
  'extinction', 'flag', 'counting', 'move_rule', 'pawn_drop_mate', 'connect', 'check_count', 'knight_mate', 'niol',
  'bikjang', 'double_pass', 'move_repetition', 'full_board', 'chase', 'castling', 'castling_right',
  'collinear',
] as const;

// `sideName(seat)` gives the translated name of a seat's side in this game. Spectators
// are told which side won; players are told whether they won. `position`, the final
// position when known, lets a count decide the game say the count (reversi's discs).
export function resultText(r: GameResult, sideName: (seat: 0 | 1) => string, spectator: boolean, position?: string): ResultText {
  let reason = tMaybe(`reason.${r.reason}`) ?? t('reason.unknown', { reason: r.reason });
  const discs = r.reason === 'disc_count' && position ? discCount(position) : null;
  if (discs) reason = t('reason.disc_count_n', { first: sideName(0), a: discs[0], second: sideName(1), b: discs[1] });
  switch (r.result) {
    case 'win':
      if (spectator && (r.winner === 0 || r.winner === 1))
        return { title: t('result.sideWins', { side: sideName(r.winner) }), reason, tone: 'neutral' };
      return { title: t('result.win'), reason, tone: 'win' };
    case 'lose':
      return { title: t('result.lose'), reason, tone: 'lose' };
    case 'draw':
      return { title: t('result.draw'), reason, tone: 'draw' };
    default:
      return { title: t('result.aborted'), reason, tone: 'neutral' };
  }
}

// Black's and White's discs in a reversi position string (`X` black, seat 0; `O` white).
function discCount(position: string): [number, number] | null {
  const cells = position.trim().split(/\s+/)[0] ?? '';
  if (cells.length !== 64) return null;
  let x = 0, o = 0;
  for (const ch of cells) {
    if (ch === 'X') x++;
    else if (ch === 'O') o++;
  }
  return [x, o];
}
