// What the application knows between messages: the connection's state, the server's words,
// the room in the address bar and its state (built by state/room.ts's reducer).
import type { ConnectionStatus } from '../net/connection';
import type { RoomOptions } from '../protocol/messages';
import type { RoomState } from '../state/room';
import type { Session } from '../state/session';
import type { PublicRoom } from '../protocol/messages';

export interface AppModel {
  status: ConnectionStatus;
  retryIn: number;
  serverName: string;
  rooms: PublicRoom[];
  roomId: string | null;
  myPage: boolean; // the "My rooms" page is shown (when no room is)
  state: RoomState | null;
  notFound: boolean;
  // This seat was opened in another tab (close code 4001): stay closed until asked.
  replaced: boolean;
  // This seat moved to another device by a device link (close code 4004): the token here
  // is void; the tab may watch as a spectator.
  movedAway: boolean;
  // The room is moving between servers (error room_busy): the join is tried again soon.
  moving: boolean;
  // A create_room sent and not yet answered (sent again after a reconnect).
  pendingCreate: { name: string; options: RoomOptions } | null;
}

export function newModel(): AppModel {
  return {
    status: 'connecting', retryIn: 0, serverName: '', rooms: [], roomId: null, myPage: false, state: null,
    notFound: false, replaced: false, movedAway: false, moving: false, pendingCreate: null,
  };
}

// Someone opening a share link for the first time says who they are before joining.
export function needsName(m: AppModel, session: Session): boolean {
  return !!m.roomId && !session.token(m.roomId) && !session.hasDeviceCode(m.roomId) && !session.name() && !m.state;
}
