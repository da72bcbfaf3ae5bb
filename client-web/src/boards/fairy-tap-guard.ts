// A tap on a touch screen is played when the finger lifts (pointerup); the browser then
// makes a click of the same tap, on whatever lies under the finger by then. When the tap
// opened a chooser (a promotion, a gate, a drop's side), that click lands on the chooser's
// button under the finger and chooses for the player. The guard notes whether the board's
// last press was a touch; armed as a chooser opens, it eats the one click a pointer makes
// before any new press (a click from the keyboard, detail 0, passes, and so does every
// click that follows a new pointerdown, such as the player's own tap on a choice).
const CAPTURE = { capture: true };

export class TapClickGuard {
  private touch = false;
  private disarm: (() => void) | null = null;
  private destroyed = false;
  private readonly onDown = (e: Event) => {
    this.touch = (e as PointerEvent).pointerType === 'touch';
  };

  // `board`: where the presses begin; `root`: where the click is caught first (the window).
  constructor(
    private readonly board: EventTarget,
    private readonly root: EventTarget = window,
  ) {
    board.addEventListener('pointerdown', this.onDown, CAPTURE);
  }

  // A chooser is opening: after a touch press, the click that follows it is not a choice.
  arm(): void {
    if (!this.touch || this.disarm || this.destroyed) return;
    const root = this.root;
    const eat = (e: Event) => {
      if ((e as MouseEvent).detail === 0) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      off();
    };
    const off = () => {
      root.removeEventListener('click', eat, CAPTURE);
      root.removeEventListener('pointerdown', off, CAPTURE);
      this.disarm = null;
    };
    root.addEventListener('click', eat, CAPTURE);
    root.addEventListener('pointerdown', off, CAPTURE);
    this.disarm = off;
  }

  destroy(): void {
    this.destroyed = true;
    this.disarm?.();
    this.board.removeEventListener('pointerdown', this.onDown, CAPTURE);
  }
}
