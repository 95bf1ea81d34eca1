import { extractSymbols } from './extract-symbols';
import { driftHeadline, driftReport, signatureWas } from './render-drift';
import { diffSymbols, qualifiedName, type SymbolDrift } from './symbol-drift';

const symbolsOf = async (text: string) => (await extractSymbols('typescript', text)).symbols;

/** Given two versions of a file, then these changes, named `kind qualified.name` (renames and moves `from → to`). */
async function drift(before: string, after: string) {
  const d = diffSymbols(await symbolsOf(before), await symbolsOf(after));
  const pair = (c: SymbolDrift['renamed'][number]) =>
    `${qualifiedName(c.from)} → ${qualifiedName(c.to)}`;
  return {
    added: d.added.map(qualifiedName),
    removed: d.removed.map(qualifiedName),
    renamed: d.renamed.map(pair),
    moved: d.moved.map(pair),
    signatureChanged: d.signatureChanged.map((c) => qualifiedName(c.to)),
    bodyChanged: d.bodyChanged.map((c) => qualifiedName(c.to)),
  };
}

const none: Record<keyof Awaited<ReturnType<typeof drift>>, string[]> = {
  added: [],
  removed: [],
  renamed: [],
  moved: [],
  signatureChanged: [],
  bodyChanged: [],
};

const BASE = `export function load(id: string): Item {
  return store.get(id);
}

export function save(item: Item): void {
  store.set(item.id, item);
}

export class Cart {
  add(item: Item): void {
    this.items.push(item);
  }
  total(): number {
    return this.items.length;
  }
}
`;

describe('diffSymbols', () => {
  const cases: Array<[string, string, Partial<typeof none>]> = [
    ['finds nothing between equal files', BASE, {}],
    [
      'reads a rename with the same body as one change, not a removal and an addition',
      BASE.replace('function load(', 'function fetchItem('),
      { renamed: ['load → fetchItem'] },
    ],
    [
      'reads a rename with the same signature shape and a new body as one change',
      BASE.replace(
        'total(): number {\n    return this.items.length;',
        'count(): number {\n    return this.items.size;',
      ),
      { renamed: ['Cart.total → Cart.count'] },
    ],
    [
      'carries the members of a renamed class with it',
      BASE.replace('class Cart', 'class Basket'),
      { renamed: ['Cart → Basket'] },
    ],
    [
      'finds a changed signature and a changed body apart',
      BASE.replace('load(id: string)', 'load(id: string, fresh = false)').replace(
        'this.items.push(item);',
        'this.items.unshift(item);',
      ),
      { signatureChanged: ['load'], bodyChanged: ['Cart.add'] },
    ],
    [
      'finds an added and a removed function',
      BASE.replace(/export function save[^}]*}\n/, '').concat(
        '\nexport function purge(): void {\n  store.clear();\n}\n',
      ),
      { added: ['purge'], removed: ['save'] },
    ],
    [
      'moves nothing when a function is inserted above the others',
      'export const VERSION = 2;\n\n'.concat(BASE),
      { added: ['VERSION'] },
    ],
    [
      'finds a function moved below the others',
      BASE.replace(/export function load[^}]*}\n\n/, '').concat(
        '\nexport function load(id: string): Item {\n  return store.get(id);\n}\n',
      ),
      { moved: ['load → load'] },
    ],
  ];

  it.each(cases)('%s', async (_name, after, expected) => {
    await expect(drift(BASE, after)).resolves.toEqual({ ...none, ...expected });
  });

  it('finds a method moved to another class', async () => {
    const before = 'class A {\n  run(x: number) {\n    return x * 2;\n  }\n}\nclass B {}\n';
    const after = 'class A {}\nclass B {\n  run(x: number) {\n    return x * 2;\n  }\n}\n';
    await expect(drift(before, after)).resolves.toEqual({
      ...none,
      moved: ['A.run → B.run'],
    });
  });

  it('shows of an old signature only where it differs, in whole words', () => {
    expect(signatureWas('f(a: string): void', 'f(a: string, b?: number): void')).toBe(
      'added , b?: number',
    );
    expect(signatureWas('f(id: string): Item', 'f(id: ItemId): Item')).toBe('was …string…');
    expect(signatureWas('load(): void', 'fetch(): Promise<void>')).toBe('was load(): void');
  });
});

