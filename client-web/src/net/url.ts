// Where the WebSocket lives: the same origin as the page, ws: or wss: by the page protocol.
export function socketUrl(loc: { protocol: string; host: string }): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${loc.host}/ws`;
}
