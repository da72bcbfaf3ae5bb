// Reconnect delays: exponential with full jitter, capped, so many clients dropped by the
// same server restart do not all knock at once.
export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}

export const defaultBackoff: BackoffOptions = { baseMs: 500, capMs: 15000 };

// Delay before reconnect attempt number `attempt` (0 for the first retry).
// `random` is in [0, 1); the delay is at least half the exponential step.
export function backoffDelay(
  attempt: number,
  random: number,
  opts: BackoffOptions = defaultBackoff,
): number {
  const step = Math.min(opts.capMs, opts.baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(step / 2 + (step / 2) * random);
}
