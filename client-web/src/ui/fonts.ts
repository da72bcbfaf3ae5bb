// The client's own fonts (public/fonts): the pieces' (15 KB, used by every board and the
// home page's icons) and the Japanese text font (fetched only when Japanese is shown).
// Chromium does not redraw form controls laid out before a web font arrived (their text
// stays in missing-glyph boxes), so pages are drawn once the fonts they need are there:
// this waits for them, at most `maxMs` (then the page is drawn anyway).
export function fontsReady(japanese: boolean, maxMs = 2000): Promise<void> {
  const fonts = (globalThis.document as Document | undefined)?.fonts;
  if (!fonts) return Promise.resolve();
  const wanted = [fonts.load('700 1em "Banmen Pieces"', '王')];
  if (japanese) wanted.push(fonts.load('1em "Banmen JP"', '部屋'));
  const loaded = Promise.all(wanted).then(() => undefined, () => undefined);
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, maxMs))]);
}
