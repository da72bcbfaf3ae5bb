import { describe, expect, it } from 'vitest';
import { errorSteps } from '../src/app/error-policy';
import { dispatch, type Inbox } from '../src/app/inbox';
import { GameDirectory } from '../src/games/directory';
import { GAMES } from '../src/games/catalog';
import { sideName } from '../src/games/names';
import { deviceCodeFromHash, deviceLinkUrl } from '../src/ui/device-link';
import { Session } from '../src/state/session';

describe('error policy', () => {
  it('rejoins without the token when it is refused in a room, silently', () => {
    expect(errorSteps('bad_token', true)).toMatchObject({ forgetTokenAndRejoin: true, tell: false });
    expect(errorSteps('bad_token', false)).toMatchObject({ forgetTokenAndRejoin: false, tell: true });
    // A spent device link: join as a newcomer, and say why.
    expect(errorSteps('bad_device_link', true)).toMatchObject({ forgetTokenAndRejoin: true, tell: true });
  });
  it('shows the not-found page for a missing room', () => {
    expect(errorSteps('no_such_room', true)).toMatchObject({ notFound: true, tell: false });
  });
  it('drops a refused move, and catches up when the view was stale', () => {
    expect(errorSteps('illegal_move', true)).toMatchObject({ moveRefused: true, rejoin: false, tell: true });
    expect(errorSteps('stale_version', true)).toMatchObject({ moveRefused: true, rejoin: true, tell: true });
    expect(errorSteps('rate_limited', true)).toMatchObject({ moveRefused: false, rejoin: false, tell: true });
  });
  it('sends a move the server could not record again, keeping it in flight', () => {
    expect(errorSteps('storage_error', true)).toMatchObject({ moveRefused: false, resendMoveLater: true });
    expect(errorSteps('storage_error', false).resendMoveLater).toBe(false);
  });
  it('stops asking for a room the server cannot create', () => {
    expect(errorSteps('unknown_game', false).dropPendingCreate).toBe(true);
    expect(errorSteps('bad_request', false).dropPendingCreate).toBe(false);
  });
});

describe('inbox', () => {
  const calls: string[] = [];
  const inbox: Inbox = {
    welcome: (w) => calls.push(`welcome ${w.server}`),
    rooms: (l) => calls.push(`rooms ${l.length}`),
    entered: (r, tok, created, inRoom) => calls.push(`entered ${r} ${tok} ${created} ${inRoom}`),
    error: (e) => calls.push(`error ${e.code}`),
    ack: (id) => calls.push(`ack ${id}`),
    event: (ev) => calls.push(`event ${ev.type}`),
    deviceLink: (code) => calls.push(`device ${code}`),
  };
  it('hands each message to its one handler and drops malformed ones', () => {
    calls.length = 0;
    dispatch({ type: 'welcome', server: 'x', protocol: 2, games: [] }, inbox);
    dispatch({ type: 'rooms', rooms: [{}, {}] }, inbox);
    dispatch({ type: 'room_created', room: 'r1', token: 't', role: 'player' }, inbox);
    dispatch({ type: 'joined', room: 'r1' }, inbox);
    dispatch({ type: 'error', code: 'no_such_room' }, inbox);
    dispatch({ type: 'ack', move_id: 'm1' }, inbox);
    dispatch({ type: 'ack' }, inbox);
    dispatch({ type: 'welcome' }, inbox);
    dispatch({ type: 'pong' }, inbox);
    dispatch({ type: 'device_link', code: 'c0de' }, inbox);
    dispatch({ type: 'device_link' }, inbox);
    expect(calls).toEqual(['welcome x', 'rooms 2', 'entered r1 t true true', 'entered r1 null false true', 'error no_such_room', 'ack m1', 'ack null', 'device c0de']);
  });
});

describe('game directory', () => {
  it('answers from the welcome: availability, clock kinds, formats', () => {
    const d = new GameDirectory();
    expect(d.available('chess')).toBeUndefined();
    expect(d.clocks('shogi')).toEqual(['none']);
    d.set([
      { id: 'shogi', name: 'Shogi', sides: ['a', 'b'], side_letters: ['b', 'w'], hidden_information: false, clocks: ['none', 'byoyomi'], record_formats: ['kif'] },
      { id: 'chess', name: 'Chess', sides: ['a', 'b'], side_letters: ['w', 'b'], hidden_information: false, clocks: ['none', 'fischer'] },
    ]);
    expect(d.available('shogi')).toBe(true);
    expect(d.available('chess')).toBe(true);
    expect(d.available('reversi')).toBe(false);
    expect(d.byoyomi('shogi')).toBe(true);
    expect(d.byoyomi('chess')).toBe(false);
    expect(d.formats('shogi')).toEqual(['kif']);
  });
});

describe('catalog', () => {
  it('gives every game a board and side names', () => {
    for (const g of GAMES) {
      expect(['koma', 'checkered', 'discs']).toContain(g.board);
      expect(sideName(g.id, 0)).not.toMatch(/^side\./);
      expect(sideName(g.id, 1)).not.toMatch(/^side\./);
    }
  });
});

describe('device link', () => {
  it('puts the code in the fragment and reads only a well-formed one back', () => {
    const url = deviceLinkUrl('https://banmen.example', 'room12345', 'abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123');
    expect(url).toBe('https://banmen.example/r/room12345#device=abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123');
    expect(deviceCodeFromHash(new URL(url).hash)).toBe('abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123');
    expect(deviceCodeFromHash('#device=short')).toBeNull();
    expect(deviceCodeFromHash('#device=<script>alert(1)</script>')).toBeNull();
    expect(deviceCodeFromHash('')).toBeNull();
  });
  it('hands a code to one join only', () => {
    const s = new Session(null);
    s.offerDeviceCode('r1', 'c0de');
    expect(s.hasDeviceCode('r1')).toBe(true);
    expect(s.takeDeviceCode('r1')).toBe('c0de');
    expect(s.takeDeviceCode('r1')).toBeNull();
    expect(s.hasDeviceCode('r1')).toBe(false);
  });
});
