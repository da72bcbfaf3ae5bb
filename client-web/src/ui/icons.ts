// Small inline SVG pictures of each game for the picker (no image files): each game's own
// from its catalog entry, a fairy variant's drawn here from its id.
import { gameMeta } from '../games/catalog';

const SVG_NS = 'http://www.w3.org/2000/svg';

export function gameIcon(id: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 32 32');
  svg.setAttribute('class', 'game-icon');
  svg.setAttribute('aria-hidden', 'true');
  svg.innerHTML = gameMeta(id)?.icon || fairyPicture(id); // the catalog's, else a fairy variant's
  return svg;
}

// A fairy variant's card: a chequered board in a colour of its own (from its id) with the
// first letters of its id in the middle, so thirteen cards are told apart at a glance.
function fairyPicture(id: string): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const label = id === 'custom' ? '✎' : /^\d/.test(id.replace(/^\D+/, '')) && /\d/.test(id) ? id.replace(/\D/g, '').slice(0, 3) : (id[0] ?? '?').toUpperCase() + (id[1] ?? '');
  const text = label.replace(/[^\w✎]/g, '');
  return `<rect x="2" y="2" width="28" height="28" rx="3" fill="hsl(${hue} 35% 45%)"/>` +
    `<path d="M2 2h9.3v9.3H2zM20.7 2H30v9.3h-9.3zM11.3 11.3h9.4v9.4h-9.4zM2 20.7h9.3V30H2zM20.7 20.7H30V30h-9.3z" fill="hsl(${hue} 45% 86%)"/>` +
    `<circle cx="16" cy="16" r="8" fill="#fff" stroke="#222" stroke-width="1.2"/>` +
    `<text x="16" y="19.3" font-size="${text.length > 2 ? 6.5 : 8.5}" font-weight="700" text-anchor="middle" fill="#222" font-family="sans-serif">${text}</text>`;
}

const UI: Record<string, string> = {
  sound: '<path d="M4 12h5l6-5v18l-6-5H4z" fill="currentColor"/><path d="M19 11c1.5 1.5 1.5 8.5 0 10M22 8c3 3 3 13 0 16" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round"/>',
  mute: '<path d="M4 12h5l6-5v18l-6-5H4z" fill="currentColor"/><path d="M19 12l7 8M26 12l-7 8" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  // A cog with eight teeth and a hole: read as settings (rays around a ring read as a sun).
  gear: '<path fill="currentColor" fill-rule="evenodd" d="M26.7 13.4 L30.4 14.1 L30.4 17.9 L26.7 18.6 L25.4 21.7 L27.5 24.8 L24.8 27.5 L21.7 25.4 L18.6 26.7 L17.9 30.4 L14.1 30.4 L13.4 26.7 L10.3 25.4 L7.2 27.5 L4.5 24.8 L6.6 21.7 L5.3 18.6 L1.6 17.9 L1.6 14.1 L5.3 13.4 L6.6 10.3 L4.5 7.2 L7.2 4.5 L10.3 6.6 L13.4 5.3 L14.1 1.6 L17.9 1.6 L18.6 5.3 L21.7 6.6 L24.8 4.5 L27.5 7.2 L25.4 10.3 Z M21 16 A5 5 0 1 0 11 16 A5 5 0 1 0 21 16 Z"/>',
  flip: '<path d="M10 5v20M10 25l-5-5M10 25l5-5M22 27V7M22 7l-5 5M22 7l5 5" stroke="currentColor" stroke-width="2.4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
};

export function uiIcon(name: 'sound' | 'mute' | 'flip' | 'gear'): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 32 32');
  svg.setAttribute('class', 'ui-icon');
  svg.setAttribute('aria-hidden', 'true');
  svg.innerHTML = UI[name];
  return svg;
}
