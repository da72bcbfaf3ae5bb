import { describe, expect, it } from 'vitest';
import { DEFAULTS, loadSettings, readSettings, saveSettings } from '../src/settings/settings';
import { resolvedTheme } from '../src/settings/theme';
import { premoveDests, predropDests } from '../src/boards/shogi-premove';
import { qrMatrix } from '../src/ui/qr';
import { crossedWarning, warningAtMs } from '../src/state/clock';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
};

describe('settings', () => {
  it('defaults: sounds and premove on, notifications off', () => {
    expect(loadSettings(memory())).toEqual(DEFAULTS);
    expect(DEFAULTS.premove).toBe(true);
    expect(DEFAULTS.notify).toBe(false);
  });
  it('round-trips and drops what is out of range', () => {
    const store = memory();
    saveSettings(store, { ...DEFAULTS, theme: 'dark', volume: 30, speech: 'ja' });
    expect(loadSettings(store)).toMatchObject({ theme: 'dark', volume: 30, speech: 'ja' });
    expect(readSettings({ theme: 'purple', volume: 900, premove: 'yes', speech: 'fr' }))
      .toMatchObject({ theme: 'system', volume: 100, premove: true, speech: 'off' });
    store.setItem('banmen.settings', '{not json');
    expect(loadSettings(store)).toEqual(DEFAULTS);
  });
  it('keeps the older sound switch', () => {
    const store = memory();
    store.setItem('banmen.sound', 'off');
    expect(loadSettings(store).sound).toBe(false);
  });
  it('follows the system only when asked to', () => {
    expect(resolvedTheme({ theme: 'system' }, true)).toBe('dark');
    expect(resolvedTheme({ theme: 'light' }, true)).toBe('light');
    expect(resolvedTheme({ theme: 'dark' }, false)).toBe('dark');
  });
});

describe('shogi premove destinations', () => {
  const P = (role: string, color: 'sente' | 'gote' = 'sente') => ({ role, color });
  it('knows each piece: pawn, knight, gold, rook through pieces', () => {
    expect(premoveDests('7g', new Map([['7g', P('pawn')]]), 9, 9)).toEqual(['7f']);
    expect(premoveDests('3c', new Map([['3c', P('pawn', 'gote')]]), 9, 9)).toEqual(['3d']);
    expect(premoveDests('8i', new Map([['8i', P('knight')]]), 9, 9).sort()).toEqual(['7g', '9g']);
    expect(premoveDests('5e', new Map([['5e', P('gold')]]), 9, 9)).toHaveLength(6);
    const rook = premoveDests('2h', new Map([['2h', P('rook')], ['2c', P('pawn', 'gote')], ['3h', P('silver')]]), 9, 9);
    expect(rook).toContain('2a'); // past the pawn, which may have moved
    expect(rook).not.toContain('3h'); // never onto one's own piece
    expect(rook).toHaveLength(8 + 7); // the whole file, the rank less its own silver
  });
  it('hasami pieces move as rooks; drops go to any square not one\'s own', () => {
    expect(premoveDests('5i', new Map([['5i', P('pawn')]]), 9, 9, true)).toHaveLength(16);
    expect(predropDests('sente', new Map([['5e', P('gold')], ['5a', P('king', 'gote')]]), 5, 5)).toHaveLength(24);
  });
});

describe('room QR code', () => {
  it('has the finder patterns of a QR code', () => {
    const m = qrMatrix('https://example.test/r/abcdefghijklmnop');
    expect(m.length % 4).toBe(1); // 21, 25, 29...: 17 + 4 × version
    for (const [r, c] of [[0, 0], [0, m.length - 7], [m.length - 7, 0]]) {
      expect(m[r][c] && m[r + 6][c + 6] && m[r + 3][c + 3]).toBe(true);
      expect(m[r + 1][c + 1]).toBe(false);
    }
  });
});

describe('low-time warning', () => {
  const face = (ms: number, inByoyomi = false) => ({ ms, periods: 0, inByoyomi, running: true, low: ms < 10_000 });
  const fischer = { kind: 'fischer', base_ms: 300_000, increment_ms: 0 } as const;
  it('sounds once as the main time crosses an eighth of the start, at most a minute', () => {
    expect(warningAtMs(fischer)).toBe(37_500);
    expect(warningAtMs({ kind: 'fischer', base_ms: 3_600_000, increment_ms: 0 })).toBe(60_000);
    expect(crossedWarning(face(37_600), face(37_400), fischer)).toBe(true);
    expect(crossedWarning(face(37_400), face(37_200), fischer)).toBe(false);
    expect(crossedWarning(face(37_600), face(37_400, true), fischer)).toBe(false);
    expect(crossedWarning(face(1000), face(500), { kind: 'byoyomi', base_ms: 0, period_ms: 30_000, periods: 1 })).toBe(false);
  });
});

describe('pieces named for screen readers', async () => {
  const { positionLines } = await import('../src/ui/position-text');
  // The board's size comes from the server's welcome, as in the app.
  const { learnGames } = await import('../src/games/catalog');
  learnGames([{ id: 'minishogi', name: 'Minishogi', sides: ['sente', 'gote'], side_letters: ['b', 'w'], hidden_information: false, files: 5, ranks: 5, hands: true }]);
  it('names every chess piece with its side and square', () => {
    const lines = positionLines('chess', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    expect(lines).toHaveLength(32);
    expect(lines).toContain('White pawn e4');
    expect(lines).toContain('Black king e8');
  });
  it('names shogi pieces on the board and in hand', () => {
    const lines = positionLines('minishogi', 'rbsgk/4p/5/P4/KGSBR b p 1');
    expect(lines).toHaveLength(13); // 12 on the board, one kind in hand
    expect(lines).toContain('Sente (Black) king 5e');
    expect(lines.some((l) => /pawn ×1$/.test(l))).toBe(true);
    expect(positionLines('reversi', '')).toEqual([]);
  });
});
