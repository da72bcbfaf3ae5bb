// What a clock face shows at a given moment, from the server's last figures. The server
// decides flag falls; the client only counts down smoothly between updates.
import type { ClockState, Clock } from '../protocol/messages';
import { t } from '../i18n';

export interface ClockFace {
  ms: number; // time to show, never negative
  periods: number; // byoyomi periods left (0 for other clocks)
  inByoyomi: boolean;
  running: boolean;
  low: boolean; // show the low-time warning
}

export const LOW_TIME_MS = 10_000;

// `elapsedMs`: local time since the figures arrived (plus any known transit delay).
// `knownInByoyomi`: the view saw this seat's main time run out earlier in the game (the
// figures alone cannot tell a small main time from a period's time).
// A correspondence clock is low in its last hour (ten seconds mean little over days).
const CORRESPONDENCE_LOW_MS = 3_600_000;

export function clockFace(
  c: ClockState,
  seat: 0 | 1,
  elapsedMs: number,
  settings: Clock,
  knownInByoyomi = false,
): ClockFace {
  const running = c.running === seat;
  let ms = c.remaining_ms[seat] - (running ? Math.max(0, elapsedMs) : 0);
  let periods = c.kind === 'byoyomi' ? (c.periods_left?.[seat] ?? 0) : 0;
  const periodMs = settings.kind === 'byoyomi' ? settings.period_ms : 0;
  // A full period on the clock, or no main time at all, means the periods have begun.
  // Count through the main time and then the periods locally.
  let inByoyomi =
    settings.kind === 'byoyomi' &&
    periods > 0 &&
    (knownInByoyomi || settings.base_ms === 0 || c.remaining_ms[seat] === periodMs);
  if (settings.kind === 'byoyomi' && periodMs > 0 && ms <= 0 && periods > 0) {
    if (!inByoyomi) {
      inByoyomi = true;
      ms += periodMs;
    }
    while (ms <= 0 && periods > 1) {
      periods -= 1;
      ms += periodMs;
    }
  }
  ms = Math.max(0, ms);
  const lowAt = settings.kind === 'correspondence' ? CORRESPONDENCE_LOW_MS : LOW_TIME_MS;
  const low = c.kind !== 'none' && ms < lowAt && (c.kind !== 'byoyomi' || inByoyomi || periods === 0);
  return { ms, periods, inByoyomi, running, low };
}

// Milliseconds left for `seat`'s first move (never negative), or null when that seat has
// no first-move countdown. Counted on the server's own time line (its deadline against the
// `server_time_ms` of the same figures), so a wrong local clock does not move it.
export function firstMoveLeft(c: ClockState | null, seat: 0 | 1, elapsedMs: number): number | null {
  const f = c?.first_move;
  if (!c || !f || f.seat !== seat) return null;
  return Math.max(0, f.deadline_ms - c.server_time_ms - Math.max(0, elapsedMs));
}

// The sound a running clock asks for between two of its faces: a beep for each second
// that passes in the last ten (main time, or a byoyomi period), a distinct tone when
// byoyomi begins or a new period starts; nothing otherwise.
export function clockCue(prev: ClockFace | null, face: ClockFace): 'low' | 'period' | null {
  if (!prev || !face.running || !prev.running) return null;
  if ((face.inByoyomi && !prev.inByoyomi) || face.periods < prev.periods) return 'period';
  if (face.low && face.ms > 0 && Math.ceil(face.ms / 1000) < Math.ceil(prev.ms / 1000)) return 'low';
  return null;
}

// 1:05:03, 4:59, 0:09.4 (tenths under ten seconds).
export function formatClock(ms: number): string {
  const total = Math.max(0, ms);
  if (total < 10_000) {
    const tenths = Math.floor(total / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const secs = Math.floor(total / 1000);
  const h = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const s = secs % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// "5+3", "10m+3x30s", "–" for the lobby and the record.
// A time control in a few words of the page's language: "3+2" and "10m+30s" in English,
// "3分+2秒" and "10分・秒読み30秒" in Japanese (as Japanese servers write them).
export function describeClock(c: Clock): string {
  const min = (ms: number) => (ms % 60000 === 0 ? String(ms / 60000) : (ms / 60000).toFixed(1));
  const sec = (ms: number) => String(Math.round(ms / 1000));
  if (c.kind === 'fischer') return t('clock.fischer', { min: min(c.base_ms), inc: sec(c.increment_ms) });
  if (c.kind === 'byoyomi') {
    const periods = c.periods > 1 ? t('clock.periods', { periods: c.periods }) : '';
    const byoyomi = t('clock.byoyomiFor', { sec: sec(c.period_ms), periods });
    return c.base_ms > 0 ? t('clock.mainAndByoyomi', { min: min(c.base_ms), byoyomi }) : byoyomi;
  }
  if (c.kind === 'correspondence') return t(c.days === 1 ? 'clock.day' : 'clock.days', { days: c.days });
  return '∞';
}

// A correspondence clock's time left: "2d 5h", "5h 03m", then as formatClock.
export function formatLongClock(ms: number): string {
  const total = Math.max(0, ms);
  const hours = Math.floor(total / 3_600_000);
  if (hours >= 24) return t('clock.daysHours', { d: Math.floor(hours / 24), h: hours % 24 });
  if (hours >= 1) {
    const m = Math.floor((total % 3_600_000) / 60_000);
    return t('clock.hoursMinutes', { h: hours, m: String(m).padStart(2, '0') });
  }
  return formatClock(total);
}

// When a player's main time runs low: an eighth of the starting time, at most a minute
// (no warning for a clock with no main time, or none at all); a correspondence clock's last
// hour.
export function warningAtMs(settings: Clock): number {
  if (settings.kind === 'none') return 0;
  if (settings.kind === 'correspondence') return CORRESPONDENCE_LOW_MS;
  return Math.min(60_000, settings.base_ms / 8);
}

// Whether the running clock just crossed the low-time warning (once, in the main time).
export function crossedWarning(prev: ClockFace | null, face: ClockFace, settings: Clock): boolean {
  const at = warningAtMs(settings);
  if (!prev || !face.running || !prev.running || face.inByoyomi || at <= 0) return false;
  return prev.ms >= at && face.ms < at && face.ms > 0;
}
