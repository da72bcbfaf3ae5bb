// The settings dialog: sounds (on/off, volume, spoken countdown), notifications, premove
// and looks (theme, shogi pieces, coordinates). Each change applies and is saved at once.
import { t, type MessageKey } from '../i18n';
import type { Settings, SettingsStore } from '../settings/settings';
import { h } from './dom';
import { mountPushSwitch } from './push-switch';

export interface PanelHooks {
  // Asks the browser for leave to notify; resolves to whether it was given.
  askNotify(): Promise<boolean>;
  // Plays a sample at the chosen volume.
  sample(): void;
}

export function openSettings(store: SettingsStore, hooks: PanelHooks): HTMLDialogElement {
  document.querySelectorAll('dialog.settings-dialog').forEach((d) => d.remove());
  const s = store.value;
  const set = (patch: Partial<Settings>) => store.change(patch);
  const check = (id: string, key: MessageKey, on: boolean, change: (on: boolean) => void) =>
    h('label', { class: 'toggle' },
      h('input', { type: 'checkbox', id, 'data-setting': id, checked: on, onchange: (e: Event) => change((e.target as HTMLInputElement).checked) }),
      h('span', {}, t(key)));
  const choice = <T extends string>(id: string, key: MessageKey, value: T, options: T[], change: (v: T) => void) =>
    h('label', { class: 'setting-row' }, h('span', {}, t(key)),
      h('select', { id, 'data-setting': id, onchange: (e: Event) => change((e.target as HTMLSelectElement).value as T) },
        options.map((o) => h('option', { value: o, selected: o === value }, t(`settings.${id}.${o}` as MessageKey)))));
  const note = h('p', { class: 'muted small', role: 'status' });
  const notify = check('notify', 'settings.notify', s.notify, (on) => {
    if (!on) return set({ notify: false });
    void hooks.askNotify().then((ok) => {
      set({ notify: ok });
      note.textContent = ok ? '' : t('settings.notify.denied');
      (notify.querySelector('input') as HTMLInputElement).checked = ok;
    });
  });
  const pushSlot = h('div', { 'data-testid': 'push-slot' });
  mountPushSwitch(pushSlot);
  const volume = h('input', {
    type: 'range', id: 'volume', 'data-setting': 'volume', min: 0, max: 100, step: 5, value: s.volume,
    onchange: (e: Event) => { set({ volume: Number((e.target as HTMLInputElement).value) }); hooks.sample(); },
  });
  const dlg = h('dialog', { class: 'settings-dialog', 'aria-labelledby': 'settings-title', 'data-testid': 'settings-dialog' },
    h('h2', { id: 'settings-title' }, t('settings.title')),
    h('fieldset', {}, h('legend', {}, t('settings.sounds')),
      check('sound', 'settings.sound', s.sound, (on) => set({ sound: on })),
      h('label', { class: 'setting-row', for: 'volume' }, h('span', {}, t('settings.volume')), volume),
      choice('speech', 'settings.speech', s.speech, ['off', 'ja', 'en'], (v) => set({ speech: v })),
      notify, note, pushSlot),
    h('fieldset', {}, h('legend', {}, t('settings.play')),
      check('premove', 'settings.premove', s.premove, (on) => set({ premove: on }))),
    h('fieldset', {}, h('legend', {}, t('settings.looks')),
      choice('theme', 'settings.theme', s.theme, ['system', 'light', 'dark'], (v) => set({ theme: v })),
      choice('pieces', 'settings.pieces', s.pieces, ['one', 'two'], (v) => set({ pieces: v })),
      check('coords', 'settings.coords', s.coords, (on) => set({ coords: on }))),
    h('div', { class: 'dialog-buttons' },
      h('button', { type: 'button', class: 'btn primary', 'data-testid': 'settings-close', onclick: () => dlg.close() }, t('settings.close'))),
  );
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  return dlg;
}
