// "Continue on another device": the one-time link the server's device_link answer makes,
// shown with a QR code for a phone's camera. The code rides in the fragment (#device=...),
// which browsers never send to a server or in a Referer.
import { h } from './dom';
import { t } from '../i18n';
import { toast } from './dialogs';
import { qrCanvas } from './qr';

const FRAGMENT = /^#device=([A-Za-z0-9_-]{16,64})$/;

export function deviceLinkUrl(origin: string, room: string, code: string): string {
  return `${origin}/r/${room}#device=${code}`;
}

// The code in an address's fragment, or null.
export function deviceCodeFromHash(hash: string): string | null {
  return FRAGMENT.exec(hash)?.[1] ?? null;
}

export function showDeviceLink(url: string): HTMLDialogElement {
  document.querySelectorAll('dialog.device-dialog').forEach((d) => d.remove());
  const input = h('input', {
    type: 'text', readonly: true, value: url, 'aria-label': t('room.device.title'),
    'data-testid': 'device-link-url', onfocus: (e: Event) => (e.target as HTMLInputElement).select(),
  }) as HTMLInputElement;
  const copy = h('button', { type: 'button', class: 'btn small', onclick: async () => {
    try { await navigator.clipboard.writeText(url); } catch { input.select(); document.execCommand?.('copy'); }
    toast(t('room.copied'));
  } }, t('room.copy'));
  const dlg = h('dialog', { class: 'device-dialog', 'aria-labelledby': 'device-title', 'data-testid': 'device-dialog' },
    h('h2', { id: 'device-title' }, t('room.device.title')),
    h('p', {}, t('room.device.help')),
    h('div', { class: 'share-row' }, input, copy),
    h('div', { class: 'qr-box' }, qrCanvas(url, t('room.device.qr'))),
    h('div', { class: 'dialog-buttons' },
      h('button', { type: 'button', class: 'btn close', onclick: () => dlg.close() }, t('result.close'))),
  );
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  return dlg;
}
