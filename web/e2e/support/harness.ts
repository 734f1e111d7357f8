// The one file that imports Playwright. It starts the real server on a free port with a
// fresh data folder, the demo accounts and the built web app, waits until /healthz answers,
// and stops it after. Its data starts with the reference data (regions, countries) that
// referenceData.ts imported once for the run. Every captcha accepts the code TEST
// (RSCLOUD_CAPTCHA_FIXED), so journeys can log in through the real dialog; the server warns
// about it at start, as it should.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, expect, type Download, type Locator, type Page } from '@playwright/test';
import { Accounts, AppDriver, CAPTCHA_FIXED } from './driver';
import { ImageQueryDriver } from './imageQuery';
import { copyReferenceData, serverBin } from './referenceData';

export { expect, type Download, type Locator, type Page };

const webDir = path.resolve(import.meta.dirname, '../..');
const distDir = path.join(webDir, 'dist');

const STARTUP_TIMEOUT_MS = 30_000;

export interface Server {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  /** Runs the real command line on the server's data, e.g. ['user', 'add', 'name']; its output. */
  cli: (args: string[], input?: string) => string;
}

function checkPrerequisites(): void {
  if (!existsSync(serverBin)) {
    throw new Error(
      `server binary ${serverBin} not found: build it (cargo build --release) or set RSCLOUD_BIN`,
    );
  }
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir}/index.html not found: run \`npm run build\` first`);
  }
}

/** Resolves with the origin from the server's "listening on http://127.0.0.1:<port>" line. */
function listeningOrigin(
  child: ChildProcess,
  stdout: Readable,
  stderr: () => string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not report its address in time\n${stderr()}`)),
      STARTUP_TIMEOUT_MS,
    );
    const lines = createInterface({ input: stdout });
    lines.on('line', (line) => {
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening\n${stderr()}`));
    });
  });
}

/** Polls /healthz until it answers 200; the interval only paces the polling. */
async function waitUntilHealthy(origin: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    const status = await fetch(`${origin}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${origin}/healthz answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(forced);
}

export const test = base.extend<
  { app: AppDriver; accounts: Accounts; imageQuery: ImageQueryDriver },
  { server: Server }
>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring
    async ({}, use) => {
      checkPrerequisites();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'rscloud-e2e-'));
      copyReferenceData(dataDir);
      let stderr = '';
      const child = spawn(
        serverBin,
        ['serve', '--addr', '127.0.0.1:0', '--data', dataDir, '--demo'],
        {
          env: { ...process.env, RSCLOUD_WEB_DIR: distDir, RSCLOUD_CAPTCHA_FIXED: CAPTCHA_FIXED },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      try {
        const origin = await listeningOrigin(child, child.stdout, () => stderr);
        await waitUntilHealthy(origin);
        const cli = (args: string[], input?: string) =>
          execFileSync(serverBin, [...args, '--data', dataDir], {
            input,
            encoding: 'utf8',
            stdio: ['pipe', 'pipe', 'pipe'],
          });
        await use({ origin, cli });
      } finally {
        await stop(child);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  app: async ({ page, server }, use) => {
    await use(new AppDriver(page, server.origin));
  },
  accounts: async ({ server }, use) => {
    await use(new Accounts(server));
  },
  imageQuery: async ({ page, server }, use) => {
    await use(new ImageQueryDriver(page, server.origin));
  },
});