describe('driftReport', () => {
  const point = async (text: string, at: string) => ({
    at,
    contentHash: (await extractSymbols('typescript', text)).contentHash,
    symbols: await symbolsOf(text),
  });

  it('says so in one line and lists today’s symbols when no snapshot predates since, never a delta', async () => {
    const current = await point(
      BASE.replace('function load(', 'function fetchItem('),
      '2026-12-05T10:00:00Z',
    );
    const report = driftReport({
      path: 'src/items.ts',
      since: '2026-12-01T00:00:00Z',
      baseline: null,
      current,
      firstAt: current.at,
    });
    expect(report.delta).toBeNull();
    const [first, ...rest] = report.text.split('\n');
    expect(first).toBe(
      'No snapshot of src/items.ts at or before 2026-12-01T00:00:00Z; the first is from 2026-12-05 10:00: no delta to give. Its symbols now (2026-12-05 10:00):',
    );
    expect(rest).toEqual([
      '  L1-L3 function fetchItem',
      '  L5-L7 function save',
      '  L9-L16 class Cart',
      '  L10-L12 method Cart.add',
      '  L13-L15 method Cart.total',
    ]);
    expect(report.text).not.toMatch(/^[+\-»~↕•] /m);
  });

  it('renders a delta compactly, with today’s line ranges', async () => {
    const baseline = await point(BASE, '2026-12-01T09:00:00Z');
    const current = await point(
      BASE.replace('function load(', 'function fetchItem(').replace(
        'save(item: Item)',
        'save(item: Item, at: Date)',
      ),
      '2026-12-05T10:00:00Z',
    );
    const report = driftReport({
      path: 'src/items.ts',
      since: '2026-12-02T00:00:00Z',
      baseline,
      current,
    });
    expect(report.text).toBe(
      [
        'Since 2026-12-01 09:00: 1 renamed, 1 signature changed',
        '» L1-L3 function load → fetchItem',
        '~ L5-L7 export function save(item: Item, at: Date): void (added , at: Date)',
      ].join('\n'),
    );
  });

  it('shows of an old signature only where it differs, in whole words', () => {
    expect(signatureWas('f(a: string): void', 'f(a: string, b?: number): void')).toBe(
      'added , b?: number',
    );
    expect(signatureWas('f(id: string): Item', 'f(id: ItemId): Item')).toBe('was …string…');
    expect(signatureWas('load(): void', 'fetch(): Promise<void>')).toBe('was load(): void');
  });
});

describe('driftHeadline', () => {
  it('names the structural changes in one line, and nothing when only bodies changed', async () => {
    const before = await symbolsOf(
      'export function post(e: Entry) {}\nexport function balance() { return 1; }\nexport function old(x: number) { return x + 1; }\n',
    );
    const after = await symbolsOf(
      'export function post(e: Entry, at: Date) {}\nexport function total() { return 1; }\nexport function reverse(id: string) { drop(id); }\n',
    );
    expect(driftHeadline(diffSymbols(before, after))).toBe('+reverse −old balance→total ~post');
    const bodyOnly = await symbolsOf(
      'export function post(e: Entry) { log(e); }\nexport function balance() { return 1; }\nexport function old(x: number) { return x + 1; }\n',
    );
    expect(driftHeadline(diffSymbols(before, bodyOnly))).toBeNull();
  });

  it('stays within its length and counts what it left out', async () => {
    const many = Array.from({ length: 40 }, (_, i) => `export function handler${i}() {}`).join(
      '\n',
    );
    const line = driftHeadline(diffSymbols([], await symbolsOf(many)), 80)!;
    expect(line.length).toBeLessThanOrEqual(80);
    expect(line).toMatch(/^\+handler0 \+handler1 .* \+\d+ more$/);
    const shown = line.split(' ').filter((part) => part.startsWith('+handler')).length;
    expect(shown + Number(/\+(\d+) more$/.exec(line)![1])).toBe(40);
  });
});
