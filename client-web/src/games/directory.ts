// What the server said of its games in `welcome` (GameInfo): which it plays, the kinds of
// clock each allows and the formats of its records. One place to ask, for every page.
import type { GameInfoMsg, VariantInfo } from '../protocol/messages';
import { learnGames } from './catalog';

export class GameDirectory {
  private games: GameInfoMsg[] = [];

  set(games: GameInfoMsg[]): void {
    this.games = games;
    learnGames(games);
  }

  // The built-in fairy-chess variants, in the server's order.
  variants(): GameInfoMsg[] {
    return this.games.filter((g) => g.variant);
  }

  variant(id: string): VariantInfo | undefined {
    return this.find(id)?.variant;
  }

  get known(): boolean {
    return this.games.length > 0;
  }

  // Whether the server plays the game: every game it lists. undefined while it has not said.
  available(id: string): boolean | undefined {
    if (this.find(id)) return true;
    return this.known ? false : undefined;
  }

  // Whether the computer opponent plays the game. A room's own fairy definition ('custom')
  // it always plays; before the server has said, it is offered and the server decides.
  computer(id: string): boolean {
    if (id === 'custom') return true;
    const g = this.find(id);
    return g ? g.computer !== false : !this.known;
  }

  // Whether captured pieces go to a hand (false until the server has said).
  hands(id: string): boolean {
    return this.find(id)?.hands === true;
  }

  formats(id: string): string[] | undefined {
    return this.find(id)?.record_formats;
  }

  // The kinds of clock the game allows ('none', 'fischer', 'byoyomi'); before the server
  // has said, only 'none' is certain.
  clocks(id: string): string[] {
    return this.find(id)?.clocks ?? ['none'];
  }

  // Whether the game's clock counts byoyomi (else increments).
  byoyomi(id: string): boolean {
    return this.clocks(id).includes('byoyomi');
  }

  private find(id: string): GameInfoMsg | undefined {
    return this.games.find((x) => x.id === id);
  }
}
