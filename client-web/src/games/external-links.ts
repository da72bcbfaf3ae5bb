// Links that open a position or a game on the analysis boards of other sites: lichess for
// chess and the fairy variants it plays, lishogi for shogi and minishogi. Pure functions
// (no DOM), so the URL forms are tested on their own; docs/client.md lists the forms.
//
// lichess: https://lichess.org/analysis/<variant>/<FEN>, the FEN's spaces written `_`, and
//   https://lichess.org/analysis/pgn/<movetext> for a game of standard chess from the usual
//   start (the site reads only the first 5,000 characters of it, and turns `_` and `+` into
//   spaces, so check marks are left out of the moves).
// lishogi: https://lishogi.org/analysis[/minishogi]/<SFEN>?moves=<usi>_<usi>..., the SFEN's
//   spaces written `_` (`/` and `+` kept as they are), `#<ply>` to open at a move.

export type ExternalSite = 'lichess' | 'lishogi';

export interface ExternalLink {
  site: ExternalSite;
  kind: 'position' | 'game';
  url: string;
  // The game link holds only the first `moves` moves (a URL has to stay short).
  truncated?: boolean;
  moves?: number;
}

// One played move, in the protocol's notation and as people write it.
export interface LinkMove {
  move: string;
  display: string;
}

// URLs past this length are refused by some browsers and servers.
export const MAX_URL_LENGTH = 8000;
// lichess's PGN route reads this many characters of the movetext.
export const LICHESS_PGN_CHARS = 5000;

const LICHESS = 'https://lichess.org';
const LISHOGI = 'https://lishogi.org';
const CHESS_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// Banmen's game ids of the games lichess plays, and the names its URLs use for them.
const LICHESS_VARIANTS: Record<string, string> = {
  chess: 'standard',
  chess960: 'chess960',
  crazyhouse: 'crazyhouse',
  kingofthehill: 'kingOfTheHill',
  '3check': 'threeCheck',
  antichess: 'antichess',
  atomic: 'atomic',
  horde: 'horde',
  racingkings: 'racingKings',
};

// Banmen's game ids of the games lishogi plays, and the path segment of their variant.
const LISHOGI_VARIANTS: Record<string, string> = { shogi: '', minishogi: 'minishogi' };

export function lichessVariant(gameId: string): string | null {
  return Object.prototype.hasOwnProperty.call(LICHESS_VARIANTS, gameId) ? LICHESS_VARIANTS[gameId] : null;
}

export function lishogiVariant(gameId: string): string | null {
  return Object.prototype.hasOwnProperty.call(LISHOGI_VARIANTS, gameId) ? LISHOGI_VARIANTS[gameId] : null;
}

// Whether another site's analysis board plays this game.
export function playedElsewhere(gameId: string): ExternalSite | null {
  if (lichessVariant(gameId) !== null) return 'lichess';
  if (lishogiVariant(gameId) !== null) return 'lishogi';
  return null;
}

// A FEN or SFEN as a path segment: percent-encoded, then spaces as `_` and `/` kept
// (`+` too where the site reads it literally); `#`, `?`, `%`, `[`... stay encoded.
export function encodePositionPath(position: string, keepPlus: boolean): string {
  let s = encodeURIComponent(position.trim().replace(/\s+/g, ' ')).replace(/%20/g, '_').replace(/%2F/g, '/');
  if (keepPlus) s = s.replace(/%2B/g, '+');
  return s;
}

export function lichessPositionUrl(gameId: string, fen: string): string | null {
  const variant = lichessVariant(gameId);
  if (variant === null || !fen.trim()) return null;
  const url = `${LICHESS}/analysis/${variant}/${encodePositionPath(fen, false)}`;
  return url.length <= MAX_URL_LENGTH ? url : null;
}

export function lishogiPositionUrl(gameId: string, sfen: string): string | null {
  const variant = lishogiVariant(gameId);
  if (variant === null || !sfen.trim()) return null;
  const url = `${LISHOGI}/analysis${variant ? `/${variant}` : ''}/${encodePositionPath(sfen, true)}`;
  return url.length <= MAX_URL_LENGTH ? url : null;
}

