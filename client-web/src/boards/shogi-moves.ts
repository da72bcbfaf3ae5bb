// Turns the server's legal USI moves into what shogiground needs (destinations for each
// piece and each hand piece, and where promotion is a choice) and back again.
import { hiddenRole, type Color, type SPiece } from './shogi-position';

const DROP_ROLE: Record<string, string> = {
  P: 'pawn', L: 'lance', N: 'knight', S: 'silver', G: 'gold', B: 'bishop', R: 'rook', K: 'king',
};
const HIDDEN_LETTER: Record<string, string> = { K: 'king', R: 'rook', B: 'bishop', G: 'gold', S: 'silver' };

export const PROMOTES: Record<string, string> = {
  pawn: 'tokin', lance: 'promotedlance', knight: 'promotedknight', silver: 'promotedsilver',
  bishop: 'horse', rook: 'dragon',
};

// What a piece becomes when it promotes. A dog-cat piece its owner sees face down
// (`hidden-rook-c`) promotes as its type does and is turned face up by it; without this the
// board offered no choice for it and sent the move unpromoted.
export function promotedRole(role: string): string | undefined {
  return PROMOTES[role] ?? PROMOTES[/^hidden-(\w+)-[cn]$/.exec(role)?.[1] ?? ''];
}

export interface ShogiMoveMaps {
  dests: Map<string, string[]>;
  dropDests: Map<string, string[]>; // key: "<color> <role>"
  promoOptional: Set<string>; // "<orig><dest>" where both forms are legal
  promoForced: Set<string>; // "<orig><dest>" where only the promotion is legal
}

const BOARD_MOVE = /^(\d[a-i])(\d[a-i])(\+?)$/;
const DROP = /^([PLNSGBRK])\*(\d[a-i])$/;
const HIDDEN_DROP = /^\?([KRBGS])\*(\d[a-i])$/;

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

export function moveMaps(legal: readonly string[], mover: Color): ShogiMoveMaps {
  const dests = new Map<string, string[]>();
  const dropDests = new Map<string, string[]>();
  const plain = new Set<string>();
  const promoted = new Set<string>();
  for (const m of legal) {
    let x = BOARD_MOVE.exec(m);
    if (x) {
      push(dests, x[1], x[2]);
      (x[3] ? promoted : plain).add(x[1] + x[2]);
      continue;
    }
    x = DROP.exec(m);
    if (x) {
      push(dropDests, `${mover} ${DROP_ROLE[x[1]]}`, x[2]);
      continue;
    }
    x = HIDDEN_DROP.exec(m);
    if (x) push(dropDests, `${mover} ${hiddenRole(HIDDEN_LETTER[x[1]], null)}`, x[2]);
  }
  const promoOptional = new Set([...promoted].filter((k) => plain.has(k)));
  const promoForced = new Set([...promoted].filter((k) => !plain.has(k)));
  return { dests, dropDests, promoOptional, promoForced };
}

export function boardMoveUsi(orig: string, dest: string, promote: boolean): string {
  return `${orig}${dest}${promote ? '+' : ''}`;
}

// The USI text of dropping `piece` on `key`; null for a piece that cannot be dropped.
export function dropUsi(piece: SPiece, key: string): string | null {
  const hidden = /^hidden-(king|rook|bishop|gold|silver)$/.exec(piece.role);
  if (hidden) {
    const letter = Object.keys(HIDDEN_LETTER).find((l) => HIDDEN_LETTER[l] === hidden[1]);
    return letter ? `?${letter}*${key}` : null;
  }
  const letter = Object.keys(DROP_ROLE).find((l) => DROP_ROLE[l] === piece.role);
  return letter ? `${letter}*${key}` : null;
}

// The squares a USI move touches, for the last-move highlight (public hidden drops
// `?*3e` included).
export function moveSquares(usi: string): string[] {
  const b = BOARD_MOVE.exec(usi);
  if (b) return [b[1], b[2]];
  const d = /\*(\d[a-i])$/.exec(usi);
  return d ? [d[1]] : [];
}
