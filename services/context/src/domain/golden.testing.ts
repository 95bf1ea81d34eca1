import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const GOLDEN_DIR = join(__dirname, '__golden__');

/**
 * Compares `actual` with `__golden__/<name>`. Run with UPDATE_GOLDEN=1 to (re)write the file, then
 * read the file and check it by eye before committing: the golden is only as right as that reading.
 */
export function expectGolden(name: string, actual: string): void {
  const path = join(GOLDEN_DIR, name);
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(path, actual);
  }
  if (!existsSync(path))
    throw new Error(`golden file ${name} is missing; run with UPDATE_GOLDEN=1 and review it`);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}
