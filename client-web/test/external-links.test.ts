import { describe, expect, it } from 'vitest';
import {
  encodePositionPath, externalLinks, lichessGameUrl, lichessPositionUrl, lishogiGameUrl, lishogiPositionUrl,
  playedElsewhere, LICHESS_PGN_CHARS, MAX_URL_LENGTH,
} from '../src/games/external-links';

const CHESS_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const SHOGI_START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
const m = (move: string, display = move) => ({ move, display });

describe('positions on other sites', () => {
  it('writes a FEN with its spaces as underscores under the variant lichess names', () => {
    expect(lichessPositionUrl('chess', CHESS_START))
      .toBe('https://lichess.org/analysis/standard/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1');
    expect(lichessPositionUrl('kingofthehill', CHESS_START)).toMatch(/^https:\/\/lichess\.org\/analysis\/kingOfTheHill\/rnbqkbnr\//);
    expect(lichessPositionUrl('racingkings', '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1'))
      .toBe('https://lichess.org/analysis/racingKings/8/8/8/8/8/8/krbnNBRK/qrbnNBRQ_w_-_-_0_1');
  });

  it('escapes what a path cannot hold: + # ? [ ] and percent', () => {
    const threeCheck = lichessPositionUrl('3check', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1')!;
    expect(threeCheck).toContain('/analysis/threeCheck/');
    expect(threeCheck).toContain('_3%2B3_'); // lichess reads a literal + as a space
    const zh = lichessPositionUrl('crazyhouse', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1')!;
    expect(zh).toContain('RNBQKBNR%5BNn%5D_w');
    expect(encodePositionPath('a#b?c%d e', false)).toBe('a%23b%3Fc%25d_e');
    expect(encodePositionPath('  x   y ', false)).toBe('x_y');
  });

  it('writes an SFEN for lishogi, promoted pieces kept as +, minishogi under its name', () => {
    expect(lishogiPositionUrl('shogi', SHOGI_START))
      .toBe('https://lishogi.org/analysis/lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL_b_-_1');
    expect(lishogiPositionUrl('minishogi', 'rbsg+p/4k/5/P4/KGSBR w - 2'))
      .toBe('https://lishogi.org/analysis/minishogi/rbsg+p/4k/5/P4/KGSBR_w_-_2');
  });

  it('has no link for a game the other sites do not play', () => {
    for (const id of ['reversi', 'hasami', 'dogcat', 'xiangqi', 'capablanca', 'duck'])
      expect(externalLinks({ gameId: id, position: 'x', initial: 'x', moves: [m('a')] })).toEqual([]);
    expect(playedElsewhere('atomic')).toBe('lichess');
    expect(playedElsewhere('minishogi')).toBe('lishogi');
    expect(playedElsewhere('toString')).toBeNull(); // no inherited names
  });
});

describe('games on other sites', () => {
  it('writes a chess game on lichess\'s PGN route without check marks', () => {
    const moves = [m('f2f3', 'f3'), m('e7e5', 'e5'), m('g2g4', 'g4'), m('d8h4', 'Qh4#')];
    const link = lichessGameUrl('chess', CHESS_START, moves)!;
    expect(link.url).toBe('https://lichess.org/analysis/pgn/1.f3_e5_2.g4_Qh4');
    expect(link.truncated).toBeUndefined();
    expect(lichessGameUrl('chess', CHESS_START, [m('e2e4', 'e4'), m('d7d5', 'd5'), m('e4d5', 'exd5'), m('d8d5', 'Qxd5'), m('b1c3', 'Nc3+')])!.url)
      .toBe('https://lichess.org/analysis/pgn/1.e4_d5_2.exd5_Qxd5_3.Nc3');
    expect(lichessGameUrl('chess', CHESS_START, [m('e1g1', 'O-O'), m('e7e8q', 'e8=Q+')])!.url).toMatch(/1\.O-O_e8=Q$/);
  });

  it('gives no game link where lichess\'s route cannot hold the game', () => {
    expect(lichessGameUrl('chess', '8/8/8/8/8/8/8/K6k w - - 0 1', [m('a1a2', 'Ka2')])).toBeNull(); // another start
    expect(lichessGameUrl('crazyhouse', CHESS_START, [m('e2e4', 'e4')])).toBeNull(); // the route is standard chess
    expect(lichessGameUrl('chess', CHESS_START, [])).toBeNull();
    expect(lichessGameUrl('chess', CHESS_START, [m('e2e4', 'e4 {x}')])).toBeNull(); // not SAN
  });

  it('keeps the first moves of a long game, within what the route reads', () => {
    const moves = Array.from({ length: 1500 }, (_, i) => (i % 2 ? m('g8f6', 'Nf6') : m('g1f3', 'Nf3')));
    const link = lichessGameUrl('chess', CHESS_START, moves)!;
    expect(link.truncated).toBe(true);
    expect(link.moves).toBeGreaterThan(100);
    expect(link.moves).toBeLessThan(1500);
    const text = link.url.slice('https://lichess.org/analysis/pgn/'.length);
    expect(text.length).toBeLessThanOrEqual(LICHESS_PGN_CHARS);
    expect(text.endsWith('_')).toBe(false);
    expect(text.split('_').filter((t) => !/^\d+\./.test(t)).length + text.split('_').filter((t) => /^\d+\./.test(t)).length).toBe(link.moves);
  });

  it('writes a shogi game on lishogi with its moves and the ply to open at', () => {
    const moves = [m('7g7f'), m('3c3d'), m('8h2b+'), m('3a2b'), m('B*4e')];
    const link = lishogiGameUrl('shogi', SHOGI_START, moves, 3)!;
    expect(link.url).toBe('https://lishogi.org/analysis/lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL_b_-_1?moves=7g7f_3c3d_8h2b%2B_3a2b_B*4e#3');
    expect(lishogiGameUrl('minishogi', 'rbsgk/4p/5/P4/KGSBR b - 1', [m('5d5c')])!.url)
      .toBe('https://lishogi.org/analysis/minishogi/rbsgk/4p/5/P4/KGSBR_b_-_1?moves=5d5c');
    expect(lishogiGameUrl('shogi', SHOGI_START, [m('?*4e')])).toBeNull(); // not USI
    expect(lishogiGameUrl('chess', SHOGI_START, [m('7g7f')])).toBeNull();
  });

  it('keeps a long shogi game under the URL limit', () => {
    const moves = Array.from({ length: 3000 }, (_, i) => m(i % 2 ? '5a4b' : '5i4h'));
    const link = lishogiGameUrl('shogi', SHOGI_START, moves, 2999)!;
    expect(link.url.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
    expect(link.truncated).toBe(true);
    expect(link.url).not.toContain('#'); // the ply asked for is past what the link holds
  });

  it('lists the position and the game together', () => {
    const links = externalLinks({ gameId: 'shogi', position: SHOGI_START, initial: SHOGI_START, moves: [m('7g7f')], atPly: 1 });
    expect(links.map((l) => `${l.site}:${l.kind}`)).toEqual(['lishogi:position', 'lishogi:game']);
    const chess = externalLinks({ gameId: 'atomic', position: CHESS_START, initial: CHESS_START, moves: [m('e2e4', 'e4')] });
    expect(chess.map((l) => `${l.site}:${l.kind}`)).toEqual(['lichess:position']);
  });
});
