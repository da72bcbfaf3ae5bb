// Dog-cat's hidden information, checked on the wire: every WebSocket frame a page received
// during a game (Playwright's framereceived events) is scanned for the types of the other
// side's hidden pieces. Position strings write seat 0's pieces in capitals and seat 1's in
// small letters, a hidden piece as ?X / !X when its type is not to be seen; move notation
// writes every side in capitals, so moves are checked by their mover.

// Does `s` name a hidden type of `owner` (?R, !b ...)?
function namesHiddenType(s, owner) {
  return (owner === 0 ? /[?!][KRBGS]/ : /[?!][krbgs]/).test(s);
}

function stringsIn(v, out) {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsIn(x, out);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { out.push(k); stringsIn(x, out); }
  return out;
}

// The frames of one game: from the first to game_over (exclusive). The move that ends the
// game is already described with everything revealed, like game_over itself: left out.
export function gameFrames(frames) {
  const msgs = frames.map((f) => JSON.parse(f));
  const end = msgs.findIndex((m) => m.type === 'game_over');
  if (end < 0) throw new Error('no game_over among the frames');
  let last = -1;
  for (let i = end - 1; i >= 0; i--) if (msgs[i].type === 'move') { last = i; break; }
  return msgs.slice(0, end).filter((_, i) => i !== last);
}

// Problems in what `viewerSeat` (-1: spectator) received; `ownSeen` counts the viewer's own
// hidden types named (the positive control: the scan looks for something that is there).
export function scanHidden(msgs, viewerSeat) {
  const problems = [];
  let ownSeen = 0;
  for (const m of msgs) {
    const rest = structuredClone(m);
    for (const o of [rest, ...(Array.isArray(rest.moves) ? rest.moves : [])]) {
      delete o.move; delete o.display;
    }
    delete rest.legal_moves;
    const strings = stringsIn(rest, []);
    for (const owner of [0, 1]) {
      const named = strings.filter((s) => namesHiddenType(s, owner)).length;
      if (owner === viewerSeat) ownSeen += named;
      else if (named) problems.push(`seat ${owner}'s hidden type in ${JSON.stringify(m)}`);
    }
    const moves = m.type === 'move' ? [m] : m.type === 'snapshot' ? m.moves ?? [] : [];
    moves.forEach((mv, i) => {
      const mover = m.type === 'move' ? m.seat : i % 2;
      if (mover === viewerSeat) return;
      for (const text of [mv.move, mv.display])
        if (typeof text === 'string' && /\?[A-Z]\*/.test(text)) problems.push(`typed hidden drop ${text} in ${JSON.stringify(m)}`);
    });
    if (Array.isArray(m.legal_moves) && m.legal_moves.length && viewerSeat < 0) problems.push(`legal moves sent to a spectator`);
  }
  return { problems, ownSeen };
}
