// The move this client sent and the server has not yet answered. After a reconnect it is
// sent again with the same move_id: the server applies a move_id once, so a move that was
// lost in the drop gets played and one that was already played is only acknowledged.
export interface PendingMove {
  move: string;
  moveId: string;
  version: number;
}

export class MoveOutbox {
  private pending: PendingMove | null = null;
  private seq = 0;

  constructor(private readonly prefix: string) {}

  // A new move to send now.
  next(move: string, version: number): PendingMove {
    this.pending = { move, moveId: `${this.prefix}-${++this.seq}`, version };
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
}
