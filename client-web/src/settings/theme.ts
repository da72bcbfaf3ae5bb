// The page's looks from the settings: light or dark (or the system's choice, followed as
// it changes), the shogi piece style and the board coordinates, as attributes on <html>
// that the style sheets read.
import type { Settings } from './settings';

const darkQuery = (): MediaQueryList | null => globalThis.matchMedia?.('(prefers-color-scheme: dark)') ?? null;

export function resolvedTheme(s: Pick<Settings, 'theme'>, systemDark: boolean): 'light' | 'dark' {
  return s.theme === 'system' ? (systemDark ? 'dark' : 'light') : s.theme;
}

export function applyLooks(s: Settings): void {
  const root = document.documentElement;
  root.dataset.theme = resolvedTheme(s, darkQuery()?.matches ?? false);
  root.dataset.pieces = s.pieces;
  root.dataset.coords = s.coords ? 'on' : 'off';
}

// Applies the looks now, again on each change of the settings or of the system's theme.
export function followLooks(get: () => Settings, subscribe: (f: () => void) => void): void {
  applyLooks(get());
  subscribe(() => applyLooks(get()));
  darkQuery()?.addEventListener?.('change', () => applyLooks(get()));
}
