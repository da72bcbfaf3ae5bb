// Time-control presets offered on the home page, per kind of game.
import type { Clock } from '../protocol/messages';

export interface Preset {
  id: string;
  label: string;
  clock: Clock;
}

const m = 60_000;
const s = 1_000;

export const FISCHER_PRESETS: Preset[] = [
  { id: 'f1+0', label: '1+0', clock: { kind: 'fischer', base_ms: 1 * m, increment_ms: 0 } },
  { id: 'f3+2', label: '3+2', clock: { kind: 'fischer', base_ms: 3 * m, increment_ms: 2 * s } },
  { id: 'f5+3', label: '5+3', clock: { kind: 'fischer', base_ms: 5 * m, increment_ms: 3 * s } },
  { id: 'f10+5', label: '10+5', clock: { kind: 'fischer', base_ms: 10 * m, increment_ms: 5 * s } },
  { id: 'f15+10', label: '15+10', clock: { kind: 'fischer', base_ms: 15 * m, increment_ms: 10 * s } },
  { id: 'f30+0', label: '30+0', clock: { kind: 'fischer', base_ms: 30 * m, increment_ms: 0 } },
];

export const BYOYOMI_PRESETS: Preset[] = [
  { id: 'b0+10', label: '10s', clock: { kind: 'byoyomi', base_ms: 0, period_ms: 10 * s, periods: 1 } },
  { id: 'b0+30', label: '30s', clock: { kind: 'byoyomi', base_ms: 0, period_ms: 30 * s, periods: 1 } },
  { id: 'b3+10', label: '3m+10s', clock: { kind: 'byoyomi', base_ms: 3 * m, period_ms: 10 * s, periods: 1 } },
  { id: 'b5+30', label: '5m+30s', clock: { kind: 'byoyomi', base_ms: 5 * m, period_ms: 30 * s, periods: 1 } },
  { id: 'b10+30', label: '10m+30s', clock: { kind: 'byoyomi', base_ms: 10 * m, period_ms: 30 * s, periods: 1 } },
  { id: 'b15+60', label: '15m+60s', clock: { kind: 'byoyomi', base_ms: 15 * m, period_ms: 60 * s, periods: 1 } },
  { id: 'b30+60', label: '30m+60s', clock: { kind: 'byoyomi', base_ms: 30 * m, period_ms: 60 * s, periods: 1 } },
];

// Days per move, as lichess and lishogi offer them; the custom form takes any 1..30.
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14];
export const MAX_CORRESPONDENCE_DAYS = 30;
export const CORRESPONDENCE_PRESETS: Preset[] = CORRESPONDENCE_DAYS.map((days) => ({
  id: `d${days}`,
  label: `${days}d`,
  clock: { kind: 'correspondence', days },
}));

export function correspondenceClock(days: number): Clock {
  return { kind: 'correspondence', days: Math.round(Math.min(MAX_CORRESPONDENCE_DAYS, Math.max(1, days || 1))) };
}

export const NO_CLOCK: Preset = { id: 'none', label: '∞', clock: { kind: 'none' } };

export function presetsFor(byoyomi: boolean): Preset[] {
  return [...(byoyomi ? BYOYOMI_PRESETS : FISCHER_PRESETS), ...CORRESPONDENCE_PRESETS, NO_CLOCK];
}

// A custom clock from the form's numbers (minutes, seconds), within the protocol's limits.
export function customClock(byoyomi: boolean, minutes: number, seconds: number, periods = 1): Clock {
  const base = Math.round(Math.min(180, Math.max(0, minutes || 0)) * m);
  const extra = Math.round(Math.min(600, Math.max(0, seconds || 0)) * s);
  if (base === 0 && extra === 0) return { kind: 'none' };
  if (byoyomi) return { kind: 'byoyomi', base_ms: base, period_ms: extra, periods: Math.min(10, Math.max(1, periods)) };
  return { kind: 'fischer', base_ms: base, increment_ms: extra };
}

// The preset a game starts from when nothing else is chosen.
export function defaultPreset(byoyomi: boolean): Preset {
  return presetsFor(byoyomi).find((x) => x.id === (byoyomi ? 'b10+30' : 'f10+5'))!;
}

// The clock for the next game after a switch: the preset the host chose (by id), else the
// room's clock when it suits the game's kind of clock, else the default of that kind.
export function switchClock(byoyomi: boolean, current: Clock, choice: string): Clock {
  const chosen = presetsFor(byoyomi).find((x) => x.id === choice);
  if (chosen) return chosen.clock;
  if (current.kind === 'none' || current.kind === 'correspondence' || (current.kind === 'byoyomi') === byoyomi)
    return current;
  return defaultPreset(byoyomi).clock;
}
