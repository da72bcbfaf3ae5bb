// The move box reads moves as other programs write them: every legal move of seeded random
// positions, written by chess.js (SAN), tsshogi and shogiops (Japanese), and shogiops'
// Western writers (P-76 and P-7f styles), must map back to exactly that move. The legal
// moves and positions come from those libraries too, so nothing here is our own rules.
import { describe, expect, it } from 'vitest';
import { Chess } from 'chess.js';
import { Position as TsPosition, formatMove } from 'tsshogi';
import { parseSfen, makeSfen } from 'shogiops/sfen';
import { makeJapaneseMoveOrDrop } from 'shogiops/notation/japanese';
import { makeWesternMoveOrDrop } from 'shogiops/notation/western';
import { makeWesternEngineMoveOrDrop } from 'shogiops/notation/western-engine';
import { makeUsi, parseUsi } from 'shogiops/util';
import type { Position as OpsPosition } from 'shogiops/variant/position';
import type { MoveOrDrop } from 'shogiops/types';
import { matchChessSan } from '../src/games/chess-move-text';
import { matchShogiText } from '../src/games/shogi-move-text';
import { typedMoveVerdict } from '../src/ui/typed-move';

// These loops run for many seconds on a busy machine: each ply gives the test worker's
// event loop a turn, so its messages to the runner are never held past their timeout.
const letTheWorkerSpeak = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A small seeded generator (mulberry32), so that a failure names a position to replay.
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('SAN as chess.js writes it', () => {
  it('maps every legal move of random positions back to its UCI move', async () => {
    const next = rng(20261126);
    let checked = 0;
    for (let game = 0; game < 8; game++) {
      const chess = new Chess();
      for (let ply = 0; ply < 100 && !chess.isGameOver(); ply++) {
        await letTheWorkerSpeak();
        const moves = chess.moves({ verbose: true });
        const legal = moves.map((m) => m.from + m.to + (m.promotion ?? ''));
        for (const [i, m] of moves.entries()) {
          expect(matchChessSan(m.san, chess.fen(), legal), `${m.san} in ${chess.fen()}`).toEqual({ kind: 'move', move: legal[i] });
          checked++;
        }
        chess.move(moves[Math.floor(next() * moves.length)]);
      }
    }
    expect(checked).toBeGreaterThan(8_000);
  }, 300_000);

  it('reads what people type besides, and says when a text fits several moves', () => {
    const chess = new Chess('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    const legal = chess.moves({ verbose: true }).map((m) => m.from + m.to + (m.promotion ?? ''));
    const fen = chess.fen();
    expect(matchChessSan('0-0', fen, legal)).toEqual({ kind: 'move', move: 'e1g1' });
    expect(matchChessSan('O-O-O', fen, legal)).toEqual({ kind: 'move', move: 'e1c1' });
    expect(matchChessSan('kf1', fen, legal)).toEqual({ kind: 'move', move: 'e1f1' });
    expect(matchChessSan('Rd1', fen, legal)).toEqual({ kind: 'move', move: 'a1d1' });
    expect(matchChessSan('Rb1', fen, legal)).toEqual({ kind: 'move', move: 'a1b1' });
    expect(matchChessSan('Rf1', fen, legal)).toEqual({ kind: 'move', move: 'h1f1' });
    expect(matchChessSan('Ra8', fen, legal)).toEqual({ kind: 'move', move: 'a1a8' });
    expect(matchChessSan('Kg1', fen, legal)).toEqual({ kind: 'illegal' }); // that is O-O
    const promo = new Chess('8/P7/8/8/8/8/8/k6K w - - 0 1');
    const plegal = promo.moves({ verbose: true }).map((m) => m.from + m.to + (m.promotion ?? ''));
    expect(matchChessSan('a8', promo.fen(), plegal)).toEqual({ kind: 'ambiguous', moves: ['a7a8n', 'a7a8b', 'a7a8r', 'a7a8q'] });
    expect(matchChessSan('a8n', promo.fen(), plegal)).toEqual({ kind: 'move', move: 'a7a8n' });
    expect(matchChessSan('hello', promo.fen(), plegal)).toEqual({ kind: 'unread' });
  });
});

type Rules = 'standard' | 'minishogi';

function opsLegal(pos: OpsPosition): MoveOrDrop[] {
  const out: MoveOrDrop[] = [];
  for (const [from, dests] of pos.allMoveDests()) {
    for (const to of dests) {
      for (const promotion of [false, true]) {
        const md = { from, to, promotion };
        if (pos.isLegal(md)) out.push(md);
      }
    }
  }
  for (const [name, dests] of pos.allDropDests()) {
    const role = name.split(' ')[1] as never;
    for (const to of dests) out.push({ role, to });
  }
  return out;
}

// Starts that give many pieces of a kind (so the direction words are needed) and hands.
const STARTS: Record<Rules, string[]> = {
  standard: [
    'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
    '4k4/9/9/9/9/9/9/9/4K4 b 4G4S2R2B4N4L4P 1',
    '4k4/9/9/9/9/9/9/9/4K4 w 4g4s2r2b4n4l4p 1',
  ],
  minishogi: ['rbsgk/4p/5/P4/KGSBR b - 1', '2k2/5/5/5/2K2 b 2G2S2B2R2P 1'],
};
const SIZE: Record<Rules, number> = { standard: 9, minishogi: 5 };

function usiOf(md: MoveOrDrop): string {
  return makeUsi(md);
}

describe('shogi moves as tsshogi and shogiops write them', () => {
  for (const rules of ['standard', 'minishogi'] as Rules[]) {
    it(`maps every legal move of random ${rules} positions back to its USI move`, async () => {
      const next = rng(rules === 'standard' ? 7 : 11);
      const size = SIZE[rules];
      const counts = { tsshogi: 0, japanese: 0, western: 0, westernEngine: 0 };
      for (const start of STARTS[rules]) {
        for (let game = 0; game < (rules === 'standard' ? 2 : 5); game++) {
          const pos = parseSfen(rules, start).unwrap();
          let lastTo: string | null = null;
          let lastUsi: string | null = null;
          let tsLast: ReturnType<TsPosition['createMoveByUSI']> = null; // for tsshogi's 同
          for (let ply = 0; ply < 60 && !pos.isEnd(); ply++) {
            await letTheWorkerSpeak();
            const mds = opsLegal(pos);
            if (!mds.length) break;
            const legal = mds.map(usiOf);
            const sfen = makeSfen(pos);
            const ts = rules === 'standard' ? TsPosition.newBySFEN(sfen) : null;
            const lastSquare = lastTo ? parseUsi(lastUsi!)!.to : undefined;
            for (const [i, md] of mds.entries()) {
              const want = { kind: 'move', move: legal[i] };
              const texts: [keyof typeof counts, string | undefined][] = [
                ['japanese', makeJapaneseMoveOrDrop(pos, md, lastSquare)],
                ['western', makeWesternMoveOrDrop(pos, md)],
                ['westernEngine', makeWesternEngineMoveOrDrop(pos, md)],
              ];
              const move = ts?.createMoveByUSI(legal[i]);
              if (ts && move) texts.push(['tsshogi', formatMove(ts, move, tsLast ? { lastMove: tsLast } : undefined)]);
              for (const [writer, text] of texts) {
                if (!text) continue;
                expect(matchShogiText(text, sfen, size, size, legal, lastTo), `${writer} wrote ${text} for ${legal[i]} in ${sfen}`).toEqual(want);
                counts[writer]++;
              }
            }
            const md = mds[Math.floor(next() * mds.length)];
            lastUsi = usiOf(md);
            tsLast = ts?.createMoveByUSI(lastUsi) ?? null;
            lastTo = /(\d[a-i])\+?$/.exec(lastUsi)![1];
            pos.play(md);
          }
        }
      }
      expect(counts.japanese).toBeGreaterThan(rules === 'standard' ? 15_000 : 3_000);
      expect(counts.western).toBe(counts.japanese);
      if (rules === 'standard') expect(counts.tsshogi).toBe(counts.japanese);
    }, 300_000);
  }

  it('reads 同, 打, 成 and 不成, and asks which when a text fits several moves', () => {
    const sfen = '4k4/9/9/9/9/9/9/3G1G3/4K4 b P 1';
    const legal = ['6h5h', '4h5h', '6h5g', '4h5g', '6h6g', '4h4g', 'P*5g', 'P*5e', '5i5h'];
    const read = (text: string, lastTo: string | null = null) => matchShogiText(text, sfen, 9, 9, legal, lastTo);
    expect(read('５八金右')).toEqual({ kind: 'move', move: '4h5h' });
    expect(read('58金左')).toEqual({ kind: 'move', move: '6h5h' });
    expect(read('５八金')).toEqual({ kind: 'ambiguous', moves: ['6h5h', '4h5h'] });
    expect(read('５七歩')).toEqual({ kind: 'move', move: 'P*5g' });
    expect(read('同　金右', '5g')).toEqual({ kind: 'move', move: '4h5g' });
    expect(read('同金', null)).toEqual({ kind: 'illegal' });
    expect(read('G4h-5h')).toEqual({ kind: 'move', move: '4h5h' });
    expect(read('P*5e')).toEqual({ kind: 'move', move: 'P*5e' });
    expect(read('５五角打')).toEqual({ kind: 'illegal' });
    expect(read('abc')).toEqual({ kind: 'unread' });
    const promo = matchShogiText('２二角', 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3', 9, 9, ['8h2b+', '8h2b'], null);
    expect(promo).toEqual({ kind: 'ambiguous', moves: ['8h2b+', '8h2b'] });
  });

  it('answers the player in words through the move box', () => {
    const ctx = { legalMoves: ['6h5h', '4h5h'], myTurn: true, notation: 'kifu' as const, position: '4k4/9/9/9/9/9/9/3G1G3/4K4 b - 1', files: 9, ranks: 9 };
    expect(typedMoveVerdict('５八金右', ctx)).toEqual({ move: '4h5h', why: '' });
    expect(typedMoveVerdict('５八金', ctx).why).toBe('５八金 fits more than one move: 6h5h, 4h5h. Say which.');
    expect(typedMoveVerdict('５八銀', ctx).why).toBe('５八銀 is not a legal move in this position.');
  });
});
