// The settings switch "Notify me even when Banmen is closed": shown only where the server
// has Web Push keys and the browser can take pushes (net/web-push.ts).
import { t } from '../i18n';
import { disablePush, enablePush, fetchPushKey, heldSeats, pushActive, pushSupported } from '../net/web-push';
import { h } from './dom';

// Fills `slot` with the switch once the server's key is known; leaves it empty otherwise.
export function mountPushSwitch(slot: HTMLElement): void {
  if (!pushSupported()) return;
  void (async () => {
    const key = await fetchPushKey();
    if (!key) return;
    const on = await pushActive().catch(() => false);
    const note = h('p', { class: 'muted small', role: 'status' });
    const input = h('input', { type: 'checkbox', id: 'push', 'data-setting': 'push', checked: on }) as HTMLInputElement;
    input.addEventListener('change', () => {
      const seats = heldSeats(localStorage);
      input.disabled = true;
      const done = input.checked
        ? enablePush(key, seats).then((ok) => {
          input.checked = ok;
          note.textContent = ok ? '' : t('settings.push.failed');
        })
        : disablePush(seats).then(() => { note.textContent = ''; });
      void done.catch(() => {
        input.checked = false;
        note.textContent = t('settings.push.failed');
      }).finally(() => { input.disabled = false; });
    });
    slot.append(h('label', { class: 'toggle' }, input, h('span', {}, t('settings.push'))), note);
  })();
}
