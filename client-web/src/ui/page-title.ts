// The tab's title, from its parts: the count of rooms waiting for you ("(2) "), what the
// room shown needs while the tab is hidden (attention.ts: "● Your move · "), then the
// page's own title. Each part is set on its own, so neither erases the other.
let base: string | null = null;
let count = 0;
let raised: string | null = null;

function draw(): void {
  base ??= document.title;
  document.title = (count > 0 ? `(${count}) ` : '') + (raised ? `● ${raised} · ` : '') + base;
}

export function setWaitingCount(n: number): void {
  count = Math.max(0, Math.floor(n));
  draw();
}

export function setRaisedText(text: string | null): void {
  raised = text;
  draw();
}
