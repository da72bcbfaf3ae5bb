// Dog-cat after the end: a replayed position redrawn with every hidden piece's true type
// and the king-candidate marks of one viewpoint, from the position's `reveal` (the
// positions route, docs/protocol.md). The board draws a `?` piece (a possible king) with a
// glow and a `!` piece without, so:
//  - 'both': each hidden piece glows if its opponent still counted it a possible king;
//  - seat s ("as Black saw it"): only the opponent's pieces that s still counted as possible
//    kings glow; s's own pieces show their types without marks.
// Only for finished games: the server sends `reveal` for nothing else.
import type { Reveal } from '../protocol/positions';

export type RevealView = 'both' | 0 | 1;

const BOARD_TOKEN = /^([?!])?(\+)?([A-Za-z])/;

function squareOf(file: number, rank: number): string {
  return `${file}${'abcdefghi'[rank - 1]}`;
}

// `files`: the board's width (5 for dog-cat).
export function revealPosition(position: string, reveal: Reveal, view: RevealView, files = 5): string {
  const parts = position.trim().split(/\s+/);
  if (parts.length < 2) return position;
  const bySquare = new Map(reveal.hidden.filter((p) => p.where !== 'hand').map((p) => [p.where, p]));
  const rows = parts[0].split('/').map((row, r) => {
    let out = '';
    let file = files;
    let i = 0;
    while (i < row.length) {
      const d = /^\d+/.exec(row.slice(i));
      if (d) {
        out += d[0];
        file -= Number(d[0]);
        i += d[0].length;
        continue;
      }
      const m = BOARD_TOKEN.exec(row.slice(i));
      if (!m) return row; // not a position this reads: leave it as it came
      i += m[0].length;
      const sq = squareOf(file--, r + 1);
      const hidden = reveal ? bySquare.get(sq) : undefined;
      if (!m[1] && !hidden) {
        out += m[0];
        continue;
      }
      const owner = m[3] === m[3].toUpperCase() ? 0 : 1;
      const letter = hidden?.type ?? m[3].toUpperCase();
      const candidate =
        view === 'both' ? (hidden ? hidden.candidate : m[1] === '?') : owner === view ? false : reveal.king_candidates_seen_by[view].includes(sq);
      out += (candidate ? '?' : '!') + (owner === 0 ? letter.toUpperCase() : letter.toLowerCase());
    }
    return out;
  });
  parts[0] = rows.join('/');
  if (parts[2] && parts[2] !== '-') parts[2] = revealHands(parts[2], reveal);
  return parts.join(' ');
}

// Hidden pieces in hand whose type the text does not give (`X`) take the revealed types of
// their owner's pieces in hand, in order.
function revealHands(hands: string, reveal: Reveal): string {
  const queue: [string[], string[]] = [[], []];
  for (const p of reveal.hidden) if (p.where === 'hand') queue[p.owner].push(p.type);
  return hands.replace(/(\d*)([?!]?)([Xx])/g, (whole, count: string, _mark: string, x: string) => {
    const owner = x === 'X' ? 0 : 1;
    const n = Number(count) || 1;
    const types = queue[owner].splice(0, n);
    if (types.length !== n) return whole;
    return types.map((t) => `?${owner === 0 ? t.toUpperCase() : t.toLowerCase()}`).join('');
  });
}

// The squares each seat still counted as the opponent's possible kings, for the words
// under the board: [seen by seat 0, seen by seat 1].
export function candidateSquares(reveal: Reveal): [string[], string[]] {
  return [reveal.king_candidates_seen_by[0].slice().sort(), reveal.king_candidates_seen_by[1].slice().sort()];
}
