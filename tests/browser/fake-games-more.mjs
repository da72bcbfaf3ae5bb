// Dog-cat and hasami for the fake server, written from ../../shared/rules (dogcat.md,
// hasami.md) in the plainest way. Only for exercising the client; the real rules are the
// server's. Repetition is not tracked here.
const FILES = (n) => [...Array(n)].map((_, i) => n - i); // left to right as seat 0 sees it
const sq = (f, r) => `${f}${'abcdefghi'[r]}`;
const parseSq = (s) => [Number(s[0]), s.charCodeAt(1) - 97];

// ---------------------------------------------------------------------------------------
export function dogcat() {
  const board = new Map(); // "3e" -> { seat, type, promoted, hidden, cand }
  const hidden = [['K', 'R', 'B', 'G', 'S'], ['K', 'R', 'B', 'G', 'S']];
  const faceUp = [[], []];
  const log = []; // { seat, usi, pub }
  let turn = 0, moveNo = 1, result = null;
  const inCamp = (seat, r) => (seat === 0 ? r >= 3 : r <= 1);
  const inZone = (seat, r) => (seat === 0 ? r === 0 : r === 4);
  const on = (f, r) => f >= 1 && f <= 5 && r >= 0 && r <= 4;
  const STEPS = {
    K: [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]],
    G: [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [0, 1]],
    S: [[-1, -1], [0, -1], [1, -1], [-1, 1], [1, 1]],
  };
  function targets(from, p) {
    const [f, r] = parseSq(from);
    const fwd = p.seat === 0 ? 1 : -1; // rank index grows downwards; Dog moves up
    const out = [];
    const step = (df, dr) => { const t = [f + df, r + dr * fwd]; if (on(...t) && board.get(sq(...t))?.seat !== p.seat) out.push(sq(...t)); };
    const slide = (df, dr) => { let t = [f + df, r + dr]; while (on(...t)) { const o = board.get(sq(...t)); if (o?.seat === p.seat) break; out.push(sq(...t)); if (o) break; t = [t[0] + df, t[1] + dr]; } };
    const gold = () => STEPS.G.forEach(([a, b]) => step(a, b));
    if (p.type === 'K') STEPS.K.forEach(([a, b]) => step(a, b));
    else if (p.type === 'G' || (p.type === 'S' && p.promoted)) gold();
    else if (p.type === 'S') STEPS.S.forEach(([a, b]) => step(a, b));
    else if (p.type === 'R') { [[1, 0], [-1, 0], [0, 1], [0, -1]].forEach(([a, b]) => slide(a, b)); if (p.promoted) STEPS.K.forEach(([a, b]) => step(a, b)); }
    else if (p.type === 'B') { [[1, 1], [-1, 1], [1, -1], [-1, -1]].forEach(([a, b]) => slide(a, b)); if (p.promoted) STEPS.K.forEach(([a, b]) => step(a, b)); }
    return [...new Set(out)];
  }
  function legal() {
    if (result) return [];
    const out = [];
    const empties = [];
    for (let r = 0; r < 5; r++) for (const f of FILES(5)) if (!board.has(sq(f, r))) empties.push([f, r]);
    for (const t of new Set(hidden[turn])) for (const [f, r] of empties) if (inCamp(turn, r)) out.push(`?${t}*${sq(f, r)}`);
    for (const t of new Set(faceUp[turn])) for (const [f, r] of empties) out.push(`${t}*${sq(f, r)}`);
    for (const [from, p] of board) {
      if (p.seat !== turn) continue;
      for (const to of targets(from, p)) {
        const canPromote = !p.promoted && 'RBS'.includes(p.type) && (inZone(turn, parseSq(from)[1]) || inZone(turn, parseSq(to)[1]));
        out.push(from + to);
        if (canPromote) out.push(from + to + '+');
      }
    }
    return out;
  }
  const candidates = (seat) => [...board.values()].filter((p) => p.seat === seat && p.hidden && p.cand).length;
  function play(m) {
    if (!legal().includes(m)) return null;
    const mover = turn;
    let pub = m, capturedKing = false;
    let x = /^\?([KRBGS])\*(\d[a-e])$/.exec(m);
    if (x) {
      hidden[mover].splice(hidden[mover].indexOf(x[1]), 1);
      board.set(x[2], { seat: mover, type: x[1], promoted: false, hidden: true, cand: true });
      pub = `?*${x[2]}`;
    } else if ((x = /^([KRBGS])\*(\d[a-e])$/.exec(m))) {
      faceUp[mover].splice(faceUp[mover].indexOf(x[1]), 1);
      board.set(x[2], { seat: mover, type: x[1], promoted: false, hidden: false, cand: false });
    } else {
      const from = m.slice(0, 2), to = m.slice(2, 4), prom = m.endsWith('+');
      const p = board.get(from), cap = board.get(to);
      if (cap) { faceUp[mover].push(cap.type); capturedKing = cap.type === 'K'; }
      const [ff, fr] = parseSq(from), [tf, tr] = parseSq(to);
      if (p.hidden && (Math.abs(ff - tf) > 1 || Math.abs(fr - tr) > 1)) p.cand = false;
      if (prom) { p.promoted = true; p.hidden = false; p.cand = false; }
      board.delete(from);
      board.set(to, p);
    }
    log.push({ seat: mover, usi: m, pub });
    turn = 1 - turn;
    moveNo += 1;
    const opp = 1 - mover;
    const done = (seat) => (seat === 0 ? moveNo >= 2 : moveNo >= 3);
    if (capturedKing) result = { winner: mover, reason: 'king_captured' };
    else if (done(mover) && !candidates(mover)) result = { winner: opp, reason: 'no_king_proven' };
    else if (done(opp) && !candidates(opp)) result = { winner: mover, reason: 'no_king_proven' };
    else if (moveNo >= 257) result = { winner: null, reason: 'move_limit' };
    else if (!legal().length) result = { winner: mover, reason: 'no_legal_moves' };
    if (result) for (const p of board.values()) p.hidden = p.hidden && false;
    return m;
  }
  // The position as `viewer` (0, 1 or null for a spectator) may see it.
  function view(viewer) {
    const sees = (seat) => result !== null || viewer === seat;
    const rows = [];
    for (let r = 0; r < 5; r++) {
      let row = '', empty = 0;
      for (const f of FILES(5)) {
        const p = board.get(sq(f, r));
        if (!p) { empty++; continue; }
        if (empty) row += empty;
        empty = 0;
        let letter = p.hidden && !sees(p.seat) ? 'X' : p.type;
        if (p.seat === 1) letter = letter.toLowerCase();
        row += (p.hidden ? (p.cand ? '?' : '!') : '') + (p.promoted ? '+' : '') + letter;
      }
      if (empty) row += empty;
      rows.push(row);
    }
    let hand = '';
    for (const seat of [0, 1]) {
      const cased = (s) => (seat === 0 ? s : s.toLowerCase());
      for (const t of ['K', 'R', 'B', 'G', 'S'].filter((t) => hidden[seat].includes(t))) hand += cased(sees(seat) ? `?${t}` : '?X');
      for (const t of ['K', 'R', 'B', 'G', 'S']) {
        const n = faceUp[seat].filter((x) => x === t).length;
        if (n) hand += (n > 1 ? n : '') + cased(t);
      }
    }
    return `${rows.join('/')} ${turn === 0 ? 'b' : 'w'} ${hand || '-'} ${moveNo}`;
  }
  return {
    position: () => view(null),
    view,
    moveText: (i, viewer) => (result !== null || viewer === log[i].seat ? log[i].usi : log[i].pub),
    legal,
    play,
    inCheck: () => false,
    outcome: () => result,
  };
}

