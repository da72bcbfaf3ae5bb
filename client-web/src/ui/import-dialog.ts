// "Bring a record in" (棋譜を読み込む): a dialog where a player pastes a record or picks a
// file (KIF, KI2, CSA, PGN, SFEN/FEN, a move list), chooses its format or lets the server
// tell, and sends it to the room (review_import). It opens on the review board for
// everyone. A refusal is shown next to the text with its line, which is selected and
// scrolled to in the text box.
import { h } from './dom';
import { t } from '../i18n';
import type { RoomActions } from './controls';
import { MAX_RECORD_BYTES, recordBytes } from '../app/record-upload';

export const RECORD_FILE_TYPES = '.kif,.kifu,.ki2,.ki2u,.csa,.pgn,.sfen,.fen,.txt';
const FORMATS = ['auto', 'kif', 'ki2', 'csa', 'pgn', 'sfen', 'fen', 'usi', 'uci'];

// A file's bytes as text: UTF-8 when they are valid UTF-8 (a BOM dropped), else Shift_JIS,
// the encoding of KIF files written by the Japanese programs.
export function decodeRecordFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}

// Where line `line` (1-based) of `text` starts and ends, for selecting it.
export function lineRange(text: string, line: number): { start: number; end: number } | null {
  if (line < 1) return null;
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf('\n', start);
    if (next < 0) return null;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return { start, end: end < 0 ? text.length : end };
}

export function openImportDialog(actions: RoomActions): void {
  const send = actions.importRecord;
  if (!send) return;
  document.querySelectorAll('dialog.import-dialog').forEach((d) => d.remove());
  let name = '';
  const text = h('textarea', {
    class: 'import-text', rows: 12, spellcheck: 'false', autocomplete: 'off', 'data-testid': 'import-text',
    'aria-label': t('import.paste'), placeholder: t('import.placeholder'),
  }) as HTMLTextAreaElement;
  const file = h('input', { type: 'file', accept: RECORD_FILE_TYPES, 'data-testid': 'import-file' }) as HTMLInputElement;
  const format = h('select', { 'data-testid': 'import-format' },
    FORMATS.map((f) => h('option', { value: f }, f === 'auto' ? t('import.auto') : f.toUpperCase()))) as HTMLSelectElement;
  const status = h('p', { class: 'import-status', role: 'status', 'aria-live': 'polite', 'data-testid': 'import-status' });
  const error = h('p', { class: 'import-error', role: 'alert', 'data-testid': 'import-error' });
  const progress = h('progress', { class: 'import-progress', max: 1, value: 0, hidden: true, 'data-testid': 'import-progress' }) as HTMLProgressElement;
  const go = h('button', { type: 'submit', class: 'btn primary', 'data-testid': 'import-send' }, t('import.send'));
  const cancel = h('button', { type: 'button', class: 'btn', onclick: () => dlg.close() }, t('play.cancel'));

  const clearError = () => { error.textContent = ''; text.classList.remove('has-error'); };
  text.addEventListener('input', clearError);
  file.addEventListener('change', () => {
    const picked = file.files?.[0];
    if (!picked) return;
    clearError();
    if (picked.size > MAX_RECORD_BYTES * 2) {
      error.textContent = t('import.tooLarge', { kib: MAX_RECORD_BYTES / 1024 });
      return;
    }
    void picked.arrayBuffer().then((buf) => {
      text.value = decodeRecordFile(new Uint8Array(buf));
      name = picked.name;
      status.textContent = t('import.loaded', { name: picked.name });
    });
  });

  const showRefusal = (line: number, refusal: string) => {
    const message = refusal.replace(/^line \d+:\s*/, ''); // the line is said apart
    error.textContent = line > 0 ? t('import.refusedLine', { line, message }) : t('import.refused', { message });
    text.classList.add('has-error');
    const range = lineRange(text.value, line);
    if (!range) return;
    text.focus();
    text.setSelectionRange(range.start, range.end);
    // Scroll the line into view: its position in lines times a line's height.
    const lineHeight = parseFloat(getComputedStyle(text).lineHeight) || 18;
    text.scrollTop = Math.max(0, (line - 3) * lineHeight);
  };

  const form = h('form', { class: 'import-form', method: 'dialog' },
    h('h2', {}, t('import.title')),
    h('p', { class: 'import-help' }, t('import.help')),
    text,
    h('div', { class: 'import-row' },
      h('label', {}, t('import.file'), ' ', file),
      h('label', {}, t('import.format'), ' ', format)),
    progress, status, error,
    h('div', { class: 'dialog-buttons' }, go, cancel));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearError();
    const record = text.value;
    if (!record.trim()) {
      error.textContent = t('import.empty');
      return;
    }
    if (recordBytes(record) > MAX_RECORD_BYTES) {
      error.textContent = t('import.tooLarge', { kib: MAX_RECORD_BYTES / 1024 });
      return;
    }
    go.disabled = true;
    progress.value = 0;
    status.textContent = t('import.sending');
    void send(record, format.value, name, (done, of) => {
      progress.hidden = of < 2; // a small record goes at once: no bar
      progress.max = of;
      progress.value = done;
    }).then((outcome) => {
      go.disabled = false;
      progress.hidden = true;
      status.textContent = '';
      if (outcome.ok) dlg.close();
      else if (outcome.code === 'connection_lost') error.textContent = t('import.lost');
      else showRefusal(outcome.line, outcome.message);
    });
  });
  const dlg = h('dialog', { class: 'import-dialog', 'aria-label': t('import.title'), 'data-testid': 'import-dialog' }, form) as HTMLDialogElement;
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
}

// The button that opens the dialog.
export function importButton(actions: RoomActions): HTMLElement {
  return h('button', {
    type: 'button', class: 'btn small import-open', 'data-testid': 'import-open',
    onclick: () => openImportDialog(actions),
  }, t('import.open'));
}
