// shogiground reads boards and hands as SFEN with one letter per role (case gives the
// colour). Dog-cat's hidden pieces have no SFEN letter, so each gets a spare letter of
// its own here; this code is private between the client and its board.
import { GAMES, gameMeta } from '../games/catalog';
import { squareKey, type ShogiPosition, type SPiece, type Color } from './shogi-position';

const STANDARD: Record<string, string> = {
  pawn: 'p', lance: 'l', knight: 'n', silver: 's', gold: 'g', bishop: 'b', rook: 'r', king: 'k',
  tokin: '+p', promotedlance: '+l', promotedknight: '+n', promotedsilver: '+s', horse: '+b', dragon: '+r',
};

const HIDDEN_TYPES = ['king', 'rook', 'bishop', 'gold', 'silver', 'unknown'];
const SPARE = 'acdefhijmoqtuvwxyz';

const tokenOf = new Map<string, string>(Object.entries(STANDARD));
{
  let i = 0;
  for (const type of HIDDEN_TYPES)
    for (const suffix of ['-c', '-n', '']) tokenOf.set(`hidden-${type}${suffix}`, SPARE[i++]);
}
const roleOf = new Map<string, string>([...tokenOf].map(([role, tok]) => [tok, role]));

export function toForsyth(role: string): string | undefined {
  return tokenOf.get(role);
}

export function fromForsyth(token: string): string | undefined {
  return roleOf.get(token.toLowerCase());
}

function cased(p: SPiece): string {
  const tok = tokenOf.get(p.role) ?? '';
  return p.color === 'sente' ? tok.toUpperCase() : tok;
}

export function boardSfen(pos: ShogiPosition): string {
  const rows: string[] = [];
  for (let r = 1; r <= pos.ranks; r++) {
    let row = '';
    let empty = 0;
    for (let f = pos.files; f >= 1; f--) {
      const p = pos.board.get(squareKey(f, r));
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += cased(p);
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join('/');
}

export function handsSfen(pos: ShogiPosition): string {
  let out = '';
  for (const color of ['sente', 'gote'] as Color[])
    for (const [role, n] of pos.hands[color]) if (n > 0) out += (n > 1 ? String(n) : '') + cased({ color, role });
  return out || '-';
}

// Roles shown in hands, in display order (hidden pieces first, as they start there).
// A spectator's board has no typed hidden roles at all, not even empty ones.
export function handRoles(gameId: string, spectator = false): string[] {
  const meta = gameMeta(gameId);
  const hand = meta?.hand ?? GAMES[0].hand;
  if (meta?.hiddenPieces)
    return ['hidden-unknown', ...(spectator ? [] : hand.map((r) => `hidden-${r}`)), ...hand];
  return [...hand];
}
