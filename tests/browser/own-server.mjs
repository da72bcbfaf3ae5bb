// A banmen-server a browser script runs itself (to restart it, or with flags of its own),
// on a free loopback port and a data folder of its own, its output in the artifacts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until, ARTIFACTS } from './lib.mjs';

const freePort = () => new Promise((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

// `name` names the data folder and the logs; `flags` are added to every start.
export async function ownServer(serverBin, dist, name, flags = []) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `banmen-${name}-`));
  let child = null;
  let lives = 0;
  return {
    base,
    async start() {
      const out = openSync(join(ARTIFACTS, `${name}-server-${++lives}.out`), 'w');
      child = spawn(serverBin, ['--bind', '127.0.0.1', '--port', String(port), '--static-dir', dist,
        '--data-dir', dataDir, ...flags], { stdio: ['ignore', out, out] });
      await until(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok, 'server up', 15_000);
    },
    async stop(signal) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
      child = null;
    },
    running: () => child !== null,
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
