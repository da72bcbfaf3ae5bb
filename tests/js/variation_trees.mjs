// Random review trees for the variation read-back tests (tests/chess/pgn_variations.mjs,
// tests/shogi/kif_variations.mjs) and the leaves they are compared by: a game's own rules
// come from the caller, the shape of the tree from here.

// A random tree as lines of moves, main line first: a main line of 10 to 69 plies, then 1 to
// 5 side lines, each branching at a random ply of a line made before (the main line or
// another side line) and going on for 1 to 20 plies. `line(prefix, plies)` plays `plies`
// random moves after the moves `prefix` (fewer where the game ends); `random()` is in [0, 1).
export function randomLines(random, line) {
  const lines = [line([], 10 + Math.floor(random() * 60))];
  let sideLines = 0;
  const extra = 1 + Math.floor(random() * 5);
  for (let b = 0; b < extra; ++b) {
    const from = lines[Math.floor(random() * lines.length)];
    const prefix = from.slice(0, Math.floor(random() * from.length));
    const tail = line(prefix, 1 + Math.floor(random() * 20));
    if (!tail.length) continue;
    lines.push([...prefix, ...tail]);
    sideLines += 1;
  }
  return { lines, sideLines };
}

// The leaves of a trie ({children: [{move, children}]}), depth first with the first child
// first: every line from the root to a leaf, as moves joined by spaces.
export function leavesOfTrie(root) {
  const out = [];
  const walk = (node, prefix) => {
    if (!node.children.length) out.push(prefix.join(' '));
    for (const c of node.children) walk(c, [...prefix, c.move]);
  };
  walk(root, []);
  return out;
}

// The same for lines of moves: the tree they make, a line sharing a prefix branching there.
export function leavesOfLines(lines) {
  const root = { children: [] };
  for (const line of lines) {
    let at = root;
    for (const m of line) {
      let child = at.children.find((c) => c.move === m);
      if (!child) at.children.push((child = { move: m, children: [] }));
      at = child;
    }
  }
  return leavesOfTrie(root);
}
