// What the server told one page, read from the WebSocket frames that page received (as
// lib.mjs's newPlayer collects them): the game as this viewer knows it, with the move
// the server recorded at each ply and every error it answered.
export class FrameTrack {
  constructor(frames) {
    this.frames = frames;
    this.cursor = 0;
    this.welcome = null;
    this.reset();
  }

  reset() {
    this.snapshot = null; // the last snapshot of the current game
    this.gameNo = null;
    this.status = null;
    this.seat = null;
    this.position = null;
    this.legal = [];
    this.toMove = null;
    this.ply = 0;
    this.moves = []; // moves[ply] = the server's move event that made that ply
    this.errors = [];
    this.gameOver = null;
  }

  // Reads the frames that arrived since the last call.
  sync() {
    while (this.cursor < this.frames.length) {
      let m;
      try {
        m = JSON.parse(this.frames[this.cursor++]);
      } catch {
        continue;
      }
      this.apply(m);
    }
    return this;
  }

  apply(m) {
    if (m.type === 'welcome') this.welcome = m;
    else if (m.type === 'error') this.errors.push(m);
    else if (m.type === 'snapshot') {
      if (m.game_no !== this.gameNo) {
        this.reset();
        this.gameNo = m.game_no;
      }
      this.snapshot = m;
      this.status = m.status;
      this.seat = m.you?.seat ?? null;
      this.position = m.position;
      this.legal = m.legal_moves ?? [];
      this.toMove = m.to_move;
      this.ply = m.moves.length;
      this.moves.length = m.moves.length + 1;
      m.moves.forEach((x, i) => { this.moves[i + 1] ??= { move: x.move, ply: i + 1, fromSnapshot: true }; });
      if (m.status === 'over') this.gameOver = { result: m.result };
    } else if (m.type === 'move') {
      this.moves[m.ply] = m;
      this.ply = m.ply;
      this.position = m.position;
      this.legal = m.legal_moves ?? [];
      this.toMove = m.to_move;
    } else if (m.type === 'game_over') {
      this.status = 'over';
      this.position = m.position;
      this.legal = [];
      this.gameOver = m;
    }
  }

  myTurn() {
    return this.status === 'playing' && this.seat !== null && this.toMove === this.seat && this.legal.length > 0;
  }
}
