// A chess move in Standard Algebraic Notation (Nf3, exd5, O-O, e8=Q+, R1a3, Qh4xe1#),
// matched against the legal moves (UCI: e2e4, e7e8q, castling as the king's two-square move
// or, in Chess960, the king onto its own rook). Lenient as people are: 0-0 for O-O, check
// and annotation marks ignored, a lower-case piece letter when it cannot be a pawn's file.
import type { TextMatch } from './shogi-move-text';

const ROLE_LETTERS = 'pnbrqk';
const SAN = /^([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=?([NBRQ]))?$/;

// As people type when they do not shift: "nf3" (a letter that is no file is a piece), "e8q".
function lenient(s: string): string {
  const piece = /^[nrqk]/.test(s) ? s[0].toUpperCase() + s.slice(1) : s;
  return piece.replace(/([1-8])(=?)([nbrq])$/, (_all, r: string, eq: string, p: string) => r + eq + p.toUpperCase());
}

export function matchChessSan(text: string, fen: string, legal: readonly string[]): TextMatch {
  const board = readBoard(fen);
  if (!board) return { kind: 'unread' };
  const s = text.trim().replace(/[+#!?]+$/, '').replace(/\s*e\.?p\.?$/i, '');
  const castle = /^([O0])-?\1(-?\1)?$/i.exec(s);
  if (castle) return pick(castling(board, legal, !!castle[2]));
  const m = SAN.exec(s) ?? SAN.exec(lenient(s));
  if (!m) return { kind: 'unread' };
  const role = (m[1] ?? 'P').toLowerCase();
  const [, , file, rank, , to, promo] = m;
  const found = legal.filter((u) => {
    const x = /^([a-h][1-8])([a-h][1-8])([qrbn]?)$/.exec(u);
    if (!x || x[2] !== to) return false;
    const piece = board.get(x[1]);
    if (!piece || piece !== role) return false;
    if (file && x[1][0] !== file) return false;
    if (rank && x[1][1] !== rank) return false;
    // A move onto its own rook is Chess960's castling: that is written O-O, not Kxh1.
    if (role === 'k' && isCastling(board, u)) return false;
    return promo ? x[3] === promo.toLowerCase() : true;
  });
  return pick(found);
}

function pick(found: string[]): TextMatch {
  if (found.length === 1) return { kind: 'move', move: found[0] };
  return found.length ? { kind: 'ambiguous', moves: found } : { kind: 'illegal' };
}

// Each square's piece as a lower-case role letter, own side's only (the side to move's).
function readBoard(fen: string): Map<string, string> | null {
  const [placement, side] = fen.trim().split(/\s+/);
  if (!placement || (side !== 'w' && side !== 'b')) return null;
  const rows = placement.split('/');
  if (rows.length !== 8) return null;
  const board = new Map<string, string>();
  for (let r = 0; r < 8; r++) {
    let f = 0;
    for (const ch of rows[r]) {
      if (/\d/.test(ch)) { f += Number(ch); continue; }
      const white = ch === ch.toUpperCase();
      if (ROLE_LETTERS.includes(ch.toLowerCase()) && white === (side === 'w')) {
        board.set(`${'abcdefgh'[f]}${8 - r}`, ch.toLowerCase());
      } else if (ROLE_LETTERS.includes(ch.toLowerCase())) board.set(`${'abcdefgh'[f]}${8 - r}`, 'enemy');
      f++;
    }
  }
  return board;
}

// A king's move of two files, or onto its own rook (Chess960's form).
function isCastling(board: Map<string, string>, uci: string): boolean {
  const from = uci.slice(0, 2), to = uci.slice(2, 4);
  if (board.get(from) !== 'k' || from[1] !== to[1]) return false;
  return board.get(to) === 'r' || Math.abs(from.charCodeAt(0) - to.charCodeAt(0)) >= 2;
}

function castling(board: Map<string, string>, legal: readonly string[], queenside: boolean): string[] {
  return legal.filter((u) => isCastling(board, u) && (u.charCodeAt(2) < u.charCodeAt(0)) === queenside);
}
