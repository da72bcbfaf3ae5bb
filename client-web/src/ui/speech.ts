// The last seconds of one's own clock spoken aloud (the browser's speech synthesis), as a
// byoyomi timekeeper counts them, in Japanese or English. Silent where the browser has no
// speech synthesis or no voice for the language.
import type { Speech } from '../settings/settings';

export function sayNumber(n: number, language: Speech, volume: number): void {
  const synth = globalThis.speechSynthesis;
  if (language === 'off' || !synth || typeof SpeechSynthesisUtterance === 'undefined') return;
  const u = new SpeechSynthesisUtterance(String(n));
  u.lang = language === 'ja' ? 'ja-JP' : 'en-US';
  u.volume = volume;
  u.rate = 1.3;
  synth.cancel(); // never a queue of stale numbers
  synth.speak(u);
}
