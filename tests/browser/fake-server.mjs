// A stand-in for banmen-server that speaks protocol v1 (docs/protocol.md) for chess,
// shogi, minishogi and reversi, with rules from independent libraries. It lets the
// client's browser tests run where the real server is not built; the real server is
// always preferred (see run-browser-tests.sh). Usage: node fake-server.mjs <port> <dist>
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { randomBytes } from 'node:crypto';
import { acceptWebSocket } from './fake-ws.mjs';
import { FAKE_GAMES } from './fake-games.mjs';

const [port = '8765', dist = '../../client-web/dist'] = process.argv.slice(2);
const ALL = ['shogi', 'minishogi', 'dogcat', 'hasami', 'chess', 'reversi'];
const NAMES = { shogi: 'Shogi', minishogi: 'Minishogi', dogcat: 'Dog-cat shogi', hasami: 'Hasami shogi', chess: 'Chess', reversi: 'Reversi' };
const rooms = new Map();
const rid = (n) => randomBytes(n).toString('base64url').slice(0, n === 16 ? 22 : 43);

function gameInfo(id) {
  const g = FAKE_GAMES[id];
  return { id, name: NAMES[id], sides: g?.sides ?? ['black', 'white'], side_letters: g?.letters ?? ['b', 'w'], hidden_information: id === 'dogcat', available: !!g };
}

function newGame(room) {
  room.game = { impl: FAKE_GAMES[room.options.game].make(), moves: [], result: null, startedAt: Date.now() };
  room.initial = room.game.impl.position();
  const c = room.options.clock;
  room.clock = c.kind === 'none' ? null : { remaining: [c.base_ms || c.period_ms || c.increment_ms, c.base_ms || c.period_ms || c.increment_ms], periods: [c.periods ?? 0, c.periods ?? 0], running: null, since: Date.now() };
  room.offers = { draw: null, takeback: null, rematch: null };
  room.gameNo += 1;
}

function clockState(room) {
  const c = room.clock;
  if (!c) return null;
  const now = Date.now();
  const rem = c.remaining.slice();
  if (c.running !== null) rem[c.running] = Math.max(0, rem[c.running] - (now - c.since));
  return { kind: room.options.clock.kind, remaining_ms: rem, periods_left: c.periods.slice(), running: c.running, server_time_ms: now };
}

function seatOfConn(room, conn) {
  const i = room.players.findIndex((p) => p.conn === conn);
  return i < 0 ? null : room.players[i].seat;
}

function status(room) {
  if (room.players.length < 2) return 'waiting';
  return room.game.result ? 'over' : 'playing';
}

function resultFor(room, seat) {
  const r = room.game.result;
  if (!r) return null;
  const base = { winner: r.winner, winner_side: r.winner === null ? null : gameInfo(room.options.game).sides[r.winner], reason: r.reason };
  if (r.reason === 'aborted') return { result: 'aborted', ...base };
  if (r.winner === null) return { result: 'draw', ...base };
  if (seat === null) return { result: 'win', ...base };
  return { result: r.winner === seat ? 'win' : 'lose', ...base };
}

function legalFor(room, seat) {
  const g = room.game;
  if (status(room) !== 'playing' || seat === null || toMove(room) !== seat) return [];
  return g.impl.legal();
}
const toMove = (room) => room.game.moves.length % 2;

// What `seat` (null: spectator) may see of the position and of each move.
const viewOf = (room, seat) => (room.game.impl.view ? room.game.impl.view(seat) : room.game.impl.position());
const movesFor = (room, seat) =>
  room.game.moves.map((m, i) => {
    if (!room.game.impl.moveText) return m;
    const t = room.game.impl.moveText(i, seat);
    return { move: t, display: t };
  });

function snapshot(room, conn) {
  const pi = room.players.findIndex((p) => p.conn === conn);
  const seat = pi < 0 ? null : room.players[pi].seat;
  return {
    type: 'snapshot', version: room.version, server_time_ms: Date.now(), room: room.id,
    you: pi < 0 ? { role: 'spectator' } : { role: 'player', player: pi, seat },
    host: 0, options: room.options,
    players: room.players.map((p) => ({ name: p.name, connected: !!p.conn, seat: p.seat })),
    spectators: room.specs.size, score: room.score, game_no: room.gameNo, game: gameInfo(room.options.game),
    status: status(room), initial_position: room.initial, position: viewOf(room, seat),
    moves: movesFor(room, seat), to_move: toMove(room), in_check: room.game.impl.inCheck(),
    legal_moves: legalFor(room, seat), clock: clockState(room), offers: room.offers,
    result: resultFor(room, seat), chat: pi < 0 ? room.specChat : room.chat,
  };
}

