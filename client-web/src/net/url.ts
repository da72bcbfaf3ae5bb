// Where the WebSocket lives: the same origin as the page, ws: or wss: by the page protocol.
// A room's page connects to `/ws?room=<id>` so that a proxy in front of several servers
// can send every connection of one room to the one server that holds it (docs/protocol.md);
// the home page connects to the bare `/ws`.
export function socketUrl(loc: { protocol: string; host: string }, room: string | null = null): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = room ? `?room=${encodeURIComponent(room)}` : '';
  return `${scheme}//${loc.host}/ws${query}`;
}
