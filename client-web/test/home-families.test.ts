// The home page's groups of fairy variants (the server's `family`, else the marked
// fallback), the start-position pictures drawn from a variant's facts, the rules words in
// both languages, and the custom form's reading of the server's check.
import { describe, expect, it } from 'vitest';
import { FALLBACK_FAMILY, FAMILIES, familyOf, groupByFamily, guessFamily } from '../src/games/families';
import { diagramMarkup, parseDiagramFen } from '../src/games/variant-diagram';
import { readAnswer } from '../src/games/variant-form';
import { en } from '../src/i18n/en';
import { ja } from '../src/i18n/ja';
import type { GameInfoMsg, VariantInfo } from '../src/protocol/messages';

const variant = (over: Partial<VariantInfo> = {}): VariantInfo => ({
  name: 'x', files: 8, ranks: 8, start_fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  chess960: false, promotion_pieces: 'qrbn', pieces: [], ...over,
});
const game = (id: string, over: Partial<GameInfoMsg> = {}, v: Partial<VariantInfo> = {}): GameInfoMsg => ({
  id, name: id, sides: ['White', 'Black'], side_letters: ['w', 'b'], hidden_information: false, variant: variant(v), ...over,
});

// The 36 room variants, as the server lists them by family.
const ROOM_VARIANTS: Record<string, string[]> = {
  chess: ['chess960', 'capablanca', 'gothic', 'embassy', 'janus', 'grand', 'almost', 'amazon', 'kingofthehill', 'knightmate', 'atomic', '3check', 'antichess', 'horde', 'racingkings', 'duck'],
  drops: ['crazyhouse', 'placement', 'seirawan', 'shouse', 'capahouse'],
  shogi: ['kyotoshogi', 'torishogi', 'euroshogi', 'judkins'],
  asian: ['xiangqi', 'minixiangqi', 'janggi', 'makruk', 'cambodian', 'sittuyin', 'shatranj'],
  small: ['gardner', 'losalamos', 'dobutsu', 'micro'],
};

describe('variant families', () => {
  it('takes the server\'s family over the fallback', () => {
    expect(familyOf(game('crazyhouse', { family: 'small' }))).toBe('small');
    expect(familyOf(game('crazyhouse'))).toBe('drops'); // fallback table
  });

  it('falls back to the table for every room variant, and to the facts for others', () => {
    for (const [family, ids] of Object.entries(ROOM_VARIANTS)) for (const id of ids) expect(FALLBACK_FAMILY[id]).toBe(family);
    expect(Object.keys(FALLBACK_FAMILY)).toHaveLength(36);
    expect(guessFamily(variant({ board_style: 'xiangqi' }))).toBe('asian');
    expect(guessFamily(variant({ board_style: 'shogi', hand: 'p' }))).toBe('shogi');
    expect(guessFamily(variant({ files: 5, ranks: 5 }))).toBe('small');
    expect(guessFamily(variant({ hand: 'pnbrq' }))).toBe('drops');
    expect(guessFamily(variant())).toBe('chess');
    expect(familyOf(game('mystery', {}, { board_style: 'janggi' }))).toBe('asian');
    expect(familyOf(game('odd', { family: 'nonsense' as never }))).toBe('chess');
  });

  it('groups in the home page\'s order, keeping the server\'s order within a group', () => {
    const games = [game('gardner'), game('xiangqi'), game('chess960'), game('capablanca'), game('chess', { variant: undefined })];
    const groups = groupByFamily(games);
    expect(groups.map((g) => g.family)).toEqual(['chess', 'asian', 'small']);
    expect(groups[0].games.map((g) => g.id)).toEqual(['chess960', 'capablanca']);
    expect(FAMILIES).toEqual(['chess', 'drops', 'shogi', 'asian', 'small']);
  });

  it('has a name and a paragraph of rules for every room variant in both languages', () => {
    const keys = en as Record<string, string>, jaKeys = ja as Record<string, string>;
    for (const ids of Object.values(ROOM_VARIANTS))
      for (const id of ids) {
        expect(keys[`variants.rules.${id}`], id).toMatch(/\.$/);
        expect(jaKeys[`variants.rules.${id}`], id).toMatch(/。$/);
        expect(keys[`game.${id}`] ?? keys[`variants.name.${id}`], id).toBeTruthy();
        expect(jaKeys[`game.${id}`] ?? jaKeys[`variants.name.${id}`], id).toBeTruthy();
      }
    for (const f of FAMILIES) expect(jaKeys[`variants.family.${f}`]).toBeTruthy();
  });
});

