// Every reason a game can end with, as the rules core and the server write it (the
// string literal of each Outcome::win/draw/abort, valued(...) and variant ending), must be
// in the client's REASONS (client-web/src/state/result-text.ts), whose words in both
// languages the client's own test checks. A new ending without words fails here.
// usage: node reason_words_test.mjs <project root>; prints `N passed, N failed`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2];
function* sources(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(cpp|h)$/.test(path)) yield path;
  }
}
const patterns = [
  /Outcome::(?:win|draw|abort)\((?:[^;"]*?,\s*)?"([a-z_]+)"/g,
  /valued\([^;]*?"([a-z_]+)"\s*\)/g,
  /ImmediateEnd\{[^}]*?"([a-z_]+)"\}/g,
  /return \{(?:EndValue::\w+|r\.checkmate), "([a-z_]+)"\};/g,
];
const used = new Map();
for (const dir of ['common', 'server'])
  for (const file of sources(join(root, dir))) {
    const text = readFileSync(file, 'utf8');
    for (const re of patterns)
      for (const m of text.matchAll(re)) if (!used.has(m[1])) used.set(m[1], file.slice(root.length + 1));
  }
const client = readFileSync(join(root, 'client-web/src/state/result-text.ts'), 'utf8');
const list = client.match(/export const REASONS = \[([\s\S]*?)\] as const/);
const known = new Set(list ? [...list[1].matchAll(/'([a-z_]+)'/g)].map((m) => m[1]) : []);
let passed = 0, failed = 0;
for (const [reason, file] of used) {
  if (known.has(reason)) { ++passed; continue; }
  ++failed;
  console.log(`reason '${reason}' (${file}) is not in the client's REASONS`);
}
if (used.size < 20) { ++failed; console.log(`only ${used.size} reasons found: the patterns no longer match the sources`); }
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
