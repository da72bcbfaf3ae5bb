// Hasami shogi as the project's rules spec (shared/rules/hasami.md) states it, written from
// the spec alone (no product code), for check_exports.mjs: replays a transcript's moves and
// gives the position text, the captures and the result by the spec's end rules.
// Squares: USI, files 9..1 left to right, ranks a..i top to bottom. Black 'P' starts on
// rank i and moves first; White 'p' on rank a.
const N = 9;
const key = (f, r) => `${f}${'abcdefghi'[r - 1]}`;
const parse = (sq) => [Number(sq[0]), sq.charCodeAt(1) - 96];

function startBoard() {
  const b = new Map();
  for (let f = 1; f <= N; f++) { b.set(key(f, 1), 'p'); b.set(key(f, 9), 'P'); }
  return b;
}

function onBoard(f, r) { return f >= 1 && f <= N && r >= 1 && r <= N; }

// The spec's position text: SFEN-like board, side, '-', move number.
function positionText(b, side, moveNo) {
  const rows = [];
  for (let r = 1; r <= N; r++) {
    let row = '', empty = 0;
    for (let f = N; f >= 1; f--) {
      const p = b.get(key(f, r));
      if (!p) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      row += p;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join('/')} ${side} - ${moveNo}`;
}

function legalMoves(b, me) {
  const out = [];
  for (const [sq, p] of b) {
    if (p !== me) continue;
    const [f, r] = parse(sq);
    for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      for (let k = 1; ; k++) {
        const nf = f + df * k, nr = r + dr * k;
        if (!onBoard(nf, nr) || b.has(key(nf, nr))) break;
        out.push(sq + key(nf, nr));
      }
    }
  }
  return out;
}

// Captures made by a move that arrived on `to` (rules 1 and 2, judged before removal).
function captures(b, to, me) {
  const them = me === 'P' ? 'p' : 'P';
  const [f, r] = parse(to);
  const taken = new Set();
  for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
    const line = [];
    let nf = f + df, nr = r + dr;
    while (onBoard(nf, nr) && b.get(key(nf, nr)) === them) { line.push(key(nf, nr)); nf += df; nr += dr; }
    if (line.length && onBoard(nf, nr) && b.get(key(nf, nr)) === me) line.forEach((s) => taken.add(s));
  }
  // Groups of enemy pieces next to the arrival square, touching an edge, fully shut in.
  const seen = new Set();
  for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
    const s0 = key(f + df, r + dr);
    if (!onBoard(f + df, r + dr) || b.get(s0) !== them || seen.has(s0)) continue;
    const group = [], stack = [s0];
    seen.add(s0);
    let edge = false, shut = true;
    while (stack.length) {
      const s = stack.pop();
      group.push(s);
      const [gf, gr] = parse(s);
      if (gf === 1 || gf === N || gr === 1 || gr === N) edge = true;
      for (const [ef, er] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const nf = gf + ef, nr = gr + er;
        if (!onBoard(nf, nr)) continue;
        const t = key(nf, nr), p = b.get(t);
        if (p === them) { if (!seen.has(t)) { seen.add(t); stack.push(t); } } else if (p !== me) shut = false;
      }
    }
    if (edge && shut) group.forEach((s) => taken.add(s));
  }
  return [...taken];
}

// Replays `moves`; throws on an illegal one or a move after the end. The result is
// { position, captured: [by black, by white], result: null | {winner, reason} }.
export function hasamiReplay(moves) {
  const b = startBoard();
  let me = 'P';
  const captured = [0, 0];
  const seenPositions = new Map();
  let result = null;
  const remember = (moveNo) => {
    const k = positionText(b, me === 'P' ? 'b' : 'w', 0);
    const n = (seenPositions.get(k) ?? 0) + 1;
    seenPositions.set(k, n);
    return n;
  };
  remember(1);
  moves.forEach((m, i) => {
    if (result) throw new Error(`move ${m} after the end`);
    if (!legalMoves(b, me).includes(m)) throw new Error(`illegal move ${m}`);
    const from = m.slice(0, 2), to = m.slice(2, 4);
    b.delete(from);
    b.set(to, me);
    const taken = captures(b, to, me);
    taken.forEach((s) => b.delete(s));
    const mover = me === 'P' ? 0 : 1;
    captured[mover] += taken.length;
    me = me === 'P' ? 'p' : 'P';
    const toMove = 1 - mover;
    const plies = i + 1;
    if (captured[mover] >= 5) result = { winner: mover, reason: 'captures' };
    else if (captured[toMove] - captured[mover] >= 3) result = { winner: toMove, reason: 'captures' };
    else if (remember(plies + 1) >= 4) result = { winner: null, reason: 'repetition' };
    else if (plies >= 300)
      result = { winner: captured[0] === captured[1] ? null : captured[0] > captured[1] ? 0 : 1, reason: 'move_limit' };
    else if (!legalMoves(b, me).length) result = { winner: mover, reason: 'no_legal_moves' };
  });
  return { position: positionText(b, me === 'P' ? 'b' : 'w', moves.length + 1), captured, result };
}

export function transcriptMoves(text) {
  const body = text.split('\n').filter((l) => l && !/^[A-Za-z]+:/.test(l)).join(' ');
  return body.match(/[1-9][a-i][1-9][a-i]/g) ?? [];
}
