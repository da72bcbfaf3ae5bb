// "Create your own variant": a text area for a Fairy-Stockfish variants.ini definition,
// checked by the server as the host types (check_variant: the error with its line and
// key, or the variant's facts), with a preview of the start position.
import { t } from '../i18n';
import type { VariantCheck, VariantInfo } from '../protocol/messages';
import { h } from '../ui/dom';
import { variantDiagram } from './variant-diagram';

export type VariantChecker = (variant: string, name: string) => Promise<VariantCheck | null>;

export const SAMPLE_VARIANT = `# A sample: chess on 6x6 with a wazir that captures like a fers.
[tiny:chess]
maxFile = 6
maxRank = 6
queen = -
customPiece1 = w:mWcF
startFen = rnwknr/pppppp/6/6/PPPPPP/RNWKNR w - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = nrw
doubleStep = false
castling = false
`;

export interface VariantForm {
  el: HTMLElement;
  // The definition and section to create the room with, or null while it does not check.
  value(): { variant: string; variant_name: string } | null;
}

const CHECK_DELAY_MS = 400; // after the last keystroke: a check per pause, not per key

export function renderVariantForm(check: VariantChecker, initial = SAMPLE_VARIANT): VariantForm {
  const area = h('textarea', {
    id: 'variant-text', name: 'variant', rows: 14, spellcheck: false, 'data-testid': 'variant-text',
    'aria-describedby': 'variant-status', maxlength: 16384,
  });
  area.value = initial;
  const name = h('input', { type: 'text', id: 'variant-name', name: 'variant_name', maxlength: 32, placeholder: t('variant.name.placeholder'), 'data-testid': 'variant-name' });
  const status = h('p', { id: 'variant-status', class: 'variant-status', role: 'status', 'aria-live': 'polite', 'data-testid': 'variant-status' });
  const preview = h('div', { class: 'variant-preview', 'aria-label': t('variant.preview') });
  let good: VariantInfo | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;

  const show = (answer: VariantCheck | null): void => {
    const read = readAnswer(answer);
    good = read.variant;
    status.classList.toggle('error', !good);
    status.textContent = read.status;
    drawPreview(preview, good);
  };
  const run = (): void => {
    const mine = ++asked;
    void check(area.value, name.value.trim()).then((answer) => {
      if (mine === asked) show(answer); // only the newest answer counts
    });
  };
  const later = (): void => {
    clearTimeout(timer);
    timer = setTimeout(run, CHECK_DELAY_MS);
  };
  area.addEventListener('input', later);
  name.addEventListener('input', later);
  queueMicrotask(run);

  const el = h('div', { class: 'variant-form' },
    h('label', { for: 'variant-text' }, t('variant.definition')),
    area,
    h('label', { for: 'variant-name' }, t('variant.name')),
    name,
    status,
    preview,
    h('p', { class: 'muted' }, t('variant.help')));
  return {
    el,
    value: () => (good ? { variant: area.value, variant_name: good.name } : null),
  };
}

// What the server's check says: the variant when the core accepts the definition (whatever
// it is: a section of its own or one inheriting from a built-in, "[mycrazy:crazyhouse]"),
// and the line the form shows.
export function readAnswer(answer: VariantCheck | null): { variant: VariantInfo | null; status: string } {
  if (!answer) return { variant: null, status: t('variant.unchecked') };
  if (answer.ok && answer.variant) {
    const v = answer.variant;
    const letters = v.pieces.map((p) => p.letter.toUpperCase()).join(' ');
    return { variant: v, status: t('variant.ok', { name: v.name, files: v.files, ranks: v.ranks, pieces: letters }) };
  }
  const e = answer.error ?? { line: 0, key: '', message: '' };
  return { variant: null, status: e.line > 0 ? t('variant.errorAt', { line: e.line, message: `${e.key} ${e.message}`.trim() }) : e.message };
}

// The start position as the home page pictures it, with the pockets when the variant has
// a hand (their counts from the FEN).
function drawPreview(box: HTMLElement, variant: VariantInfo | null): void {
  box.replaceChildren(...(variant ? [variantDiagram(variant)] : []));
}

// A dialog with the form, for switching a room to a variant of the host's own: resolves
// to the definition once it checks and the host confirms, or null when cancelled.
export function askVariant(check: VariantChecker, initial?: string): Promise<{ variant: string; variant_name: string } | null> {
  return new Promise((resolve) => {
    const form = renderVariantForm(check, initial || SAMPLE_VARIANT);
    let chosen: { variant: string; variant_name: string } | null = null;
    const ok = h('button', { type: 'button', class: 'btn primary', 'data-testid': 'variant-ok' }, t('variant.use'));
    const dlg = h('dialog', { class: 'variant-dialog', 'aria-label': t('game.custom') },
      h('h2', {}, t('game.custom')), form.el,
      h('div', { class: 'dialog-buttons' }, ok,
        h('button', { type: 'button', class: 'btn', onclick: () => dlg.close() }, t('play.cancel'))));
    ok.addEventListener('click', () => {
      chosen = form.value();
      if (chosen) dlg.close();
    });
    dlg.addEventListener('close', () => { dlg.remove(); resolve(chosen); });
    document.body.append(dlg);
    dlg.showModal();
  });
}
