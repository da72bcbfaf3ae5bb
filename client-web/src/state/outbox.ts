// The move this client sent and the server has not yet answered. After a reconnect it is
// sent again with the same move_id: the server applies a move_id once, so a move that was
// lost in the drop gets played and one that was already played is only acknowledged.
// It goes again with the version of the position the client has after the rejoin, not the
// one it was made at: a room the server brought back from the store (a restart, or
// another server taking it over) numbers its versions anew, and the old one would be
// refused as stale although the position is the same.
export interface PendingMove {
  move: string;
  moveId: string;
  version: number;
  ply: number; // moves on the board when it was made
}

// The position the client holds after a rejoin.
export interface HeldPosition {
  version: number;
  plies: number;
}

export class MoveOutbox {
  private pending: PendingMove | null = null;
  private seq = 0;

  constructor(private readonly prefix: string) {}

  // A new move to send now.
  next(move: string, version: number, ply: number): PendingMove {
    this.pending = { move, moveId: `${this.prefix}-${++this.seq}`, version, ply };
    return this.pending;
  }

  // The server answered (ack, or the move came back as an event, or an error): done.
  settle(moveId?: string): void {
    if (!moveId || this.pending?.moveId === moveId) this.pending = null;
  }

  // What to send again after a reconnect, if anything.
  toResend(): PendingMove | null {
    return this.pending;
  }

  // What to send again now that the rejoin brought `held`: the move at that position's
  // version while the board is still where the move was made; nothing once the board has
  // moved on (the move was played before the drop, or can no longer be).
  resendAt(held: HeldPosition): PendingMove | null {
    if (!this.pending) return null;
    if (held.plies !== this.pending.ply) {
      this.pending = null;
      return null;
    }
    this.pending = { ...this.pending, version: held.version };
    return this.pending;
  }
}