describe('start-position pictures', () => {
  it('reads boards, promoted pieces, walls and pockets from a FEN', () => {
    const pos = parseDiagramFen('r1+b*/4/Q~3/4[PPn] w - - 0 1', 4, 4);
    expect(pos.board[0][0]).toEqual({ letter: 'r', white: false, promoted: false });
    expect(pos.board[0][1]).toBeNull();
    expect(pos.board[0][2]).toEqual({ letter: 'b', white: false, promoted: true });
    expect(pos.board[0][3]).toBe('wall');
    expect(pos.board[2][0]).toEqual({ letter: 'q', white: true, promoted: true });
    expect(pos.pockets?.white.get('p')).toBe(2);
    expect(pos.pockets?.black.get('n')).toBe(1);
    expect(parseDiagramFen('12/12 w', 12, 2).board[1]).toHaveLength(12);
    expect(parseDiagramFen('8/8 w', 8, 2).pockets).toBeNull();
  });

  it('draws a board without text, with pockets when the variant has a hand', () => {
    const chess = diagramMarkup(variant());
    expect(chess).not.toMatch(/<text/);
    expect(chess).toContain('viewBox="0 0 80 80"');
    expect((chess.match(/<svg x=/g) ?? []).length).toBe(32);
    const house = diagramMarkup(variant({ hand: 'pnbrq', start_fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1[RRp] w Qkq - 0 1' }));
    expect(house).toContain('with-hand');
    expect(house).toContain('viewBox="0 0 80 104"');
    expect((house.match(/<svg x=/g) ?? []).length).toBe(31 + 2); // board, then a rook (×2) and a pawn in the pockets
    expect(house).toContain('fill="#8b2f1c"'); // the count of two rooks
    const empty = diagramMarkup(variant({ hand: 'pnbrq', start_fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1' }));
    expect(empty).toContain('with-hand');
  });

  it('draws points, palaces and the river for xiangqi, plain squares for shogi', () => {
    const xq = diagramMarkup(variant({
      files: 9, ranks: 10, board_style: 'xiangqi', river: 5, start_fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
      palace: ['d1', 'e1', 'f1', 'd2', 'e2', 'f2', 'd3', 'e3', 'f3', 'd8', 'e8', 'f8', 'd9', 'e9', 'f9', 'd10', 'e10', 'f10'],
    }));
    expect(xq).toContain('board-xiangqi');
    expect(xq).toContain('M35 5L55 25'); // Black's palace diagonal, from d10 to f8
    expect(diagramMarkup(variant({ board_style: 'shogi', files: 5, ranks: 5, start_fen: 'rbsgk/4p/5/P4/KGSBR[-] w 0 1', hand: 'pbrsg' }))).toContain('rotate(180');
  });
});

describe('the custom form', () => {
  it('accepts whatever the server checks, a section inheriting from a built-in too', () => {
    const v = variant({ name: 'mycrazy', hand: 'pnbrq', drops: true, pieces: [{ letter: 'p', name: 'pawn', pawn: true, royal: false, leaps: [], rides: [] } as never] });
    const read = readAnswer({ type: 'variant_check', ok: true, variant: v });
    expect(read.variant).toBe(v);
    expect(read.status).toContain('mycrazy');
    expect(readAnswer({ type: 'variant_check', ok: false, error: { line: 2, key: 'maxFile', message: 'too large' } }).variant).toBeNull();
    expect(readAnswer(null).variant).toBeNull();
  });
});
