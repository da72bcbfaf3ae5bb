// The first-move countdown (docs/protocol.md, clock.first_move): read at the edge, counted
// on the server's time line, shown in both languages, and its aborted ending explained.
import { describe, expect, it } from 'vitest';
import { parseEvent } from '../src/protocol/parse';
import { firstMoveLeft } from '../src/state/clock';
import { resultText, REASONS } from '../src/state/result-text';
import type { ClockState } from '../src/protocol/messages';
import { en } from '../src/i18n/en';
import { ja } from '../src/i18n/ja';
import { setLang, t } from '../src/i18n';

const clock = (first_move: unknown): Record<string, unknown> => ({
  kind: 'byoyomi', remaining_ms: [10000, 10000], periods_left: [1, 1], running: null,
  server_time_ms: 1_000_000, first_move,
});

const moveEvent = (c: Record<string, unknown>) => ({
  type: 'move', version: 7, ply: 1, seat: 0, move: 'e2e4', display: 'e4', position: 'p1',
  to_move: 1, in_check: false, legal_moves: [], clock: c,
});

describe('first-move countdown', () => {
  it('keeps a well-formed countdown and drops a malformed one without dropping the event', () => {
    const kept = parseEvent(moveEvent(clock({ seat: 1, deadline_ms: 1_030_000 })));
    expect(kept && 'clock' in kept && kept.clock?.first_move).toEqual({ seat: 1, deadline_ms: 1_030_000 });
    for (const bad of [{ seat: 2, deadline_ms: 5 }, { seat: 1 }, 'soon', 42]) {
      const ev = parseEvent(moveEvent(clock(bad)));
      expect(ev, JSON.stringify(bad)).not.toBeNull();
      expect(ev && 'clock' in ev && ev.clock?.first_move).toBeNull();
    }
    const none = parseEvent(moveEvent(clock(undefined)));
    expect(none && 'clock' in none && none.clock?.first_move).toBeNull();
  });

  it('counts down for its seat only, against the server time of the same figures', () => {
    const c = clock({ seat: 1, deadline_ms: 1_030_000 }) as unknown as ClockState;
    expect(firstMoveLeft(c, 1, 0)).toBe(30_000);
    expect(firstMoveLeft(c, 1, 12_500)).toBe(17_500);
    expect(firstMoveLeft(c, 1, 45_000)).toBe(0);
    expect(firstMoveLeft(c, 0, 0)).toBeNull();
    expect(firstMoveLeft(clock(null) as unknown as ClockState, 1, 0)).toBeNull();
    expect(firstMoveLeft(null, 1, 0)).toBeNull();
  });

  it('is worded in English and Japanese, and so is the aborted ending', () => {
    expect(REASONS).toContain('no_first_move');
    for (const table of [en, ja] as Record<string, string>[]) {
      expect(table['clock.firstMove']).toContain('{s}');
      expect(table['clock.firstMoveHint']).toContain('{s}');
      expect(table['reason.no_first_move']).toBeTruthy();
    }
    setLang('ja', null);
    expect(t('clock.firstMove', { s: 27 })).toBe('初手 あと27秒');
    const ja_ = resultText({ result: 'aborted', winner: null, reason: 'no_first_move' } as never, () => '', false);
    expect(ja_.reason).toBe(ja['reason.no_first_move']);
    setLang('en', null);
    expect(t('clock.firstMove', { s: 27 })).toBe('first move: 27s');
    const en_ = resultText({ result: 'aborted', winner: null, reason: 'no_first_move' } as never, () => '', false);
    expect(en_.tone).toBe('neutral');
    expect(en_.reason).toBe('because a first move did not come in time');
  });
});

describe('adjourned game', () => {
  const snap = (adjourned: unknown) => ({
    type: 'snapshot', version: 5, server_time_ms: 1000, room: 'r', you: { role: 'player', player: 0, seat: 0 }, host: 0,
    options: { game: 'shogi', clock: { kind: 'none' }, side: 'first', takebacks: true, spectators: true, public: false },
    players: [{ name: 'A', connected: true, seat: 0 }, { name: 'B', connected: false, seat: 1 }], spectators: 0, score: [0, 0], game_no: 1,
    game: { id: 'shogi', name: 'Shogi', sides: ['sente', 'gote'], side_letters: ['b', 'w'], hidden_information: false },
    status: 'playing', adjourned, initial_position: 's', position: 'p', moves: [{ move: '7g7f', display: '7g7f' }, { move: '3c3d', display: '3c3d' }],
    to_move: 0, in_check: false, legal_moves: ['2g2f'], clock: null, offers: { draw: null, takeback: null, rematch: null }, result: null, chat: [],
  });

  it('is not my turn while adjourned, and is again once resumed', async () => {
    const { fromSnapshot, isMyTurn } = await import('../src/state/room');
    const adjourned = fromSnapshot(snap(true) as never, 0);
    expect(adjourned.adjourned).toBe(true);
    expect(isMyTurn(adjourned)).toBe(false);
    const resumed = fromSnapshot(snap(false) as never, 0);
    expect(resumed.adjourned).toBe(false);
    expect(isMyTurn(resumed)).toBe(true);
    expect(fromSnapshot(snap(undefined) as never, 0).adjourned).toBe(false);
  });

  it('is explained in English and Japanese, with its refusal', () => {
    for (const table of [en, ja] as Record<string, string>[]) {
      expect(table['play.adjourned']).toBeTruthy();
      expect(table['error.game_adjourned']).toBeTruthy();
    }
  });
});
