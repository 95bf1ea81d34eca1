import fc from 'fast-check';
import { redact } from './redact';
import { TOKEN_RULES } from './token-rules';

// A rule's reach lets detectTokens pass over its triggers where no shape can end: it must hold of
// every shape the pattern matches, or a secret would be passed over with it.
describe.each(TOKEN_RULES.filter((r) => r.reach !== undefined).map((r) => [r.kind, r] as const))('the reach of %s', (_kind, rule) => {
  const shape = new RegExp(rule.pattern, 'y');
  const continuedBy = new RegExp(`[${rule.reach!.continuedBy}]`);
  // Near-shapes: a few characters, the trigger, a body of about the right length, then anything.
  const pieces = [rule.trigger!, '0', '7', 'a', 'Z', '_', '.', '-', '~', ' ', ']', '\\', '\n', 'aB3'.repeat(4)];
  const junk = fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => parts.join(''));
  const body = (min: number, max: number) =>
    fc.integer({ min, max }).chain((n) => fc.string({ unit: fc.constantFrom(...'aZ09_~.-'), minLength: n, maxLength: n }));
  const head = fc.tuple(fc.constantFrom(' ', '', 'a', '\\'), body(2, 4), fc.constantFrom('0', '7', 'a'));
  const text = fc.tuple(junk, head, body(rule.reach!.min - 10, rule.reach!.max), junk).map(([a, [b, c, d], e, f]) => a + b + c + d + rule.trigger! + e + f);

  it('holds of every shape the pattern matches: its length and the character after it', () => {
    let shapes = 0;
    fc.assert(
      fc.property(text, (t) => {
        for (let at = 0; at < t.length; at++) {
          shape.lastIndex = at;
          const m = shape.exec(t);
          if (m === null) continue;
          shapes++;
          const end = at + m[0].length;
          expect(m[0].length).toBeGreaterThanOrEqual(rule.reach!.min);
          expect(m[0].length).toBeLessThanOrEqual(rule.reach!.max);
          expect(end === t.length || !continuedBy.test(t[end]!)).toBe(true);
        }
      }),
      { numRuns: 2000, seed: 10 },
    );
    // The texts reach the shape often enough for the check to mean something.
    expect(shapes).toBeGreaterThan(100);
  });
});

describe('Entra ID client secrets among many Q~ markers', () => {
  const secret = 'abc8Q~' + 'x7Yz'.repeat(8);
  const markers = '1Q~'.repeat(5000);

  it.each([
    ['after', `${markers} ${secret} done`],
    ['glued to the end of', `${markers}${secret}`],
    ['before', `${secret} ${markers}`],
  ])('finds a secret %s a long run of markers', (_where, text) => {
    const out = redact(text).text;
    expect(out.includes(secret)).toBe(false);
    expect(out.includes('[REDACTED:azure_ad_client_secret]')).toBe(true);
    expect(out.includes(markers.slice(0, 3000))).toBe(true);
  });
});
