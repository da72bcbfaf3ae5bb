// Vite builds the client into dist/, which banmen-server serves at `/`.
// `npm run dev` proxies the WebSocket to a local server (BANMEN_SERVER, default :8080).
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// The version's one home is project() in the top CMakeLists.txt, shared with the server.
const cmake = readFileSync(new URL('../CMakeLists.txt', import.meta.url), 'utf8');
const version = /project\(banmen VERSION ([0-9.]+)/.exec(cmake)?.[1] ?? '0';

const server = process.env.BANMEN_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(version) },
  base: '/',
  build: {
    outDir: 'dist',
    assetsInlineLimit: 8192,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    // An address, not "localhost": Vite (and Vitest, which starts it) would otherwise look
    // the name up, and a bare machine may have no /etc/hosts entry for it.
    host: '127.0.0.1',
    proxy: {
      '/ws': { target: server, ws: true },
      '/api': { target: server },
      '/games': { target: server },
    },
  },
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
