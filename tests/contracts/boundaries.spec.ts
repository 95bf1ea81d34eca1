import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    // specs and test helpers (`*.testing.ts`) may read golden files
    return name.endsWith('.ts') && !/\.(spec|testing)\.ts$/.test(name) ? [full] : [];
  });
}

const IO_MODULES =
  /from '(@nestjs\/[^']+|typeorm|pg|ioredis|@nats-io\/[^']+|node:fs[^']*|node:net|node:http|node:child_process|@anthropic-ai\/sdk)'/;

/** STYLE.md: pure code imports no framework and does no I/O, so it stays a function of its inputs. */
describe('module boundaries', () => {
  const pureDirs = [
    'libs/contracts/src',
    'libs/redaction/src',
    'libs/memory-rules/src',
    'libs/coding-talk/src',
    ...readdirSync(path.join(root, 'services'))
      .map((service) => `services/${service}/src/domain`)
      .filter((dir) => sourceFiles(path.join(root, dir)).length > 0),
  ];

  it.each(pureDirs.map((dir) => [dir]))(
    '%s imports no framework, database, bus or file system',
    (dir) => {
      const offenders = sourceFiles(path.join(root, dir)).filter((file) =>
        IO_MODULES.test(readFileSync(file, 'utf8')),
      );
      expect(offenders.map((file) => path.relative(root, file))).toEqual([]);
    },
  );

  it('reaches other packages only through their public door', () => {
    const files = ['libs', 'services'].flatMap((top) => sourceFiles(path.join(root, top)));
    const deepImports = files.filter((file) =>
      /from '@mnemo\/[^']+\/src\//.test(readFileSync(file, 'utf8')),
    );
    expect(deepImports.map((file) => path.relative(root, file))).toEqual([]);
  });
});
