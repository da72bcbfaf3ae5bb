// The host's form waits only for the check it asked last: a late answer to an older check
// is dropped, a refusal of the check is the form's answer, and other errors are not.
import { describe, expect, it } from 'vitest';
import { VariantChecks } from '../src/app/variant-checks';
import type { VariantCheck } from '../src/protocol/messages';

const ok = (re: number): VariantCheck => ({ type: 'variant_check', re, ok: true });

describe('VariantChecks', () => {
  it('pairs answers with the check asked last', async () => {
    const checks = new VariantChecks();
    const first = checks.ask(() => 1);
    const second = checks.ask(() => 2);
    expect(await first).toBeNull(); // the newer check answers the older
    expect(checks.answered(ok(1))).toBe(false); // the older one's late answer is not the form's
    expect(checks.answered(ok(2))).toBe(true);
    expect(await second).toEqual(ok(2));
    expect(checks.answered(ok(2))).toBe(false); // answered once
  });

  it('takes a refusal of the check as its answer, and leaves other errors alone', async () => {
    const checks = new VariantChecks();
    const asked = checks.ask(() => 7);
    expect(checks.refused({ type: 'error', re: 6, code: 'rate_limited', message: 'busy' }, 'busy')).toBe(false);
    expect(checks.refused({ type: 'error', code: 'bad_request', message: 'x' }, 'x')).toBe(false);
    expect(checks.refused({ type: 'error', re: 7, code: 'rate_limited', message: 'busy' }, 'The server is busy')).toBe(true);
    expect(await asked).toEqual({ type: 'variant_check', re: 7, ok: false, error: { line: 0, key: '', message: 'The server is busy' } });
  });

  it('answers null at once when the check could not be sent', async () => {
    const checks = new VariantChecks();
    expect(await checks.ask(() => null)).toBeNull();
    expect(checks.answered(ok(1))).toBe(false);
  });
});
