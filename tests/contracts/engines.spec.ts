import { readFileSync } from 'node:fs';
import path from 'node:path';
import { subset, validRange } from 'semver';

/**
 * One Node truth (CONTRIBUTING.md, "One Node version"): every Node version the root `engines` admits
 * is one that every package in the lock file admits, so `npm install` on a supported Node prints no
 * EBADENGINE warning and no dependency runs on a Node it refuses.
 */
const root = path.join(__dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** Lock entries whose `engines.node` does not admit every version `range` admits. */
function refusing(
  range: string,
  packages: Record<string, { engines?: { node?: string } | string[] }>,
): string[] {
  return Object.entries(packages).flatMap(([name, entry]) => {
    const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!name || !wanted) return [];
    return validRange(wanted) && subset(range, wanted) ? [] : [`${name} wants node ${wanted}`];
  });
}

describe('engines', () => {
  const manifest = json('package.json');
  const lock = json('package-lock.json');

  it('the lock file records the engines package.json declares', () => {
    expect(lock.packages[''].engines).toEqual(manifest.engines);
  });

  it('admits only Node versions every locked package admits', () => {
    expect(refusing(manifest.engines.node, lock.packages)).toEqual([]);
  });

  it('is seen to fail on a range that admits a Node a package refuses', () => {
    const packages = { 'node_modules/typeorm': { engines: { node: '^20.19.0 || >=22.13.0' } } };
    expect(refusing('>=20.12', packages)).toEqual([
      'node_modules/typeorm wants node ^20.19.0 || >=22.13.0',
    ]);
    expect(refusing('^20.19.0 || >=22.13.0', packages)).toEqual([]);
  });
});
