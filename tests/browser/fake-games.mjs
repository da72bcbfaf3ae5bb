// Rules for the fake server, from independent libraries (chess.js, shogiops) and a short
// reversi. Each game: { position(), legal(), play(move) -> display|null, outcome(), inCheck() }.
// Outcome: null, or { winner: 0|1|null, reason }.
import { Chess } from 'chess.js';
import { parseSfen, makeSfen, initialSfen } from 'shogiops/sfen';
import { makeUsi, parseUsi, makeSquareName } from 'shogiops/util';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';
import { dogcat, hasami } from './fake-games-more.mjs';

function chess() {
  const c = new Chess();
  return {
    position: () => c.fen(),
    legal: () => c.moves({ verbose: true }).map((m) => m.from + m.to + (m.promotion ?? '')),
    play(uci) {
      try {
        const m = c.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
        return m.san;
      } catch {
        return null;
      }
    },
    inCheck: () => c.inCheck(),
    outcome() {
      const loser = c.turn() === 'w' ? 0 : 1;
      if (c.isCheckmate()) return { winner: 1 - loser, reason: 'checkmate' };
      if (c.isStalemate()) return { winner: null, reason: 'stalemate' };
      if (c.isInsufficientMaterial()) return { winner: null, reason: 'insufficient_material' };
      if (c.isThreefoldRepetition()) return { winner: null, reason: 'repetition' };
      if (c.isDrawByFiftyMoves()) return { winner: null, reason: 'fifty_moves' };
      return null;
    },
  };
}

function shogi(rules) {
  let pos = parseSfen(rules, initialSfen(rules)).unwrap();
  const canProm = pieceCanPromote(rules);
  const mustProm = pieceForcePromote(rules);
  const legal = () => {
    const out = [];
    for (const [from, dests] of pos.allMoveDests()) {
      const piece = pos.board.get(from);
      for (const to of dests) {
        const base = makeSquareName(from) + makeSquareName(to);
        if (canProm(piece, from, to, pos.board.get(to))) out.push(base + '+');
        if (!mustProm(piece, to)) out.push(base);
      }
    }
    for (const [name, dests] of pos.allDropDests()) {
      const role = name.split(' ')[1];
      for (const to of dests) out.push(makeUsi({ role, to }));
    }
    return out;
  };
  return {
    position: () => makeSfen(pos),
    legal,
    play(usi) {
      if (!legal().includes(usi)) return null;
      pos.play(parseUsi(usi));
      return usi;
    },
    inCheck: () => pos.isCheck(),
    outcome() {
      if (pos.isCheckmate()) return { winner: pos.turn === 'sente' ? 1 : 0, reason: 'checkmate' };
      if (!pos.hasDests()) return { winner: pos.turn === 'sente' ? 1 : 0, reason: 'no_legal_moves' };
      return null;
    },
  };
}

const DIRS = [-9, -8, -7, -1, 1, 7, 8, 9];
function reversi() {
  const cells = Array(64).fill('-');
  cells[27] = 'O'; cells[36] = 'O'; cells[28] = 'X'; cells[35] = 'X';
  let turn = 'X';
  let ended = false;
  const step = (i, d) => {
    const j = i + d;
    if (j < 0 || j >= 64) return -1;
    if (Math.abs((j % 8) - (i % 8)) > 1) return -1;
    return j;
  };
  const flipsFor = (i, me) => {
    if (cells[i] !== '-') return [];
    const opp = me === 'X' ? 'O' : 'X';
    const all = [];
    for (const d of DIRS) {
      const line = [];
      let j = step(i, d);
      while (j >= 0 && cells[j] === opp) { line.push(j); j = step(j, d); }
      if (line.length && j >= 0 && cells[j] === me) all.push(...line);
    }
    return all;
  };
  const movesOf = (me) => [...Array(64).keys()].filter((i) => flipsFor(i, me).length);
  const name = (i) => 'abcdefgh'[i % 8] + (Math.floor(i / 8) + 1);
  const legal = () => {
    if (ended) return [];
    const ms = movesOf(turn).map(name);
    return ms.length ? ms : ['pass'];
  };
  return {
    position: () => cells.join('') + ' ' + turn,
    legal,
    play(m) {
      if (!legal().includes(m)) return null;
      if (m !== 'pass') {
        const i = 'abcdefgh'.indexOf(m[0]) + (Number(m[1]) - 1) * 8;
        for (const j of flipsFor(i, turn)) cells[j] = turn;
        cells[i] = turn;
      }
      turn = turn === 'X' ? 'O' : 'X';
      if (!movesOf('X').length && !movesOf('O').length) ended = true;
      return m;
    },
    inCheck: () => false,
    outcome() {
      if (!ended) return null;
      const x = cells.filter((c) => c === 'X').length, o = cells.filter((c) => c === 'O').length;
      return { winner: x === o ? null : x > o ? 0 : 1, reason: 'disc_count' };
    },
  };
}

export const FAKE_GAMES = {
  chess: { make: chess, sides: ['white', 'black'], letters: ['w', 'b'] },
  shogi: { make: () => shogi('standard'), sides: ['sente', 'gote'], letters: ['b', 'w'] },
  minishogi: { make: () => shogi('minishogi'), sides: ['sente', 'gote'], letters: ['b', 'w'] },
  reversi: { make: reversi, sides: ['black', 'white'], letters: ['X', 'O'] },
  dogcat: { make: dogcat, sides: ['dog', 'cat'], letters: ['b', 'w'] },
  hasami: { make: hasami, sides: ['black', 'white'], letters: ['b', 'w'] },
};
