import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { ja } from '../src/i18n/ja';
import { detectLang, t } from '../src/i18n';

describe('i18n', () => {
  it('has every English key in Japanese and no extra ones', () => {
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
  });
  it('keeps the same placeholders in both languages', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const names = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(names(ja[key]), key).toEqual(names(en[key]));
    }
  });
  it('picks Japanese from the browser, and a saved choice first', () => {
    expect(detectLang(null, ['ja-JP', 'en-US'])).toBe('ja');
    expect(detectLang(null, ['fr-FR', 'en-GB'])).toBe('en');
    expect(detectLang(null, ['de'])).toBe('en');
    expect(detectLang('en', ['ja'])).toBe('en');
  });
  it('fills placeholders', () => {
    expect(t('room.spectators', { count: 3 }, 'en')).toBe('3 watching');
    expect(t('room.spectators', { count: 3 }, 'ja')).toBe('3 人が観戦中');
  });
});