function conns(room) {
  return [...room.players.map((p) => p.conn).filter(Boolean), ...room.specs];
}

// Sends an event made per recipient by `make(conn, seat)`.
function broadcast(room, make) {
  room.version += 1;
  for (const c of conns(room)) c.send(JSON.stringify({ ...make(c, seatOfConn(room, c)), version: room.version }));
}

function sendSnapshots(room) {
  room.version += 1;
  for (const c of conns(room)) c.send(JSON.stringify(snapshot(room, c)));
}

function endGame(room, winner, reason) {
  if (room.clock) {
    const c = clockState(room);
    room.clock.remaining = c.remaining_ms;
    room.clock.running = null;
  }
  room.game.result = { winner, reason };
  clearTimeout(room.flagTimer);
  if (reason !== 'aborted') {
    const pi = (seat) => room.players.findIndex((p) => p.seat === seat);
    if (winner === null) { room.score[0] += 0.5; room.score[1] += 0.5; } else room.score[pi(winner)] += 1;
  }
  room.offers = { draw: null, takeback: null, rematch: null };
  broadcast(room, (c, seat) => ({ type: 'game_over', ...resultFor(room, seat), position: viewOf(room, seat), moves: movesFor(room, seat), clock: clockState(room), score: room.score }));
}

function armFlag(room) {
  clearTimeout(room.flagTimer);
  const c = room.clock;
  if (!c || c.running === null) return;
  room.flagTimer = setTimeout(() => {
    if (room.game.result) return;
    endGame(room, 1 - c.running, 'timeout');
  }, c.remaining[c.running] + 30);
}

function play(room, seat, move) {
  const g = room.game;
  const display = g.impl.play(move);
  if (display === null) return 'illegal_move';
  g.moves.push({ move, display });
  const c = room.clock;
  if (c) {
    const now = Date.now();
    if (c.running !== null) c.remaining[c.running] = Math.max(0, c.remaining[c.running] - (now - c.since));
    const o = room.options.clock;
    if (o.kind === 'fischer' && g.moves.length > 2) c.remaining[seat] += o.increment_ms;
    if (o.kind === 'byoyomi' && c.remaining[seat] < o.period_ms) c.remaining[seat] = o.period_ms;
    c.running = g.moves.length >= 2 ? 1 - seat : null;
    c.since = now;
  }
  if (room.offers.draw === seat) room.offers.draw = null;
  broadcast(room, (conn, s) => ({
    type: 'move', ply: g.moves.length, seat, ...movesFor(room, s)[g.moves.length - 1], position: viewOf(room, s), to_move: toMove(room),
    in_check: g.impl.inCheck(), legal_moves: legalFor(room, s), clock: clockState(room),
  }));
  const out = g.impl.outcome();
  if (out) endGame(room, out.winner, out.reason);
  else armFlag(room);
  return null;
}

