import { describe, expect, it } from 'vitest';
import { applyEvent, fromSnapshot } from '../src/state/room';
import type { Snapshot } from '../src/protocol/messages';
import { playerName } from '../src/ui/player-bar';
import { setLang } from '../src/i18n';
import { GameDirectory } from '../src/games/directory';

function snapshot(): Snapshot {
  return {
    type: 'snapshot', version: 5, server_time_ms: 1000, room: 'q3Vf0d9m2bX7cLk1PzT8aA',
    you: { role: 'player', player: 0, seat: 0 }, host: 0,
    options: { game: 'chess', clock: { kind: 'none' }, side: 'first', takebacks: true, spectators: true, public: false },
    players: [{ name: 'Alice', connected: true, seat: 0 }, { name: 'Bob', connected: true, seat: 1 }],
    spectators: 0, score: [0, 0], game_no: 1,
    game: { id: 'chess', name: 'Chess', sides: ['white', 'black'], side_letters: ['w', 'b'], hidden_information: false },
    status: 'playing', initial_position: 'start', position: 'p0', moves: [], to_move: 0, in_check: false,
    legal_moves: ['e2e4'], clock: null, offers: { draw: null, takeback: null, rematch: null }, result: null, chat: [],
  };
}

describe('the computer opponent', () => {
  it('keeps an offer of a seat to the computer with its level, and drops it when answered', () => {
    let s = fromSnapshot(snapshot(), 0);
    s = applyEvent(s, { type: 'offer', version: 6, kind: 'computer', seat: 1, level: 4, state: 'made' }, 1).state!;
    expect(s.offers.computer).toEqual({ seat: 1, level: 4 });
    expect(s.offers.takeback).toBeNull();
    s = applyEvent(s, { type: 'offer', version: 7, kind: 'computer', seat: 1, level: 4, state: 'declined' }, 2).state!;
    expect(s.offers.computer).toBeNull();
  });
  it('shows a seat handed to the computer from the presence event', () => {
    let s = fromSnapshot(snapshot(), 0);
    s = applyEvent(s, { type: 'presence', version: 6, player: 1, seat: 1, name: 'Computer (level 2)', connected: true, computer: { level: 2 } }, 1).state!;
    expect(s.players[1].computer).toEqual({ level: 2 });
    s = applyEvent(s, { type: 'presence', version: 7, player: 1, seat: 1, name: 'Bob', connected: true }, 2).state!;
    expect(s.players[1].computer).toBeUndefined();
  });
  it('names the computer in the reader\'s language and a person by their name', () => {
    setLang('en', null);
    expect(playerName({ name: 'x', computer: { level: 3 } })).toBe('Computer (level 3)');
    setLang('ja', null);
    expect(playerName({ name: 'x', computer: { level: 3 } })).toBe('コンピュータ（レベル3）');
    setLang('en', null);
    expect(playerName({ name: 'Bob' })).toBe('Bob');
  });
  it('is offered for the games the server says its engine plays, and for a room\'s own variant', () => {
    const d = new GameDirectory();
    expect(d.computer('capablanca')).toBe(true); // before welcome: offered, the server decides
    const info = (id: string, computer?: boolean) => ({
      id, name: id, sides: ['white', 'black'] as [string, string], side_letters: ['w', 'b'] as [string, string],
      hidden_information: false, ...(computer === undefined ? {} : { computer }),
    });
    d.set([info('chess', true), info('capablanca', true), info('newgame', false), info('older')]);
    expect(d.computer('chess')).toBe(true);
    expect(d.computer('capablanca')).toBe(true);
    expect(d.computer('newgame')).toBe(false);
    expect(d.computer('older')).toBe(true); // a server that does not say: it decides
    expect(d.computer('unlisted')).toBe(false);
    expect(d.computer('custom')).toBe(true);
  });
});
