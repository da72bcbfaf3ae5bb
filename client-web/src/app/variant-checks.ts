// The host's form asks the server about a definition as they type (check_variant). Only
// the check asked last is waited for: a newer one answers the older with null, and an
// older check's late answer or refusal is dropped (answers are paired by their `re`).
import type { ErrorMsg, VariantCheck } from '../protocol/messages';

export class VariantChecks {
  private answer: ((v: VariantCheck | null) => void) | null = null;
  private asked: number | null = null;

  // `send` sends the request and returns its id, or null when it could not be sent.
  ask(send: () => number | null): Promise<VariantCheck | null> {
    return new Promise((resolve) => {
      this.answer?.(null);
      this.answer = resolve;
      this.asked = send();
      if (this.asked === null) this.settle(null);
    });
  }

  // A variant_check from the server; false when it answers no check waited for.
  answered(v: VariantCheck): boolean {
    if (this.asked === null || v.re !== this.asked) return false;
    this.settle(v);
    return true;
  }

  // An error from the server; true when it refused the check waited for (then the form
  // says `why`, and nothing else should).
  refused(e: ErrorMsg, why: string): boolean {
    if (this.asked === null || e.re !== this.asked) return false;
    this.settle({ type: 'variant_check', re: e.re, ok: false, error: { line: 0, key: '', message: why } });
    return true;
  }

  private settle(v: VariantCheck | null): void {
    const answer = this.answer;
    this.answer = null;
    this.asked = null;
    answer?.(v);
  }
}
