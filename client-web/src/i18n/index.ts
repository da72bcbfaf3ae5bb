// Picks English or Japanese from the browser (or the saved choice) and formats texts.
import { en, type MessageKey } from './en';
import { ja } from './ja';

export type Lang = 'en' | 'ja';
export type { MessageKey };

const tables: Record<Lang, Record<MessageKey, string>> = { en, ja };
const STORAGE_KEY = 'banmen.lang';

let current: Lang = 'en';
const listeners = new Set<() => void>();

export function detectLang(saved: string | null, browser: readonly string[]): Lang {
  if (saved === 'en' || saved === 'ja') return saved;
  for (const l of browser) {
    const base = l.toLowerCase().split('-')[0];
    if (base === 'ja') return 'ja';
    if (base === 'en') return 'en';
  }
  return 'en';
}

export function initLang(storage: Storage | null, nav: { languages?: readonly string[]; language?: string }): Lang {
  const saved = storage?.getItem(STORAGE_KEY) ?? null;
  const langs = nav.languages && nav.languages.length ? nav.languages : [nav.language ?? 'en'];
  current = detectLang(saved, langs);
  return current;
}

export function lang(): Lang {
  return current;
}

export function setLang(l: Lang, storage: Storage | null = globalThis.localStorage ?? null): void {
  current = l;
  storage?.setItem(STORAGE_KEY, l);
  for (const f of listeners) f();
}

export function onLangChange(f: () => void): void {
  listeners.add(f);
}

// The text for `key` in the current language, with {name} placeholders filled in.
export function t(key: MessageKey, vars: Record<string, string | number> = {}, l: Lang = current): string {
  const text = tables[l][key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

// For keys built at run time (reason codes, game ids): falls back when unknown.
export function tMaybe(key: string, vars: Record<string, string | number> = {}): string | undefined {
  if (!(key in en)) return undefined;
  return t(key as MessageKey, vars);
}
