// Writes a gzip copy beside every text file of the build (dist/), once, at the highest
// level: banmen-server sends `<file>.gz` to browsers that accept gzip, so it never
// compresses on the fly. Files under 1 KiB, and those that do not shrink, get none.
import { readdirSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';

const TEXT = /\.(html|js|mjs|css|svg|json|map|txt|wasm)$/;
const dist = new URL('../dist/', import.meta.url).pathname;
let written = 0;
let before = 0;
let after = 0;

// Stale copies from an older run go first, in a pass of their own: removing them while
// compressing would also remove the copy just written when the listing holds both names.
function removeCopies(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) removeCopies(path);
    else if (name.endsWith('.gz')) rmSync(path);
  }
}

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) { walk(path); continue; }
    if (!TEXT.test(name)) continue;
    const data = readFileSync(path);
    if (data.length < 1024) continue;
    const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
    if (gz.length >= data.length) continue;
    writeFileSync(path + '.gz', gz);
    written += 1;
    before += data.length;
    after += gz.length;
  }
}

removeCopies(dist);
walk(dist);
console.log(`gzip copies: ${written} files, ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB`);
