import { describe, expect, it } from 'vitest';
import { TapClickGuard } from '../src/boards/fairy-tap-guard';

// Events as the browser sends them: a pointer's kind on pointerdown, a click's detail
// (0 from the keyboard, 1 from a pointer).
function pointerdown(target: EventTarget, pointerType: string): void {
  const e = new Event('pointerdown');
  Object.defineProperty(e, 'pointerType', { value: pointerType });
  target.dispatchEvent(e);
}
function click(root: EventTarget, target: EventTarget, detail: number): boolean {
  const e = new Event('click', { cancelable: true });
  Object.defineProperty(e, 'detail', { value: detail });
  let reached = false;
  const seen = () => { reached = true; };
  target.addEventListener('click', seen);
  // The root sees the click first (capture), as the window does.
  root.dispatchEvent(e);
  if (!e.defaultPrevented) target.dispatchEvent(e);
  target.removeEventListener('click', seen);
  return reached;
}

describe('TapClickGuard', () => {
  it('eats the click that follows a touch press which opened a chooser, once', () => {
    const board = new EventTarget(), root = new EventTarget(), choice = new EventTarget();
    const guard = new TapClickGuard(board, root);
    pointerdown(board, 'touch');
    guard.arm();
    expect(click(root, choice, 1)).toBe(false);
    // The player's own tap on a choice: a new press, then its click.
    expect(click(root, choice, 1)).toBe(true);
    guard.destroy();
  });

  it('lets clicks through after a mouse press, from the keyboard, and after a new press', () => {
    const board = new EventTarget(), root = new EventTarget(), choice = new EventTarget();
    const guard = new TapClickGuard(board, root);
    pointerdown(board, 'mouse');
    guard.arm();
    expect(click(root, choice, 1)).toBe(true);
    pointerdown(board, 'touch');
    guard.arm();
    expect(click(root, choice, 0)).toBe(true); // Enter on a choice
    pointerdown(root, 'touch'); // a new press disarms
    expect(click(root, choice, 1)).toBe(true);
    guard.destroy();
  });

  it('arms once, and destroy takes its listeners away', () => {
    const board = new EventTarget(), root = new EventTarget(), choice = new EventTarget();
    const guard = new TapClickGuard(board, root);
    pointerdown(board, 'touch');
    guard.arm();
    guard.arm();
    expect(click(root, choice, 1)).toBe(false);
    expect(click(root, choice, 1)).toBe(true);
    guard.arm();
    guard.destroy();
    expect(click(root, choice, 1)).toBe(true);
    pointerdown(board, 'touch');
    guard.arm();
    expect(click(root, choice, 1)).toBe(true);
  });
});
