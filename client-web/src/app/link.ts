// The client's side of the protocol's requests: one connection, request ids, the hello,
// joining a room (with the seat token and the version to catch up from), creating one, and
// moves with their move_id (sent again, same id, after a reconnect). The connection is for
// the page's room (`/ws?room=<id>`, or the bare `/ws` on the home page).
import { Connection, type ConnectionHooks } from '../net/connection';
import { socketUrl } from '../net/url';
import { PROTOCOL_VERSION, type RoomOptions } from '../protocol/messages';
import { MoveOutbox, type HeldPosition } from '../state/outbox';
import type { Session } from '../state/session';

export class ServerLink {
  readonly conn: Connection;
  private readonly outbox = new MoveOutbox(`c${Date.now().toString(36)}`);
  private nextId = 1;

  constructor(hooks: ConnectionHooks, room: string | null) {
    this.conn = new Connection(socketUrl(location, room), hooks);
  }

  // Makes the connection the one for `room` (null: the home page). With `reopen` a
  // connection for another room is replaced at once; returns whether it was (the new
  // connection's open then says hello and joins). Without, from the next connection on.
  forRoom(room: string | null, reopen: boolean): boolean {
    return this.conn.retarget(socketUrl(location, room), reopen);
  }

  // The connection is for `room` but the server said otherwise: open it again.
  reconnect(): void {
    this.conn.reopenNow();
  }

  get isOpen(): boolean {
    return this.conn.isOpen;
  }

  request(msg: Record<string, unknown>): boolean {
    return this.ask(msg) !== null;
  }

  // Sends a request and returns its id (the answer's `re`), or null when it was not sent.
  ask(msg: Record<string, unknown>): number | null {
    const id = this.nextId++;
    return this.conn.send({ ...msg, id }) ? id : null;
  }

  hello(): void {
    this.request({ type: 'hello', protocol: PROTOCOL_VERSION, client: `banmen-web/${__APP_VERSION__}` });
  }

  // Joins `room` with its seat token if this browser has one; `since`: the version this
  // client already has, for a catch-up instead of a full snapshot.
  join(room: string, session: Session, since?: number): void {
    const token = session.token(room);
    const msg: Record<string, unknown> = { type: 'join_room', room, name: session.name() || 'Player' };
    if (token) {
      msg.token = token;
      if (since !== undefined) msg.since = since;
    } else {
      const code = session.takeDeviceCode(room);
      if (code) msg.device_code = code;
    }
    this.request(msg);
  }

  create(name: string, options: RoomOptions): void {
    this.request({ type: 'create_room', name, ...options });
  }

  // Not sent while down: it goes after the reconnect, when the server has us back.
  move(move: string, version: number, ply: number): void {
    const p = this.outbox.next(move, version, ply);
    this.request({ type: 'move', move, version: p.version, move_id: p.moveId });
  }

  // Back in the room after a drop, with the position the rejoin brought: a move still
  // unanswered goes again, same id, at that position's version.
  resendMove(held: HeldPosition): void {
    const again = this.outbox.resendAt(held);
    if (again) this.request({ type: 'move', move: again.move, version: again.version, move_id: again.moveId });
  }

  // The server answered the move (its event, an ack for `moveId`, or an error).
  settleMove(moveId?: string): void {
    this.outbox.settle(moveId);
  }
}
