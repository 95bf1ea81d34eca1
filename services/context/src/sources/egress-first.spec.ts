import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { egressGateProblems } from '../../../../tests/support/structure-checks';

/**
 * Egress first (docs/context.md), kept by structure: the serving code (the context read, its builds,
 * the cache, the loaders) reaches an account's data only through a SourceReader, and the only way to
 * get one is SourceReader.open, which refuses a forbidding account.
 */
const src = path.join(__dirname, '..');
const SERVING = ['sources', 'cache', 'rpc', 'effects', 'read'];
const sources = SERVING.flatMap((dir) =>
  readdirSync(path.join(src, dir))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .map((file) => ({ file, text: readFileSync(path.join(src, dir, file), 'utf8') })),
);
const text = (file: string) => sources.find((s) => s.file === file)!.text;

/** The body of `async name(` up to the next method at the same indentation. */
function methodBody(source: string, name: string): string {
  const start = source.search(new RegExp(`\n  (private )?async ${name}[<(]`)) + 1;
  expect(start).toBeGreaterThan(0);
  const next = source.slice(start + 1).search(/\n {2}(private |async |static )/);
  return source.slice(start, next < 0 ? undefined : start + 1 + next);
}

describe('egress first (structure)', () => {
  it('queries the database only inside the egress gate', () => {
    const offenders = sources.filter(
      ({ file, text }) =>
        file !== 'source-reader.ts' && /\b(db|dataSource|manager)\s*\.\s*query\s*\(/.test(text),
    );
    expect(offenders.map((s) => s.file)).toEqual([]);
  });

  it('opens the gate, checking egress, before the SourceReader can query', () => {
    // read from the syntax tree (tests/support/structure-checks.ts), shown failing on planted gates in tests/contracts/structure.spec.ts
    expect(egressGateProblems(text('source-reader.ts'))).toEqual([]);
  });

  // The one read (read/context-read.ts), on the gateway and in the context service alike: each public method is
  // one delegation to `read`, which opens the gate before anything else and reads the cache through it.
  const READ_METHODS = ['claudeMd', 'memoryBlock'];

  it('the context read serves only through read, from each of its public methods', () => {
    const read = text('context-read.ts');
    // `close` serves nothing: it appends the telemetry of what was served
    const publicMethods = [...read.matchAll(/\n {2}(?:async )?(\w+)(?:<\w+>)?\(/g)]
      .map((m) => m[1])
      .filter((name) => name !== 'constructor' && name !== 'close');
    expect(publicMethods).toEqual(READ_METHODS);
    for (const name of READ_METHODS)
      expect(read).toMatch(new RegExp(`\\n  ${name}<R>\\([^{}]*\\{\\s*return this\\.read\\(`));
  });

  it('the context read awaits SourceReader.open before any other await, then looks up and builds through the reader', () => {
    const body = methodBody(text('context-read.ts'), 'read');
    const firstAwait = body.indexOf('await ');
    expect(body.slice(firstAwait, firstAwait + 'await SourceReader.open('.length)).toBe(
      'await SourceReader.open(',
    );
    expect(body.indexOf('this.lookup(reader,')).toBeGreaterThan(firstAwait);
    expect(body.indexOf('steps.build(this.builds, reader,')).toBeGreaterThan(firstAwait);
    const lookup = methodBody(text('context-read.ts'), 'lookup');
    expect(lookup).toMatch(/^\s*private async lookup\(\s*reader: SourceReader,/);
    expect(lookup.indexOf('readCachedContext<unknown>(reader,')).toBeGreaterThan(-1);
  });

  it('the handler and the cache front open nothing themselves: they delegate to the context read', () => {
    for (const file of ['context.handler.ts', 'context-cache-front.ts']) {
      expect(text(file)).not.toMatch(/SourceReader|readCachedContext|\.query\(/);
      expect(text(file)).toMatch(/new ContextRead\(/);
    }
  });

  it('reads the cache, the version and every source only through a SourceReader', () => {
    for (const build of ['claudeMd', 'memoryBlock'])
      expect(methodBody(text('local-builds.ts'), build)).toMatch(
        new RegExp(`^\\s*async ${build}\\(\\s*reader: SourceReader,`),
      );
    const loaders = [
      ...text('source-loaders.ts').matchAll(/export async function (\w+)\(\s*([^,)]*)/g),
    ];
    expect(loaders.length).toBeGreaterThan(8);
    for (const [, name, firstParam] of loaders)
      expect(`${name}(${firstParam})`).toBe(`${name}(reader: SourceReader)`);
    expect(text('context-cache.ts')).toMatch(
      /export async function readCachedContext<T>\(\s*reader: SourceReader,/,
    );
    // The one cache read keys by the stamp the gate read, which only a SourceReader gives.
    expect(sources.filter((s) => /cache\s*\.\s*get\(/.test(s.text)).map((s) => s.file)).toEqual([
      'context-cache.ts',
    ]);
    const read = text('context-cache.ts');
    expect(read.indexOf('contextCacheKey(reader.stamp,')).toBeGreaterThan(-1);
    expect(read.indexOf('contextCacheKey(reader.stamp,')).toBeLessThan(
      read.indexOf('mayServe(entry, reader.stamp)'),
    );
  });
});
