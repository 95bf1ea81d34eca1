import fc from 'fast-check';
import { wireCopy } from './wire-copy';

const overJson = (value: unknown): unknown => {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
};

/** Every object and array reachable from a value. */
const objectsOf = (value: unknown, into = new Set<object>()): Set<object> => {
  if (typeof value === 'object' && value !== null && !into.has(value)) {
    into.add(value);
    for (const item of Object.values(value)) objectsOf(item, into);
  }
  return into;
};

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

describe('wireCopy', () => {
  it('gives what a JSON round trip gives, for any value', () => {
    const odd = fc.constantFrom<unknown>(
      undefined,
      -0,
      NaN,
      Infinity,
      -Infinity,
      new Date(Date.UTC(2026, 0, 2)),
      new Point(1, 2),
      new Map([[1, 2]]),
      () => 1,
      Symbol('s'),
    );
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.jsonValue(), odd, fc.string()),
      node: fc.oneof(
        { depthSize: 'small' },
        tie('leaf'),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(wireCopy(v)).toStrictEqual(overJson(v));
      }),
    );
  });

  it('keeps the odd cases JSON has in plain data: -0, NaN, holes, undefined members, __proto__ keys', () => {
    const withProtoKey = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    const value = {
      zero: -0,
      nan: NaN,
      far: -Infinity,
      gone: undefined,
      // eslint-disable-next-line no-sparse-arrays -- the hole is the case under test
      list: [undefined, , 1, () => 1],
      withProtoKey,
    };
    const copied = wireCopy(value) as Record<string, any>;
    expect(copied).toStrictEqual(overJson(value));
    expect(Object.is(copied.zero, 0)).toBe(true);
    expect(Object.getPrototypeOf(copied.withProtoKey)).toBe(Object.prototype);
    expect(Object.keys(copied.withProtoKey)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('gives a value that is not plain data to JSON itself: toJSON, a Date, a class instance, a Map', () => {
    const value = {
      when: new Date(0),
      own: { toJSON: () => 'mine' },
      point: new Point(1, 2),
      map: new Map([[1, 2]]),
      list: [new Date(1)],
    };
    expect(wireCopy(value)).toStrictEqual({
      when: '1970-01-01T00:00:00.000Z',
      own: 'mine',
      point: { x: 1, y: 2 },
      map: {},
      list: ['1970-01-01T00:00:00.001Z'],
    });
  });

  it('shares no object or array with what it copied', () => {
    const value = { a: { b: [1, { c: 'x' }] }, d: [[2]], e: 'a long string'.repeat(100) };
    const copied = wireCopy(value);
    expect(copied).toStrictEqual(value);
    const mine = objectsOf(value);
    expect([...objectsOf(copied)].filter((object) => mine.has(object))).toEqual([]);
  });

  it('throws where JSON throws: a cycle, a bigint', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = { cycle };
    expect(() => wireCopy(cycle)).toThrow(TypeError);
    expect(() => wireCopy({ n: 1n })).toThrow(TypeError);
  });
});
