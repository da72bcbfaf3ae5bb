// Loads Fairy-Stockfish's WebAssembly build (npm ffish-es6) in any Node from 18 on. Its
// ffish.js is an ES module in a package without "type": "module", which Node before 20.19
// (Debian 12 has 18) will not load as one, so a copy named .mjs is loaded instead; the
// WebAssembly is handed over as bytes, so the copy needs nothing beside it.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// `ffishDir`: the package's folder (with ffish.js and ffish.wasm). Resolves to the module.
export async function loadFfish(ffishDir) {
  const copyDir = mkdtempSync(join(tmpdir(), 'banmen-ffish-'));
  try {
    copyFileSync(join(ffishDir, 'ffish.js'), join(copyDir, 'ffish.mjs'));
    const { default: Module } = await import(pathToFileURL(join(copyDir, 'ffish.mjs')).href);
    return await Module({ wasmBinary: readFileSync(join(ffishDir, 'ffish.wasm')) });
  } finally {
    rmSync(copyDir, { recursive: true, force: true });
  }
}
