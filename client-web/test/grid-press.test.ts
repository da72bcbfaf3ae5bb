import { describe, expect, it } from 'vitest';
import { beginPress, canDrag, dragThreshold, endPress, movedBeyond, selectedDuring } from '../src/boards/grid-press';

// White's knight on b1 and rook on a1; the knight reaches a3 and c3, the rook a2.
const dests = new Map<string, string[]>([['b1', ['a3', 'c3']], ['a1', ['a2']]]);

describe('a press on a grid board', () => {
  it('picks up a movable piece at once, and a click keeps it picked', () => {
    const p = beginPress('b1', null, dests);
    expect(p.kind).toBe('piece');
    expect(selectedDuring(p, null)).toBe('b1');
    expect(canDrag(p)).toBe(true);
    expect(endPress(p, 'b1', false, dests)).toEqual({ kind: 'select', square: 'b1' });
  });
  it('a second click on the picked piece drops it', () => {
    const p = beginPress('b1', 'b1', dests);
    expect(p.wasSelected).toBe(true);
    expect(endPress(p, 'b1', false, dests)).toEqual({ kind: 'clear' });
  });
  it('click then click on a destination moves', () => {
    const p = beginPress('c3', 'b1', dests);
    expect(p.kind).toBe('target');
    expect(selectedDuring(p, 'b1')).toBe('b1');
    expect(canDrag(p)).toBe(false);
    expect(endPress(p, 'c3', false, dests)).toEqual({ kind: 'move', from: 'b1', to: 'c3' });
  });
  it('a click on another own piece picks that one instead', () => {
    const p = beginPress('a1', 'b1', dests);
    expect(endPress(p, 'a1', false, dests)).toEqual({ kind: 'select', square: 'a1' });
  });
  it('a click on a square that is neither drops the picked piece', () => {
    const p = beginPress('h8', 'b1', dests);
    expect(selectedDuring(p, 'b1')).toBeNull();
    expect(endPress(p, 'h8', false, dests)).toEqual({ kind: 'clear' });
  });
  it('a drag onto a destination moves, picked before or not', () => {
    expect(endPress(beginPress('b1', null, dests), 'a3', true, dests)).toEqual({ kind: 'move', from: 'b1', to: 'a3' });
    expect(endPress(beginPress('b1', 'b1', dests), 'c3', true, dests)).toEqual({ kind: 'move', from: 'b1', to: 'c3' });
    // A piece picked, then another one dragged: the dragged one moves.
    expect(endPress(beginPress('a1', 'b1', dests), 'a2', true, dests)).toEqual({ kind: 'move', from: 'a1', to: 'a2' });
  });
  it('a drop on an illegal square or off the board cancels', () => {
    expect(endPress(beginPress('b1', null, dests), 'b3', true, dests)).toEqual({ kind: 'clear' });
    expect(endPress(beginPress('b1', null, dests), 'a2', true, dests)).toEqual({ kind: 'clear' });
    expect(endPress(beginPress('b1', null, dests), null, true, dests)).toEqual({ kind: 'clear' });
  });
  it('a drag that ends where it began is a click', () => {
    expect(endPress(beginPress('b1', null, dests), 'b1', true, dests)).toEqual({ kind: 'select', square: 'b1' });
    expect(endPress(beginPress('b1', 'b1', dests), 'b1', true, dests)).toEqual({ kind: 'clear' });
    expect(endPress(beginPress('c3', 'b1', dests), 'c3', true, dests)).toEqual({ kind: 'move', from: 'b1', to: 'c3' });
  });
  it('a press on a destination that wanders off moves nothing', () => {
    expect(endPress(beginPress('c3', 'b1', dests), 'a3', true, dests)).toEqual({ kind: 'clear' });
  });
  it('nothing moves when the player may not move', () => {
    const none = new Map<string, string[]>();
    const p = beginPress('b1', null, none);
    expect(p.kind).toBe('other');
    expect(canDrag(p)).toBe(false);
    expect(endPress(p, 'c3', true, none)).toEqual({ kind: 'clear' });
  });
  it('a destination holding an own piece (castling as king takes rook) is a move', () => {
    const castle = new Map<string, string[]>([['e1', ['h1']], ['h1', ['g1']]]);
    expect(endPress(beginPress('h1', 'e1', castle), 'h1', false, castle)).toEqual({ kind: 'move', from: 'e1', to: 'h1' });
  });
  it('a finger must move further than a mouse to drag', () => {
    expect(dragThreshold('touch')).toBeGreaterThan(dragThreshold('mouse'));
    expect(movedBeyond(3, 2, dragThreshold('mouse'))).toBe(false);
    expect(movedBeyond(4, 3, dragThreshold('mouse'))).toBe(true);
    expect(movedBeyond(6, 6, dragThreshold('touch'))).toBe(false);
  });
});