// ---------------------------------------------------------------------------------------
export function hasami() {
  const cells = new Map();
  for (const f of FILES(9)) { cells.set(sq(f, 0), 1); cells.set(sq(f, 8), 0); }
  let turn = 0, plies = 0, result = null;
  const on = (f, r) => f >= 1 && f <= 9 && r >= 0 && r <= 8;
  const count = (seat) => [...cells.values()].filter((s) => s === seat).length;
  const captures = (seat) => 9 - count(1 - seat);
  function legal() {
    if (result) return [];
    const out = [];
    for (const [from, seat] of cells) {
      if (seat !== turn) continue;
      const [f, r] = parseSq(from);
      for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        let t = [f + df, r + dr];
        while (on(...t) && !cells.has(sq(...t))) { out.push(from + sq(...t)); t = [t[0] + df, t[1] + dr]; }
      }
    }
    return out;
  }
  function play(m) {
    if (!legal().includes(m)) return null;
    const me = turn, opp = 1 - me;
    cells.delete(m.slice(0, 2));
    const to = m.slice(2, 4);
    cells.set(to, me);
    const [mf, mr] = parseSq(to);
    const gone = new Set();
    for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const line = [];
      let t = [mf + df, mr + dr];
      while (on(...t) && cells.get(sq(...t)) === opp) { line.push(sq(...t)); t = [t[0] + df, t[1] + dr]; }
      if (line.length && on(...t) && cells.get(sq(...t)) === me) line.forEach((s) => gone.add(s));
    }
    // Groups against the edge shut in by the mover's pieces, the moved piece among them.
    for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const start = [mf + df, mr + dr];
      if (!on(...start) || cells.get(sq(...start)) !== opp) continue;
      const group = new Set([sq(...start)]), todo = [start];
      let edge = false, shut = true;
      while (todo.length) {
        const [f, r] = todo.pop();
        if (f === 1 || f === 9 || r === 0 || r === 8) edge = true;
        for (const [a, b] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const n = [f + a, r + b];
          if (!on(...n)) continue;
          const k = sq(...n), v = cells.get(k);
          if (v === opp && !group.has(k)) { group.add(k); todo.push(n); }
          else if (v !== opp && v !== me) shut = false;
        }
      }
      if (edge && shut) group.forEach((s) => gone.add(s));
    }
    gone.forEach((s) => cells.delete(s));
    turn = opp;
    plies += 1;
    if (captures(me) >= 5) result = { winner: me, reason: 'captures' };
    else if (captures(turn) - captures(1 - turn) >= 3) result = { winner: turn, reason: 'captures' };
    else if (plies >= 300) result = { winner: captures(0) === captures(1) ? null : captures(0) > captures(1) ? 0 : 1, reason: 'move_limit' };
    else if (!legal().length) result = { winner: 1 - turn, reason: 'no_legal_moves' };
    return m;
  }
  function position() {
    const rows = [];
    for (let r = 0; r < 9; r++) {
      let row = '', empty = 0;
      for (const f of FILES(9)) {
        const v = cells.get(sq(f, r));
        if (v === undefined) { empty++; continue; }
        if (empty) row += empty;
        empty = 0;
        row += v === 0 ? 'P' : 'p';
      }
      if (empty) row += empty;
      rows.push(row);
    }
    return `${rows.join('/')} ${turn === 0 ? 'b' : 'w'} - ${plies + 1}`;
  }
  return { position, legal, play, inCheck: () => false, outcome: () => result };
}
