import fc from 'fast-check';
import { detectTokens } from './detect-tokens';
import { redact } from './redact';
import { SECRET_SAMPLES } from './secret-samples';
import { TOKEN_RULES } from './token-rules';

// A rule's reach lets detectTokens pass over its triggers where no shape can end: it must hold of
// every shape the pattern matches, or a secret would be passed over with it.
describe.each(TOKEN_RULES.filter((r) => r.reach !== undefined).map((r) => [r.kind, r] as const))(
  'the reach of %s',
  (_kind, rule) => {
    const shape = new RegExp(rule.pattern, 'y');
    const continuedBy = new RegExp(`[${rule.reach!.continuedBy}]`);
    // Near-shapes: a few characters, the trigger, a body of about the right length, then anything.
    const pieces = [
      rule.trigger!,
      '0',
      '7',
      'a',
      'Z',
      '_',
      '.',
      '-',
      '~',
      ' ',
      ']',
      '\\',
      '\n',
      'aB3'.repeat(4),
    ];
    const junk = fc
      .array(fc.constantFrom(...pieces), { maxLength: 8 })
      .map((parts) => parts.join(''));
    const body = (min: number, max: number) =>
      fc
        .integer({ min, max })
        .chain((n) =>
          fc.string({ unit: fc.constantFrom(...'aZ09_~.-'), minLength: n, maxLength: n }),
        );
    const head = fc.tuple(
      fc.constantFrom(' ', '', 'a', '\\'),
      body(2, 4),
      fc.constantFrom('0', '7', 'a'),
    );
    const text = fc
      .tuple(junk, head, body(rule.reach!.min - 10, rule.reach!.max), junk)
      .map(([a, [b, c, d], e, f]) => a + b + c + d + rule.trigger! + e + f);

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
            expect(end === t.length || !continuedBy.test(t.charAt(end))).toBe(true);
          }
        }),
        { numRuns: 2000, seed: 10 },
      );
      // The texts reach the shape often enough for the check to mean something.
      expect(shapes).toBeGreaterThan(100);
    });
  },
);

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

// A later pass reads tokens only on the lines that hold a placeholder (redact.ts): that is sound only
// while no token reaches across a line.
describe('tokens and lines', () => {
  // Samples whole, and broken by a newline at a few places, so a shape that would run on across it is tried.
  const samples = Object.values(SECRET_SAMPLES).flatMap((s) => [
    s,
    ...[0.25, 0.5, 0.75].map((f) => `${s.slice(0, s.length * f)}\n${s.slice(s.length * f)}`),
  ]);
  const pieces = [
    'jdbc:oracle:thin:scott/tiger',
    'db@host',
    '\n',
    '\n',
    ' ',
    '\t',
    '"',
    '=',
    ':',
    '\\',
    'Bearer ',
    'Basic ',
    'Token token=',
    'SSWS ',
    'Q~',
    'AZDO',
    '.atlasv1.',
    ':AA',
    '|',
    'sig=',
    '?',
    'private_key_id',
    'jdbc:oracle:thin:',
    '/',
    '@',
    'aB3dE5fG7h'.repeat(3),
  ];
  const text = fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...pieces) },
        { weight: 1, arbitrary: fc.constantFrom(...samples) },
      ),
      { maxLength: 20 },
    )
    .map((parts) => parts.join(''));

  it('finds on a text what it finds on each of its lines', () => {
    fc.assert(
      fc.property(text, (t) => {
        const byLine: Array<{ kind: string; start: number; end: number }> = [];
        let from = 0;
        for (const line of t.split('\n')) {
          for (const c of detectTokens(line))
            byLine.push({ kind: c.kind, start: c.start + from, end: c.end + from });
          from += line.length + 1;
        }
        const whole = detectTokens(t).map((c) => ({ kind: c.kind, start: c.start, end: c.end }));
        const order = (a: { start: number; end: number }, b: { start: number; end: number }) =>
          a.start - b.start || a.end - b.end;
        expect(whole.sort(order)).toEqual(byLine.sort(order));
      }),
      { numRuns: 4000, seed: 12 },
    );
  });
});
