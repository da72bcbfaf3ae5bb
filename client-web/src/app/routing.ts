// The address bar: `/` is the home page, `/my` the list of one's rooms, `/r/<id>` a room.
// Back and forward re-route.
import { roomFromPath } from '../state/session';

export class Router {
  constructor(private readonly onChange: () => void) {
    window.addEventListener('popstate', () => this.onChange());
  }

  // The room in the address, or null for the home page.
  get room(): string | null {
    return roomFromPath(location.pathname);
  }

  // The "My rooms" page.
  get myPage(): boolean {
    return /^\/my\/?$/.test(location.pathname);
  }

  // Goes to `path` and re-routes.
  go(path: string): void {
    history.pushState(null, '', path);
    this.onChange();
  }

  // Records `path` (a room just created, already shown) without re-routing.
  record(path: string): void {
    history.pushState(null, '', path);
  }
}
