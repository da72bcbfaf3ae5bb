// Vite builds the client into dist/, which banmen-server serves at `/`.
// `npm run dev` proxies the WebSocket to a local server (BANMEN_SERVER, default :8080).
import { defineConfig } from 'vitest/config';

const server = process.env.BANMEN_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0') },
  base: '/',
  build: {
    outDir: 'dist',
    assetsInlineLimit: 8192,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
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
