// Dog-cat shogi as the project's rules spec (shared/rules/dogcat.md) states it, written from
// the spec alone (no product code), for check_exports.mjs: replays a record's moves as the
// referee sees them (every type known) and gives the position text and the result by the
// spec's end rules. Squares: USI, files 5..1 left to right, ranks a..e top to bottom; Dog
// (seat 0, 'b', capitals) at the bottom moves first.
const TYPES = 'KRBGS';
const sq = (row, col) => `${5 - col}${'abcde'[row]}`;
const at = (s) => [s.charCodeAt(1) - 97, 5 - Number(s[0])];
const inCamp = (side, row) => (side === 0 ? row >= 3 : row <= 1);
const inZone = (side, row) => (side === 0 ? row === 0 : row === 4);
const KING = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];
const ORTH = [[-1, 0], [1, 0], [0, -1], [0, 1]];
const DIAG = [[-1, -1], [-1, 1], [1, -1], [1, 1]];

function movement(p) {
  const f = p.side === 0 ? -1 : 1;
  const gold = [[f, -1], [f, 0], [f, 1], [0, -1], [0, 1], [-f, 0]];
  const silver = [[f, -1], [f, 0], [f, 1], [-f, -1], [-f, 1]];
  switch (p.type) {
    case 'K': return { steps: KING, slides: [] };
    case 'G': return { steps: gold, slides: [] };
    case 'S': return { steps: p.promoted ? gold : silver, slides: [] };
    case 'R': return { steps: p.promoted ? DIAG : [], slides: ORTH };
    default: return { steps: p.promoted ? ORTH : [], slides: DIAG }; // 'B'
  }
}

export class DogCat {
  constructor() {
    this.cell = Array.from({ length: 5 }, () => Array(5).fill(null));
    this.hidden = ['KRBGS', 'KRBGS'];
    this.faceUp = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]];
    this.toMove = 0;
    this.moveNumber = 1;
    this.result = 'ongoing';
    this.seen = [this.key()];
  }

  text() {
    const rows = this.cell.map((row) => {
      let s = '', empty = 0;
      for (const p of row) {
        if (!p) { empty++; continue; }
        if (empty) { s += empty; empty = 0; }
        s += (p.hidden ? (p.candidate ? '?' : '!') : '') + (p.promoted ? '+' : '') + (p.side === 0 ? p.type : p.type.toLowerCase());
      }
      return empty ? s + empty : s;
    });
    let hand = '';
    for (const side of [0, 1]) {
      const lc = (t) => (side === 0 ? t : t.toLowerCase());
      for (const t of this.hidden[side]) hand += `?${lc(t)}`;
      this.faceUp[side].forEach((n, i) => { if (n) hand += (n > 1 ? n : '') + lc(TYPES[i]); });
    }
    return `${rows.join('/')} ${this.toMove === 0 ? 'b' : 'w'} ${hand || '-'} ${this.moveNumber}`;
  }

  key() { return this.text().replace(/ \d+$/, ''); }

  moves() {
    if (this.result !== 'ongoing') return [];
    const me = this.toMove, out = new Set();
    for (const t of TYPES) {
      if (!this.hidden[me].includes(t)) continue;
      for (let r = 0; r < 5; r++) for (let c = 0; c < 5; c++) if (inCamp(me, r) && !this.cell[r][c]) out.add(`?${t}*${sq(r, c)}`);
    }
    this.faceUp[me].forEach((n, i) => {
      if (!n) return;
      for (let r = 0; r < 5; r++) for (let c = 0; c < 5; c++) if (!this.cell[r][c]) out.add(`${TYPES[i]}*${sq(r, c)}`);
    });
    for (let r = 0; r < 5; r++) for (let c = 0; c < 5; c++) {
      const p = this.cell[r][c];
      if (!p || p.side !== me) continue;
      const { steps, slides } = movement(p);
      const targets = [];
      for (const [dr, dc] of steps) {
        const nr = r + dr, nc = c + dc;
        if (nr >= 0 && nr < 5 && nc >= 0 && nc < 5 && this.cell[nr][nc]?.side !== me) targets.push([nr, nc]);
      }
      for (const [dr, dc] of slides)
        for (let nr = r + dr, nc = c + dc; nr >= 0 && nr < 5 && nc >= 0 && nc < 5; nr += dr, nc += dc) {
          if (this.cell[nr][nc]?.side === me) break;
          targets.push([nr, nc]);
          if (this.cell[nr][nc]) break;
        }
      for (const [nr, nc] of targets) {
        const m = sq(r, c) + sq(nr, nc);
        out.add(m);
        if (!p.promoted && 'RBS'.includes(p.type) && (inZone(me, r) || inZone(me, nr))) out.add(`${m}+`);
      }
    }
    return [...out].sort();
  }

  hasCandidate(side) {
    return this.cell.some((row) => row.some((p) => p && p.side === side && p.hidden && p.candidate));
  }

  play(move) {
    if (!this.moves().includes(move)) throw new Error(`illegal move ${move} in ${this.text()}`);
    const me = this.toMove;
    let kingTaken = false;
    if (move[0] === '?') {
      const t = move[1];
      this.hidden[me] = this.hidden[me].replace(t, '');
      const [r, c] = at(move.slice(3, 5));
      this.cell[r][c] = { side: me, type: t, promoted: false, hidden: true, candidate: true };
    } else if (move[1] === '*') {
      this.faceUp[me][TYPES.indexOf(move[0])]--;
      const [r, c] = at(move.slice(2, 4));
      this.cell[r][c] = { side: me, type: move[0], promoted: false, hidden: false, candidate: false };
    } else {
      const [r, c] = at(move.slice(0, 2)), [nr, nc] = at(move.slice(2, 4));
      const p = { ...this.cell[r][c] };
      const target = this.cell[nr][nc];
      if (target) { kingTaken = target.type === 'K'; this.faceUp[me][TYPES.indexOf(target.type)]++; }
      if (move.endsWith('+')) { p.promoted = true; p.hidden = false; p.candidate = false; }
      else if (p.hidden && !(Math.abs(nr - r) <= 1 && Math.abs(nc - c) <= 1)) p.candidate = false;
      this.cell[nr][nc] = p;
      this.cell[r][c] = null;
    }
    this.toMove = 1 - me;
    this.moveNumber++;
    this.seen.push(this.key());
    const mover = me === 0 ? 'b' : 'w', other = me === 0 ? 'w' : 'b';
    const done = (side) => this.moveNumber >= (side === 0 ? 2 : 3);
    if (kingTaken) this.result = `${mover} king_captured`;
    else if (done(me) && !this.hasCandidate(me)) this.result = `${other} no_king_proven`;
    else if (done(1 - me) && !this.hasCandidate(1 - me)) this.result = `${mover} no_king_proven`;
    else if (this.seen.filter((k) => k === this.key()).length >= 4) this.result = 'draw repetition';
    else if (this.moveNumber >= 257) this.result = 'draw move_limit';
    else if (this.moves().length === 0) this.result = `${mover} no_legal_moves`;
  }
}