function handle(conn, state, msg) {
  const reply = (o) => conn.send(JSON.stringify({ ...o, re: msg.id }));
  const err = (code) => reply({ type: 'error', code, message: code.replace(/_/g, ' ') });
  const room = state.room;
  const seat = room ? seatOfConn(room, conn) : null;
  switch (msg.type) {
    case 'hello':
      return reply({ type: 'welcome', server: 'banmen-fake/0.1', protocol: 1, server_time_ms: Date.now(), games: ALL.map(gameInfo), limits: {} });
    case 'list_rooms':
      return reply({ type: 'rooms', rooms: [...rooms.values()].filter((r) => r.options.public && r.players.length < 2).map((r) => ({ room: r.id, game: r.options.game, host: r.players[0].name, clock: r.options.clock, host_side: r.options.side, created_ms: r.created })) });
    case 'create_room': {
      if (!ALL.includes(msg.game)) return err('unknown_game');
      if (!FAKE_GAMES[msg.game]) return err('not_implemented');
      const id = rid(16), token = rid(32);
      const side = msg.side === 'first' ? 0 : msg.side === 'second' ? 1 : Math.random() < 0.5 ? 0 : 1;
      const r = {
        id, created: Date.now(), version: 0, moveIds: new Set(), score: [0, 0], gameNo: 0, specs: new Set(), chat: [], specChat: [],
        options: { game: msg.game, clock: msg.clock ?? { kind: 'none' }, side: msg.side ?? 'random', takebacks: msg.takebacks !== false, spectators: msg.spectators !== false, public: !!msg.public },
        players: [{ name: String(msg.name || 'Player').slice(0, 32), token, conn, seat: side }],
      };
      newGame(r);
      rooms.set(id, r);
      state.room = r;
      reply({ type: 'room_created', room: id, link: `/r/${id}`, player: 0, token, role: 'player' });
      r.version += 1;
      return conn.send(JSON.stringify(snapshot(r, conn)));
    }
    case 'join_room': {
      const r = rooms.get(msg.room);
      if (!r) return err('no_such_room');
      state.room = r;
      if (msg.token) {
        const p = r.players.find((x) => x.token === msg.token);
        if (!p) return err('bad_token');
        if (p.conn && p.conn !== conn) p.conn.close(4001);
        p.conn = conn;
        reply({ type: 'joined', room: r.id, role: 'player', player: r.players.indexOf(p) });
      } else if (r.players.length < 2) {
        const token = rid(32);
        r.players.push({ name: String(msg.name || 'Player').slice(0, 32), token, conn, seat: 1 - r.players[0].seat });
        reply({ type: 'joined', room: r.id, role: 'player', player: 1, token });
      } else {
        if (!r.options.spectators) return err('room_full');
        r.specs.add(conn);
        reply({ type: 'joined', room: r.id, role: 'spectator' });
      }
      return sendSnapshots(r);
    }
    case 'chat': {
      if (!room) return err('not_in_room');
      const line = { from: seat === null ? 'Spectator' : room.players.find((p) => p.conn === conn).name, player: seat === null ? null : room.players.findIndex((p) => p.conn === conn), channel: seat === null ? 'spectators' : 'players', text: String(msg.text).slice(0, 300), time_ms: Date.now() };
      (seat === null ? room.specChat : room.chat).push(line);
      reply({ type: 'ack' });
      room.version += 1;
      for (const c of conns(room)) if ((seatOfConn(room, c) === null) === (seat === null)) c.send(JSON.stringify({ type: 'chat', version: room.version, ...line }));
      return;
    }
  }
  if (!room) return err('not_in_room');
  if (seat === null) return err('not_a_player');
  const over = !!room.game.result;
  switch (msg.type) {
    case 'move': {
      const key = `${seat}:${msg.move_id}`;
      if (msg.move_id && room.moveIds.has(key)) return reply({ type: 'ack', move_id: msg.move_id, duplicate: true });
      if (status(room) === 'waiting') return err('game_not_started');
      if (over) return err('game_over');
      if (toMove(room) !== seat) return err('not_your_turn');
      const e = play(room, seat, String(msg.move));
      if (!e && msg.move_id) room.moveIds.add(key);
      return e ? err(e) : reply({ type: 'ack', move_id: msg.move_id, duplicate: false });
    }
    case 'resign':
      if (over) return err('game_over');
      reply({ type: 'ack' });
      return endGame(room, 1 - seat, 'resignation');
    case 'abort':
      if (room.game.moves.length >= 2) return err('too_late_to_abort');
      reply({ type: 'ack' });
      return endGame(room, null, 'aborted');
    case 'draw_offer':
      if (room.offers.draw === 1 - seat) { reply({ type: 'ack' }); return endGame(room, null, 'agreement'); }
      room.offers.draw = seat;
      reply({ type: 'ack' });
      return broadcast(room, () => ({ type: 'offer', kind: 'draw', seat, state: 'made' }));
    case 'draw_accept':
      if (room.offers.draw !== 1 - seat) return err('no_offer');
      reply({ type: 'ack' });
      return endGame(room, null, 'agreement');
    case 'draw_decline':
      if (room.offers.draw !== 1 - seat) return err('no_offer');
      room.offers.draw = null;
      reply({ type: 'ack' });
      return broadcast(room, () => ({ type: 'offer', kind: 'draw', seat: 1 - seat, state: 'declined' }));
    case 'takeback_request': {
      if (!room.options.takebacks) return err('takebacks_disabled');
      if (over) return err('game_over');
      const mine = room.game.moves.filter((_, i) => i % 2 === seat).length;
      if (!mine) return err('nothing_to_take_back');
      room.offers.takeback = seat;
      reply({ type: 'ack' });
      return broadcast(room, () => ({ type: 'offer', kind: 'takeback', seat, state: 'made' }));
    }
    case 'takeback_accept': {
      if (room.offers.takeback !== 1 - seat) return err('no_offer');
      reply({ type: 'ack' });
      const n = toMove(room) === seat ? 1 : 2; // back to the requester's turn
      const keep = room.game.moves.slice(0, room.game.moves.length - n);
      const impl = FAKE_GAMES[room.options.game].make();
      for (const m of keep) impl.play(m.move);
      room.game.impl = impl;
      room.game.moves = keep;
      room.offers.takeback = null;
      if (room.clock) { room.clock.running = keep.length >= 2 ? toMove(room) : null; room.clock.since = Date.now(); }
      armFlag(room);
      return sendSnapshots(room);
    }
    case 'takeback_decline':
      if (room.offers.takeback !== 1 - seat) return err('no_offer');
      room.offers.takeback = null;
      reply({ type: 'ack' });
      return broadcast(room, () => ({ type: 'offer', kind: 'takeback', seat: 1 - seat, state: 'declined' }));
    case 'rematch_offer':
    case 'rematch_accept':
      if (!over) return err('game_in_progress');
      reply({ type: 'ack' });
      if (room.offers.rematch === 1 - seat) {
        for (const p of room.players) p.seat = 1 - p.seat;
        newGame(room);
        return sendSnapshots(room);
      }
      room.offers.rematch = seat;
      return broadcast(room, () => ({ type: 'offer', kind: 'rematch', seat, state: 'made' }));
    case 'switch_game':
      if (room.players[0].conn !== conn) return err('not_host');
      if (!over && status(room) !== 'waiting') return err('game_in_progress');
      if (!FAKE_GAMES[msg.game]) return err('not_implemented');
      room.options = { ...room.options, game: msg.game, clock: msg.clock ?? room.options.clock };
      reply({ type: 'ack' });
      room.offers.rematch = null;
      if (!over) {
        newGame(room);
        room.gameNo -= 1;
        return sendSnapshots(room);
      }
      return broadcast(room, () => ({ type: 'options', options: room.options }));
    default:
      return err('unknown_type');
  }
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.map': 'application/json', '.png': 'image/png' };
const server = http.createServer(async (req, res) => {
  let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (path === '/' || path.startsWith('/r/')) path = '/index.html';
  if (path === '/healthz') return res.end('ok');
  const file = normalize(join(dist, path));
  if (!file.startsWith(normalize(dist))) { res.writeHead(403); return res.end(); }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end('not found');
  }
});
server.on('upgrade', (req, socket) => {
  if (!req.url.startsWith('/ws')) return socket.destroy();
  acceptWebSocket(req, socket, (ws) => {
    const state = { room: null };
    ws.onmessage = (text) => {
      let msg;
      try { msg = JSON.parse(text); } catch { return ws.send(JSON.stringify({ type: 'error', code: 'bad_request', message: 'not json' })); }
      if (process.env.FAKE_DEBUG) console.log('<-', text.slice(0, 160));
      handle(ws, state, msg);
    };
    ws.onclose = () => {
      const r = state.room;
      if (!r) return;
      r.specs.delete(ws);
      const p = r.players.find((x) => x.conn === ws);
      if (p) {
        p.conn = null;
        broadcast(r, () => ({ type: 'presence', player: r.players.indexOf(p), seat: p.seat, name: p.name, connected: false, spectators: r.specs.size }));
      } else {
        broadcast(r, () => ({ type: 'presence', player: null, spectators: r.specs.size }));
      }
    };
  });
});
server.listen(Number(port), '127.0.0.1', () => console.log(`fake server on http://127.0.0.1:${port}`));
