// The player's own choices for this browser: sounds, notifications, spoken countdown,
// premoves and looks. Kept in localStorage as one JSON value; anything unreadable or out
// of range falls back to its default, so an old or hand-edited value never breaks a page.
import type { KeyValueStore } from '../state/session';

export type Theme = 'system' | 'light' | 'dark';
// 'one': one kanji a piece (歩, 飛); 'two': the two kanji carved on real pieces (歩兵, 飛車).
export type PieceStyle = 'one' | 'two';
export type Speech = 'off' | 'ja' | 'en';

export interface Settings {
  sound: boolean;
  volume: number; // 0-100
  notify: boolean; // system notifications when the tab is hidden (needs the browser's leave)
  speech: Speech; // the last seconds of one's own clock spoken aloud
  premove: boolean; // one move queued during the opponent's turn
  theme: Theme;
  pieces: PieceStyle;
  coords: boolean; // board coordinates
}

export const DEFAULTS: Readonly<Settings> = {
  sound: true, volume: 70, notify: false, speech: 'off', premove: true, theme: 'system', pieces: 'one', coords: true,
};

const KEY = 'banmen.settings';
const OLD_SOUND_KEY = 'banmen.sound'; // the sound switch before there were settings

function oneOf<T extends string>(v: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(v as T) ? (v as T) : fallback;
}

function bool(v: unknown, fallback: boolean): boolean {
  return typeof v === 'boolean' ? v : fallback;
}

// Checks each field of what was stored; unknown fields are dropped.
export function readSettings(raw: unknown): Settings {
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const volume = typeof o.volume === 'number' && Number.isFinite(o.volume) ? Math.round(Math.min(100, Math.max(0, o.volume))) : DEFAULTS.volume;
  return {
    sound: bool(o.sound, DEFAULTS.sound),
    volume,
    notify: bool(o.notify, DEFAULTS.notify),
    speech: oneOf(o.speech, ['off', 'ja', 'en'], DEFAULTS.speech),
    premove: bool(o.premove, DEFAULTS.premove),
    theme: oneOf(o.theme, ['system', 'light', 'dark'], DEFAULTS.theme),
    pieces: oneOf(o.pieces, ['one', 'two'], DEFAULTS.pieces),
    coords: bool(o.coords, DEFAULTS.coords),
  };
}

export function loadSettings(store: KeyValueStore | null): Settings {
  let raw: unknown = {};
  try {
    raw = JSON.parse(store?.getItem(KEY) ?? '{}');
  } catch {
    raw = {};
  }
  const s = readSettings(raw);
  if (store?.getItem(KEY) === null && store.getItem(OLD_SOUND_KEY) === 'off') s.sound = false;
  return s;
}

export function saveSettings(store: KeyValueStore | null, s: Settings): void {
  store?.setItem(KEY, JSON.stringify(s));
}

// Holds the settings, saves each change and tells whoever listens.
export class SettingsStore {
  private current: Settings;
  private readonly listeners = new Set<(s: Settings, before: Settings) => void>();

  constructor(private readonly store: KeyValueStore | null) {
    this.current = loadSettings(store);
  }

  get value(): Readonly<Settings> {
    return this.current;
  }

  change(patch: Partial<Settings>): void {
    const before = this.current;
    this.current = readSettings({ ...before, ...patch });
    saveSettings(this.store, this.current);
    for (const f of this.listeners) f(this.current, before);
  }

  onChange(f: (s: Settings, before: Settings) => void): void {
    this.listeners.add(f);
  }
}
