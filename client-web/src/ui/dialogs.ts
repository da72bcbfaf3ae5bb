// Modal dialogs: the result of a game and small choices (chess promotion, confirmations).
// Built on <dialog>, which gives focus trapping and Escape for free.
import { h } from './dom';
import { t } from '../i18n';
import type { ResultText } from '../state/result-text';

export function showResult(r: ResultText, extra: HTMLElement[] = []): HTMLDialogElement {
  document.querySelectorAll('dialog.result-dialog').forEach((d) => d.remove());
  const dlg = h('dialog', { class: `result-dialog tone-${r.tone}`, 'aria-labelledby': 'result-title', 'data-testid': 'result-dialog' },
    h('h2', { id: 'result-title', class: 'result-title' }, r.title),
    h('p', { class: 'result-reason' }, r.reason),
    h('div', { class: 'dialog-buttons' }, ...extra,
      h('button', { type: 'button', class: 'btn close', onclick: () => dlg.close() }, t('result.close'))),
  );
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  return dlg;
}

export function choose(title: string, choices: { value: string; label: string; cls?: string; icon?: Node }[]): Promise<string | null> {
  return new Promise((resolve) => {
    let picked: string | null = null;
    const dlg = h('dialog', { class: 'choice-dialog', 'aria-label': title },
      h('h2', {}, title),
      h('div', { class: 'choices' },
        choices.map((c) =>
          h('button', {
            type: 'button', class: 'choice', 'data-choice': c.value, 'aria-label': c.label, title: c.label,
            onclick: () => { picked = c.value; dlg.close(); },
          }, c.icon ?? (c.cls ? chessPiece(c.cls) : c.label)))),
      h('button', { type: 'button', class: 'cancel', onclick: () => dlg.close() }, t('play.cancel')),
    );
    dlg.addEventListener('close', () => { dlg.remove(); resolve(picked); });
    document.body.append(dlg);
    dlg.showModal();
  });
}

export function confirmDialog(question: string, yes: string): Promise<boolean> {
  return choose(question, [{ value: 'yes', label: yes }]).then((v) => v === 'yes');
}

// A short message that fades away (errors from the server, "copied").
export function toast(text: string, kind: 'info' | 'error' = 'info'): void {
  let box = document.querySelector<HTMLElement>('.toasts');
  if (!box) {
    box = h('div', { class: 'toasts', role: 'status', 'aria-live': 'polite' });
    document.body.append(box);
  }
  const el = h('div', { class: `toast toast-${kind}` }, text);
  box.append(el);
  setTimeout(() => el.remove(), 4000);
}

// A chess piece drawn with chessground's piece images (they apply inside .cg-wrap).
export function chessPiece(names: string, extra = ''): HTMLElement {
  const piece = document.createElement('piece');
  piece.className = names;
  return h('span', { class: `cg-wrap cg-mini ${extra}`, 'aria-hidden': 'true' }, piece);
}
