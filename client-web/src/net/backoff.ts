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

// Joining a room that is moving between servers (error room_busy): the first retry after
// about a second (0.7..1.4 s), then longer, never more than 8 s apart.
export const joinRetryBackoff: BackoffOptions = { baseMs: 1400, capMs: 8000 };
