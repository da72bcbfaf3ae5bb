// The variants page: each built-in fairy-chess variant with its board size and pieces,
// every piece with a small diagram of its moves drawn from what the server says of it
// (leaps and rides from a centre square: a dot where it moves and captures, a ring where
// it only moves, a cross where it only captures).
import { t, tMaybe, type MessageKey } from '../i18n';
import type { GameInfoMsg, VariantPiece } from '../protocol/messages';
import { pieceSvgMarkup } from '../boards/fairy-pieces';
import { gameName, variantPieceName, variantRules } from '../games/names';
import { groupByFamily } from '../games/families';
import { variantDiagram } from '../games/variant-diagram';
import { h } from './dom';

const SVG_NS = 'http://www.w3.org/2000/svg';
const RADIUS = 3; // squares around the centre: leaps reach three at most
const CELL = 14;

function marker(x: number, y: number, how: string): string {
  const cx = x * CELL + CELL / 2, cy = y * CELL + CELL / 2;
  if (how === 'c') return `<path d="M${cx - 4} ${cy - 4}l8 8M${cx + 4} ${cy - 4}l-8 8" stroke="#c0392b" stroke-width="2"/>`;
  if (how === 'm') return `<circle cx="${cx}" cy="${cy}" r="3.6" fill="none" stroke="#1f6f43" stroke-width="1.8"/>`;
  return `<circle cx="${cx}" cy="${cy}" r="3.8" fill="#1f6f43"/>`;
}

// The squares a piece reaches from the centre of an empty (2 * RADIUS + 1)-square board.
export function reachedSquares(piece: VariantPiece): { dx: number; dy: number; how: string }[] {
  const out: { dx: number; dy: number; how: string }[] = [];
  for (const [dx, dy, how] of piece.leaps) if (Math.abs(dx) <= RADIUS && Math.abs(dy) <= RADIUS) out.push({ dx, dy, how });
  for (const [dx, dy, max, how] of piece.rides) {
    for (let k = 1; max === 0 || k <= max; k++) {
      if (Math.abs(dx * k) > RADIUS || Math.abs(dy * k) > RADIUS) break;
      out.push({ dx: dx * k, dy: dy * k, how });
    }
  }
  return out;
}

export function moveDiagram(piece: VariantPiece): SVGSVGElement {
  const n = 2 * RADIUS + 1;
  let body = '';
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++)
      body += `<rect x="${x * CELL}" y="${y * CELL}" width="${CELL}" height="${CELL}" fill="${(x + y) % 2 ? '#b58863' : '#f0d9b5'}"/>`;
  for (const s of reachedSquares(piece)) body += marker(RADIUS + s.dx, RADIUS - s.dy, s.how);
  body += `<svg x="${RADIUS * CELL}" y="${RADIUS * CELL}" width="${CELL}" height="${CELL}" viewBox="0 0 45 45">${pieceSvgMarkup(piece.letter, true, false, piece.name.startsWith('customPiece'))}</svg>`;
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${n * CELL} ${n * CELL}`);
  svg.setAttribute('class', 'move-diagram');
  svg.setAttribute('aria-hidden', 'true');
  svg.innerHTML = body;
  return svg;
}

export function renderVariantGuide(games: readonly GameInfoMsg[]): HTMLElement {
  const entry = (g: GameInfoMsg): HTMLElement => {
    const v = g.variant!;
    return h('section', { class: 'variant-entry', id: `variant-${g.id}` },
      h('h4', {}, gameName(g.id, g), ' ', h('span', { class: 'muted' }, t('variant.size', { files: v.files, ranks: v.ranks }))),
      h('div', { class: 'variant-about' },
        variantDiagram(v),
        h('p', {}, variantRules(g.id) ?? tMaybe(`game.${g.id}.line`) ?? '')),
      h('ul', { class: 'piece-guide' }, v.pieces.map((p) =>
        h('li', {},
          moveDiagram(p),
          h('span', {}, h('strong', {}, `${p.letter.toUpperCase()} `), variantPieceName(v, p.letter),
            p.pawn ? ` (${t('variant.pawnNote')})` : '')))));
  };
  // By family, as the home page groups them.
  const groups = groupByFamily(games).map(({ family, games: list }) =>
    h('section', { class: 'variant-family', 'data-family': family },
      h('h3', {}, t(`variants.family.${family}` as MessageKey)),
      list.map(entry)));
  return h('details', { class: 'variant-guide', id: 'variants', 'data-testid': 'variant-guide' },
    h('summary', {}, t('variant.guide' as MessageKey)),
    h('p', { class: 'muted' }, t('variant.legend')),
    groups);
}
