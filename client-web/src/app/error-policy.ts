// What the client does about each error the server answers with (docs/protocol.md's codes).
// Pure: the application carries the steps out.
export interface ErrorSteps {
  // The seat token is no longer good: forget it and join again as a newcomer.
  forgetTokenAndRejoin: boolean;
  // The room does not exist: show the not-found page.
  notFound: boolean;
  // The move in flight was refused: drop it and redraw the true position.
  moveRefused: boolean;
  // This client's view is behind: join again to catch up.
  rejoin: boolean;
  // The room asked for cannot be created: do not ask again after a reconnect.
  dropPendingCreate: boolean;
  // The room is moving between servers: say "reconnecting" and join again soon.
  retryJoinLater: boolean;
  // The server could not record the request: the move in flight (if any) goes again, same
  // move_id, after a pause (it may have been stored with its answer lost).
  resendMoveLater: boolean;
  // This connection is for another room (should not happen): connect to the right URL.
  reconnectForRoom: boolean;
  // Tell the player (a toast with the error's text).
  tell: boolean;
}

const MOVE_REFUSALS = new Set(['stale_version', 'not_your_turn', 'illegal_move', 'bad_move', 'game_over']);

export function errorSteps(code: string, inRoom: boolean): ErrorSteps {
  const steps: ErrorSteps = {
    forgetTokenAndRejoin: false, notFound: false, moveRefused: false, rejoin: false, dropPendingCreate: false,
    retryJoinLater: false, resendMoveLater: false, reconnectForRoom: false, tell: true,
  };
  if (code === 'room_busy' && inRoom) return { ...steps, retryJoinLater: true, tell: false };
  if (code === 'wrong_room' && inRoom) return { ...steps, reconnectForRoom: true, tell: false };
  if (code === 'bad_token' && inRoom) return { ...steps, forgetTokenAndRejoin: true, tell: false };
  // A spent or expired device link: join as anyone would, and say why.
  if (code === 'bad_device_link' && inRoom) return { ...steps, forgetTokenAndRejoin: true };
  if (code === 'no_such_room') return { ...steps, notFound: true, tell: false };
  if (code === 'storage_error' && inRoom) steps.resendMoveLater = true;
  if (MOVE_REFUSALS.has(code)) {
    steps.moveRefused = true;
    steps.rejoin = code === 'stale_version';
  }
  if (code === 'not_implemented' || code === 'unknown_game') steps.dropPendingCreate = true;
  return steps;
}
