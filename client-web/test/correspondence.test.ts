// Correspondence games in the client: days-per-move presets and custom values, the long
// clock face (days and hours), and the conditional-move box's text.
import { describe, expect, it } from 'vitest';
import { correspondenceClock, CORRESPONDENCE_PRESETS, presetsFor, switchClock } from '../src/ui/presets';
import { describeClock, formatLongClock } from '../src/state/clock';
import { readLines, writeLines } from '../src/ui/conditional-panel';
import { setLang } from '../src/i18n';

describe('correspondence clocks', () => {
  it('offers 1, 2, 3, 5, 7 and 14 days for every kind of game', () => {
    expect(CORRESPONDENCE_PRESETS.map((p) => p.clock)).toEqual([1, 2, 3, 5, 7, 14].map((days) => ({ kind: 'correspondence', days })));
    for (const byoyomi of [true, false]) expect(presetsFor(byoyomi).filter((p) => p.clock.kind === 'correspondence')).toHaveLength(6);
  });
  it('keeps a custom value within 1..30 whole days', () => {
    expect(correspondenceClock(4)).toEqual({ kind: 'correspondence', days: 4 });
    expect(correspondenceClock(0)).toEqual({ kind: 'correspondence', days: 1 });
    expect(correspondenceClock(99)).toEqual({ kind: 'correspondence', days: 30 });
    expect(correspondenceClock(2.6)).toEqual({ kind: 'correspondence', days: 3 });
  });
  it('keeps a correspondence clock when the game is switched', () => {
    const c = { kind: 'correspondence', days: 3 } as const;
    expect(switchClock(true, c, 'keep')).toEqual(c);
    expect(switchClock(false, c, 'keep')).toEqual(c);
  });
  it('writes days and hours in both languages', () => {
    setLang('en', null);
    expect(describeClock({ kind: 'correspondence', days: 3 })).toBe('3 days');
    expect(describeClock({ kind: 'correspondence', days: 1 })).toBe('1 day');
    expect(formatLongClock(2 * 86_400_000 + 5 * 3_600_000 + 59_000)).toBe('2d 5h');
    expect(formatLongClock(3 * 3_600_000 + 4 * 60_000)).toBe('3h 04m');
    expect(formatLongClock(59_000)).toBe('0:59');
    setLang('ja', null);
    expect(describeClock({ kind: 'correspondence', days: 3 })).toBe('1手3日');
    expect(formatLongClock(2 * 86_400_000 + 5 * 3_600_000)).toBe('2日5時間');
    setLang('en', null);
  });
});

describe('conditional move lines', () => {
  it('reads one line per row, moves split by spaces or commas, empty rows skipped', () => {
    expect(readLines('g1f3 b8c6\n\n  d2d4,e5d4  c2c3 d4c3 \n')).toEqual([['g1f3', 'b8c6'], ['d2d4', 'e5d4', 'c2c3', 'd4c3']]);
    expect(readLines('')).toEqual([]);
    expect(writeLines([['g1f3', 'b8c6'], ['d2d4', 'e5d4']])).toBe('g1f3 b8c6\nd2d4 e5d4');
  });
});
