import fc from 'fast-check';
import type { CachedContext } from '../domain/context-cache-trust';
import { decodeCachedContext, encodeCachedContext } from './context-cache';

const stamp = { accountId: 'acct-1', version: 7 };
const telemetry = { action: 'memory_context_built', claudeMdChars: 42, failedSources: [] };

describe('the cached context as Redis holds it', () => {
  it('reads back every entry as it was written, keys in their order', () => {
    const text = fc.string({ unit: 'binary' });
    const entry = fc.oneof(
      fc.record({ markdown: text, telemetry: fc.constant(telemetry) }, { noNullPrototype: true }),
      fc.record({ text, telemetry: fc.constant(telemetry) }, { noNullPrototype: true }),
      fc.record({ telemetry: fc.constant(telemetry) }, { noNullPrototype: true }),
    );
    fc.assert(
      fc.property(entry, fc.array(fc.string(), { maxLength: 3 }), (value, usedMemoryIds) => {
        const written: CachedContext<object> = { stamp, value, usedMemoryIds };
        const read = decodeCachedContext<object>(encodeCachedContext(written));
        expect(read).toStrictEqual(written);
        expect(Object.keys(read.value)).toEqual(Object.keys(value));
      }),
    );
  });

  it("carries a CLAUDE.md's markdown as it is, not JSON-escaped, after the entry's line", () => {
    const markdown = '# Memory\n\n- "quoted" \\ back-slashed · *(A ↔ B)*\n';
    const encoded = encodeCachedContext({
      stamp,
      value: { markdown, telemetry },
      usedMemoryIds: ['m-1'],
    });
    expect(encoded.endsWith(`\n${markdown}`)).toBe(true);
    expect(encoded.indexOf('\n')).toBe(encoded.length - markdown.length - 1);
  });

  it('reads an entry written as JSON alone (before this encoding) as before', () => {
    const written = {
      stamp,
      value: { markdown: 'line one\nline two', telemetry },
      usedMemoryIds: ['m-1'],
    };
    expect(decodeCachedContext(JSON.stringify(written))).toStrictEqual(written);
  });
});
