// What a press on a board of squares means, click or drag alike, kept apart from the DOM so
// that it can be tested: a press on one of the player's movable pieces picks it up (its
// destinations show at once), a press on a destination of the picked piece moves there.
// On release: a drag onto a destination moves, a drag onto any other square puts the piece
// back, and a release on the square pressed (a click, or a drag brought back) acts as a
// click: it keeps a piece just picked up and drops one that was already picked.

export interface Press {
  square: string; // where the press began
  kind: 'piece' | 'target' | 'other';
  from: string | null; // the piece that moves: the pressed one, or the one picked before
  wasSelected: boolean; // the pressed piece was already picked before this press
}

export type PressResult =
  | { kind: 'move'; from: string; to: string }
  | { kind: 'select'; square: string }
  | { kind: 'clear' };

// `dests`: each movable piece's destinations now; `selected`: the piece picked before.
export function beginPress(square: string, selected: string | null, dests: ReadonlyMap<string, readonly string[]>): Press {
  // A destination of the picked piece wins over a piece of one's own standing there
  // (castling written as the king taking its rook).
  if (selected && selected !== square && dests.get(selected)?.includes(square)) return { square, kind: 'target', from: selected, wasSelected: false };
  if (dests.has(square)) return { square, kind: 'piece', from: square, wasSelected: selected === square };
  return { square, kind: 'other', from: null, wasSelected: false };
}

// The piece picked while the press lasts (its destinations shown), null for none.
export function selectedDuring(press: Press, selected: string | null): string | null {
  return press.kind === 'piece' ? press.square : press.kind === 'target' ? selected : null;
}

// Only a picked-up piece can be dragged.
export function canDrag(press: Press): boolean {
  return press.kind === 'piece';
}

// `up`: the square under the pointer at release (null off the board); `dragged`: the
// pointer went further than a click's wobble.
export function endPress(press: Press, up: string | null, dragged: boolean, dests: ReadonlyMap<string, readonly string[]>): PressResult {
  const asClick = !dragged || up === press.square;
  if (press.kind === 'target') return asClick && press.from ? { kind: 'move', from: press.from, to: press.square } : { kind: 'clear' };
  if (press.kind === 'other') return { kind: 'clear' };
  if (asClick) return press.wasSelected ? { kind: 'clear' } : { kind: 'select', square: press.square };
  if (up && dests.get(press.square)?.includes(up)) return { kind: 'move', from: press.square, to: up };
  return { kind: 'clear' };
}

// A pointer that moved this far (CSS pixels) from where it was pressed is dragging; a
// finger wobbles more than a mouse.
export function dragThreshold(pointerType: string): number {
  return pointerType === 'mouse' ? 4 : 10;
}

export function movedBeyond(dx: number, dy: number, threshold: number): boolean {
  return dx * dx + dy * dy > threshold * threshold;
}
