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
] as const;

// `sideName(seat)` gives the translated name of a seat's side in this game. Spectators
// are told which side won; players are told whether they won.
export function resultText(r: GameResult, sideName: (seat: 0 | 1) => string, spectator: boolean): ResultText {
  const reason = tMaybe(`reason.${r.reason}`) ?? t('reason.unknown', { reason: r.reason });
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
