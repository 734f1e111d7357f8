// Fails when src/api/schema.d.ts is not what `npm run gen:api` makes from ../openapi.json,
// i.e. when the server's contract changed and the types were not regenerated.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');
const committed = path.join(web, 'src/api/schema.d.ts');
const scratch = mkdtempSync(path.join(tmpdir(), 'rscloud-api-'));
const fresh = path.join(scratch, 'schema.d.ts');

try {
  execFileSync(
    path.join(web, 'node_modules/.bin/openapi-typescript'),
    [path.join(web, '../openapi.json'), '-o', fresh],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error('src/api/schema.d.ts is stale: run `npm run gen:api` and commit it');
    process.exitCode = 1;
  } else {
    console.log('src/api/schema.d.ts matches ../openapi.json');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
