// Fails when src/api/schema.d.ts or src/api/permissions.ts is not what `npm run gen:api` makes
// from ../openapi.json, i.e. when the server's contract changed and they were not regenerated.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PERMISSIONS_FILE, permissionsSource } from './permissions.mjs';

const web = path.resolve(import.meta.dirname, '..');
const openapi = path.join(web, '../openapi.json');
const committed = path.join(web, 'src/api/schema.d.ts');
const scratch = mkdtempSync(path.join(tmpdir(), 'rscloud-api-'));
const fresh = path.join(scratch, 'schema.d.ts');

try {
  execFileSync(path.join(web, 'node_modules/.bin/openapi-typescript'), [openapi, '-o', fresh], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stale = [
    [committed, readFileSync(fresh, 'utf8')],
    [PERMISSIONS_FILE, await permissionsSource(openapi)],
  ].filter(([file, made]) => readFileSync(file, 'utf8') !== made);
  for (const [file] of stale) {
    console.error(`${path.relative(web, file)} is stale: run \`npm run gen:api\` and commit it`);
  }
  if (stale.length > 0) process.exitCode = 1;
  else console.log('src/api/schema.d.ts and src/api/permissions.ts match ../openapi.json');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
