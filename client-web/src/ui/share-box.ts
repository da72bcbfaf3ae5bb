// The room's link for the friend: text to copy, a QR code for a phone's camera, and the
// system share sheet where the browser has one. Prominent while the room waits.
import { h } from './dom';
import { t } from '../i18n';
import type { RoomState } from '../state/room';
import { gameName } from '../games/names';
import { toast } from './dialogs';
import { canShare, qrCanvas } from './qr';

export class ShareBox {
  readonly el = h('div', { class: 'share-box' });
  private drawnFor = '';
  // Asks the server for a link that moves this player's seat to another device.
  onDeviceLink: (() => void) | null = null;

  update(s: RoomState): void {
    const waiting = s.status === 'waiting';
    this.el.classList.toggle('prominent', waiting);
    this.el.hidden = !waiting && s.role !== 'player';
    const key = `${s.room}:${waiting}:${s.game.id}:${s.role}`;
    if (key === this.drawnFor) return; // the QR code is drawn once, not at every move
    this.drawnFor = key;
    const link = `${location.origin}/r/${s.room}`;
    const input = h('input', { type: 'text', readonly: true, value: link, 'aria-label': t('room.share'), 'data-testid': 'share-link', onfocus: (e: Event) => (e.target as HTMLInputElement).select() });
    const copy = h('button', { type: 'button', class: 'btn small', 'data-testid': 'copy-link', onclick: async () => {
      try { await navigator.clipboard.writeText(link); } catch { input.select(); document.execCommand?.('copy'); }
      toast(t('room.copied'));
    } }, t('room.copy'));
    const share = canShare()
      ? h('button', { type: 'button', class: 'btn small', 'data-testid': 'share-sheet', onclick: () => {
          void navigator.share({ title: 'Banmen', text: t('room.shareText', { game: gameName(s.game.id) }), url: link }).catch(() => {});
        } }, t('room.shareSheet'))
      : null;
    this.el.replaceChildren(
      waiting ? h('p', { class: 'waiting', 'data-testid': 'waiting' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('room.waiting')) : '',
      h('label', { class: 'share-label' }, t('room.share')),
      h('div', { class: 'share-row' }, input, copy, share),
      waiting ? h('div', { class: 'qr-box' }, qrCanvas(link, t('room.qr'))) : '',
      s.role === 'player' && this.onDeviceLink
        ? h('button', { type: 'button', class: 'btn small device-btn', 'data-testid': 'device-link', onclick: () => this.onDeviceLink?.() }, t('room.device'))
        : '',
    );
  }
}