// A SAN move as lichess's PGN route reads it: no check or mate mark (it would read `+` as
// a space), nothing else but the characters SAN uses.
function sanForUrl(san: string): string | null {
  const s = san.replace(/[+#!?]+$/g, '');
  return /^[A-Za-z0-9=\-@]+$/.test(s) ? s : null;
}

// A game of standard chess from the usual start on lichess's PGN route: move numbers and
// moves joined by `_`. A long game keeps its first moves, as many as the route reads.
export function lichessGameUrl(gameId: string, initialFen: string, moves: LinkMove[]): ExternalLink | null {
  if (gameId !== 'chess' || initialFen.trim() !== CHESS_START || moves.length === 0) return null;
  const base = `${LICHESS}/analysis/pgn/`;
  let text = '';
  let count = 0;
  for (let i = 0; i < moves.length; i++) {
    const san = sanForUrl(moves[i].display);
    if (san === null) return null; // not SAN: better no link than a wrong game
    const token = (i % 2 === 0 ? `${i / 2 + 1}.` : '') + san;
    const next = text ? `${text}_${token}` : token;
    if (next.length > LICHESS_PGN_CHARS || base.length + next.length > MAX_URL_LENGTH) break;
    text = next;
    count++;
  }
  if (count === 0) return null;
  const link: ExternalLink = { site: 'lichess', kind: 'game', url: base + text, moves: count };
  if (count < moves.length) link.truncated = true;
  return link;
}

// A shogi or minishogi game on lishogi: its start, its moves in USI, and `#ply` to open at
// the move the viewer looks at (`atPly`, 0 = the start).
export function lishogiGameUrl(gameId: string, initialSfen: string, moves: LinkMove[], atPly?: number): ExternalLink | null {
  const variant = lishogiVariant(gameId);
  if (variant === null || !initialSfen.trim() || moves.length === 0) return null;
  const base = `${LISHOGI}/analysis${variant ? `/${variant}` : ''}/${encodePositionPath(initialSfen, true)}?moves=`;
  let text = '';
  let count = 0;
  const hashRoom = 8; // "#" and a ply number
  for (const m of moves) {
    if (!/^(?:[1-9][a-i][1-9][a-i]\+?|[PLNSGBR]\*[1-9][a-i])$/.test(m.move)) return null;
    const next = text ? `${text}_${m.move}` : m.move;
    if (base.length + next.length + hashRoom > MAX_URL_LENGTH) break;
    text = next;
    count++;
  }
  if (count === 0) return null;
  let url = base + text.replace(/\+/g, '%2B'); // a query's + would read as a space
  if (atPly !== undefined && atPly > 0 && atPly <= count) url += `#${atPly}`;
  const link: ExternalLink = { site: 'lishogi', kind: 'game', url, moves: count };
  if (count < moves.length) link.truncated = true;
  return link;
}

// What a board shows, for the links under it: the game, the position shown and, when the
// game's moves up to there (or the whole game) are known, its start and moves.
export interface LinkSubject {
  gameId: string;
  position: string;
  initial?: string;
  moves?: LinkMove[];
  atPly?: number;
}

// The links for what a board shows: the position, and the game where the site's URL takes
// one. None for a game no other site plays.
export function externalLinks(s: LinkSubject): ExternalLink[] {
  const links: ExternalLink[] = [];
  const site = playedElsewhere(s.gameId);
  if (site === 'lichess') {
    const url = lichessPositionUrl(s.gameId, s.position);
    if (url) links.push({ site, kind: 'position', url });
    const game = s.initial && s.moves ? lichessGameUrl(s.gameId, s.initial, s.moves) : null;
    if (game) links.push(game);
  } else if (site === 'lishogi') {
    const url = lishogiPositionUrl(s.gameId, s.position);
    if (url) links.push({ site, kind: 'position', url });
    const game = s.initial && s.moves ? lishogiGameUrl(s.gameId, s.initial, s.moves, s.atPly) : null;
    if (game) links.push(game);
  }
  return links;
}
