// A QR code of the room's link, drawn on a canvas in the page (no image is fetched), for a
// phone's camera; with the system share sheet beside it where the browser has one.
import qrcode from 'qrcode-generator';
import { h } from './dom';

// The code's dark modules, row by row (error correction M: readable from a screen).
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

// A canvas with the code, a quiet zone of four modules and `px` pixels a module.
export function qrCanvas(text: string, label: string, px = 4): HTMLCanvasElement {
  const m = qrMatrix(text);
  const size = (m.length + 8) * px;
  const canvas = h('canvas', { width: size, height: size, class: 'qr', role: 'img', 'aria-label': label, 'data-testid': 'room-qr' });
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = '#000';
  m.forEach((row, r) => row.forEach((dark, c) => {
    if (dark) ctx.fillRect((c + 4) * px, (r + 4) * px, px, px);
  }));
  return canvas;
}

// The system share sheet (phones, some desktops); false where the browser has none.
export function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}
