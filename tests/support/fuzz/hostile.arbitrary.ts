import fc from 'fast-check';

/** Strings that have broken parsers, databases and renderers before. */
export const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800', // a lone high surrogate
  'x\udfffy', // a lone low surrogate
  '\udc00\ud800', // surrogates in the wrong order
  '\u202egnp.exe', // right-to-left override
  '\u200f\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627', // RTL mark, Hebrew, Arabic
  'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301', // stacked combining marks
  'Z\u0334\u0321\u0322\u0356\u0344a\u0338\u0349\u0314l\u0335\u0328\u031bg\u0337o',
  '👩‍👩‍👧‍👦🏳️‍🌈👍🏽',
  '\ufeffBOM',
  '\uffff\ufffe',
  '\u2028\u2029',
  '\r\n\t\u000b\u000c',
  '%',
  '%00',
  '%FF%FE',
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE memory_facts; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '*',
  '\\',
  'Ω≈ç√∫˜µ≤≥÷',
  '𝕿𝖍𝖊 𝖖𝖚𝖎𝖈𝖐',
];

/** Huge strings: far over every field's limit, under the body limit the fuzz sets. */
export const hugeString = fc
  .tuple(
    fc.integer({ min: 5_000, max: 40_000 }),
    fc.constantFrom('a', 'é', '😀', '\u0000', '\ud800', 'a ', '{'),
  )
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: hugeString },
);

/** An array nested `depth` deep: `[[[[…1…]]]]`. */
export function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
}

export const deepNesting = fc.integer({ min: 50, max: 3_000 }).map(nested);

/** A value of the wrong type, shape or size for whatever field it lands in. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      0,
      -1,
      1.5,
      -0,
      2 ** 31,
      2 ** 53 + 2,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      1e-300,
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      [],
      {},
      [null],
      [''],
      { '': '' },
      JSON.parse('{"__proto__":{"admin":true}}'),
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepNesting },
);

type Path = Array<string | number>;

const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...at, i], out));
  else if (value && typeof value === 'object')
    for (const key of Object.keys(value))
      pathsOf((value as Record<string, unknown>)[key], [...at, key], out);
  return out;
}

function setAt(
  root: unknown,
  path: Path,
  change: (parent: any, key: string | number) => void,
): unknown {
  const last = path.at(-1);
  if (last === undefined) return root;
  const copy = structuredClone(root);
  let parent: any = copy;
  for (const key of path.slice(0, -1)) parent = parent[key];
  change(parent, last);
  return copy;
}

export interface Mutation {
  /** What was done, for the failure report: `replace events.0.payload.text`. */
  what: string;
  /** The JSON path of the field broken (empty for the whole value). */
  path: Path;
  /** A value of another JSON type took the field's place: a schema check must name that field. */
  typeChanged?: boolean;
  value: unknown;
}

/**
 * One field broken in an otherwise valid value: replaced by a hostile value, removed, or joined by an
 * unknown key; or the whole value replaced. Valid values pass too, now and then, unchanged.
 */
export function mutate(base: unknown): fc.Arbitrary<Mutation> {
  const paths = pathsOf(base);
  const fields = paths.filter((p) => p.length > 0);
  const objects = paths.filter((p) => {
    const v = p.reduce((o: any, k) => o?.[k], base);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
  const unknownKey = fc.constantFrom(
    'extra',
    '__proto__',
    'constructor',
    'accountId',
    '',
    '\u0000',
    '\ud800',
    'a.b',
    '$where',
  );
  const options: Array<fc.WeightedArbitrary<Mutation>> = [
    { weight: 1, arbitrary: fc.constant({ what: 'unchanged', path: [], value: base }) },
    {
      weight: 6,
      arbitrary: fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, value]) => ({
        what: `replace ${path.join('.') || '(root)'}`,
        path,
        typeChanged: jsonType(value) !== jsonType(path.reduce((o: any, k) => o?.[k], base)),
        value:
          path.length === 0 ? value : setAt(base, path, (parent, key) => (parent[key] = value)),
      })),
    },
  ];
  if (fields.length > 0) {
    options.push({
      weight: 2,
      arbitrary: fc.constantFrom(...fields).map((path) => ({
        what: `remove ${path.join('.')}`,
        path,
        value: setAt(base, path, (parent, key) =>
          Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key],
        ),
      })),
    });
  }
  if (objects.length > 0) {
    options.push({
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...objects), unknownKey, hostileValue)
        .map(([path, key, value]) => {
          const target: any = structuredClone(base);
          const holder = path.reduce((o: any, k) => o[k], target);
          // defineProperty, so "__proto__" becomes a real key of the JSON sent, as a hostile client would write it
          Object.defineProperty(holder, key, {
            value,
            enumerable: true,
            configurable: true,
            writable: true,
          });
          return { what: `add ${[...path, key].join('.')}`, path: [...path, key], value: target };
        }),
    });
  }
  return fc.oneof(...options);
}
