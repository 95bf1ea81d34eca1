/**
 * `npm run bench`: runs every tests/bench/*.bench.ts one after another, each in its own process, and
 * prints what each prints. Numbers only; nothing here is asserted.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const only = process.argv.slice(2);
const benches = readdirSync(__dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();
let failed = 0;
for (const file of benches) {
  process.stdout.write(`\n### ${file}\n`);
  const result = spawnSync(
    process.execPath,
    [path.join(__dirname, '../../bin/run-ts.js'), path.join(__dirname, file)],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
