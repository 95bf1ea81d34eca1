import fc from 'fast-check';
import { detectTokens } from './detect-tokens';
import { redact } from './redact';
import { RANK_SHAPE, SECRET_KINDS } from './secret-kind';
import { findLeakedWindows, plantedSecret, SECRET_SAMPLES } from './secret-samples';

// Words that cannot form a secret: no secret-naming word, no provider prefix.
const SAFE_WORDS = [
  'the',
  'user',
  'asked',
  'for',
  'a',
  'summary',
  'of',
  'function',
  'return',
  'const',
  'value',
  'data',
  'id',
  'name',
  'status',
  'ok',
  'error',
  'retry',
  'after',
  'loop',
  'items',
  'map',
  'filter',
  'deploy',
  'build',
  'test',
  'passed',
  'coffee',
  'session',
  'memory',
  'profile',
  'fact',
  'Note:',
  'TODO',
  'x',
  'y',
  'z1',
  '42',
  '3.14',
  'v2',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  ',',
  '.',
  '=',
  ':',
  '->',
  '=>',
  '"',
  "'",
  '#',
  '//',
  '/*',
  '*/',
  '<div>',
  '</div>',
  'foo_bar',
  'fooBar',
  'FOO_BAR',
  'http',
  'json',
];
const SEPARATORS = [' ', ' ', ' ', '\n', '\t', '', '\r\n'];
const hexId = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: min, maxLength: max });
const uuid = fc.uuid();

// Hex ids after a space: a long random string alone in quotes (`"9f3a…"`) is a secret even in hex
// (detect-quoted-random), so a digest stays only where something says what it is, or in prose.
const spaced = (id: fc.Arbitrary<string>) => id.map((h) => ` ${h}`);
const safeFragment = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...SAFE_WORDS) },
  { weight: 1, arbitrary: spaced(hexId(40, 40)) },
  { weight: 1, arbitrary: hexId(7, 12) },
  { weight: 1, arbitrary: spaced(hexId(64, 64)) },
  { weight: 1, arbitrary: uuid },
);
const safeText = fc
  .array(fc.tuple(safeFragment, fc.constantFrom(...SEPARATORS)), { maxLength: 60 })
  .map((parts) => parts.map(([w, s]) => w + s).join(''));

// Anything at all: secret words, separators, samples, random runs, placeholders.
const riskyFragment = fc.oneof(
  safeFragment,
  fc.constantFrom(
    'password',
    'token',
    'API_KEY',
    '--password',
    'Bearer ',
    'Basic ',
    'secret',
    'aws',
    'heroku',
    'twilio',
    '=',
    ': ',
    '"',
    "'",
    '\\"',
    '\\n',
    '\n',
    ' ',
    '://',
    '@',
    'export ',
    '-----BEGIN PRIVATE KEY-----',
    '-----END PRIVATE KEY-----',
    '[REDACTED:secret]',
    'postgres://u:',
    'https://',
    'sk-',
    'ghp_',
    '{"password": ',
  ),
  fc.constantFrom(...Object.values(SECRET_SAMPLES)),
  fc.string({
    unit: fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-.',
    ),
    maxLength: 50,
  }),
  fc.string({ maxLength: 8 }),
);
const riskyText = fc.array(riskyFragment, { maxLength: 40 }).map((parts) => parts.join(''));

/**
 * The seed is the suite's one (tests/support/fast-check-seed.ts, CONTRIBUTING.md); `FC_RUNS` multiplies
 * the runs, so that `npm run fuzz:redaction` (a random seed, ten times the runs) hunts deeper here.
 */
const RUNS = Number(process.env['FC_RUNS'] ?? 1);
if (!(RUNS > 0))
  throw new Error(`FC_RUNS=${process.env['FC_RUNS']}: expected a positive factor of the runs`);
const runs = (numRuns: number): fc.Parameters<unknown> => ({ numRuns: Math.ceil(numRuns * RUNS) });

describe('redact properties', () => {
  // Found by the properties below with random seeds: each a general slip, kept as a row.
  it.each([
    [
      'a secret assigned just after a value on its own line, the line judged whatever its length',
      '0Bearer theMhFn17U2HmAsetFGRVCAy31ngM.10yfgM.XopKcOO8ksDGp0M7H7oVg9it6irCOAGd116giK"ADAFRUIT_IO_KEY=vj7167a62aep61dnja7tx3vhzu6li9yqAAAAA',
      [
        'theMhFn17U2HmAsetFGRVCAy31ngM.10yfgM.XopKcOO8ksDGp0M7H7oVg9it6irCOAGd116giK',
        'vj7167a62aep61dnja7tx3vhzu6li9yqAAAAA',
      ],
    ],
    [
      'a random value glued to the name of another assignment, not taken for a name',
      'SUMO_ACCESS_ID=suqRKYXSQ1ZgsXaws_secret_access_key = HRQ1xH1FYzj3YrFzZ30WBz1iEEU7FaOucH30GoeEBUNDLE_ENTERPRISE__CONTRIBSYS__COM=3fcae05f:4bc6b9ae',
      ['HRQ1xH1FYzj3YrFzZ30WBz1iEEU7FaOucH30Goe', '3fcae05f:4bc6b9ae'],
    ],
    [
      'a secret of several words (a key block) turned into one placeholder on the line of a name and a value',
      "Bearer 0AAAAAAA'-----BEGIN RSA PRIVATE KEY-----\nj5eud7o8f6AyiRBwo1VoqiZynn+oZOuYpXRyCQ5pGSsedxzf6LhrWPUjd/49szmY\noY+31M6Nz1TGNZW4wGx5uJBNGeGXcD339eiiFB3zW+UArtDbvGM6/a/ASNU5mp0W\n-----END RSA PRIVATE KEY-----",
      ['j5eud7o8f6AyiRBwo1VoqiZynn', 'oY+31M6Nz1TGNZW4wGx5uJBNGeGXcD339'],
    ],
    [
      'a name among the first words of its line, however long the secret before it',
      'BITTREX_SECRET=gwhi7agzd8q0kgnezopje0tnxpctm2vc\\nBearer "00000000-0000-1000-8000-000000000001"',
      ['gwhi7agzd8q0kgnezopje0tnxpctm2vc', '00000000-0000-1000-8000-000000000001'],
    ],
    [
      "a value pasted before a provider's name, the words between counted however long",
      ' 000000000000000000000000000000000000000000000000000000000000000c{"password": 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_IO_KEY=vj7167a62aep61dnja7tx3vhzu6li9yq 0000000000000000000000000000000000000000CLOUDANT_PASSWORD: 27c235a67666583b1a36e924a46390085e66e5210c2478ed328f5b5b12a494cd',
      [
        'sTugxNt3yEilTixUwrIbgPHSC1sQKzdRn3r1IukX9',
        'vj7167a62aep61dnja7tx3vhzu6li9yq',
        '27c235a67666583b1a36e924a46390085e66e5210c2478ed328f5b5b12a494cd',
      ],
    ],
    [
      'a random token whose first letters spell `your` in mixed case, not a stand-in',
      'Authorization: Bearer yOUrfq7rqEnYzQIgNHVz3VPilZP3StgHda67oq6I',
      ['yOUrfq7rqEnYzQIgNHVz3VPilZP3StgHda67oq6I'],
    ],
    [
      'a digest word looked for in whole words before the name, however long they are',
      'SUMO_ACCESS_ID=suqRKYXSQ1ZgsXBearer password 000000000000000000000000000000000000000a',
      ['suqRKYXSQ1ZgsXBearer'],
    ],
  ])('redacts every secret in one pass: %s', (_why, text, secrets) => {
    const once = redact(text).text;
    for (const secret of secrets) expect(once).not.toContain(secret);
    expect(redact(once).text).toBe(once);
  });

  it('redacting twice equals redacting once', () => {
    fc.assert(
      fc.property(riskyText, (text) => {
        const once = redact(text).text;
        expect(redact(once).text).toBe(once);
      }),
      runs(2000),
    );
  });

  it('reports sorted, disjoint findings in the original text that rebuild the redacted text', () => {
    fc.assert(
      fc.property(riskyText, (text) => {
        const result = redact(text);
        let last = 0;
        let rebuilt = '';
        for (const f of result.findings) {
          expect(f.start).toBeGreaterThanOrEqual(last);
          expect(f.end).toBeGreaterThan(f.start);
          expect(f.end).toBeLessThanOrEqual(text.length);
          rebuilt += `${text.slice(last, f.start)}[REDACTED:${f.kind}]`;
          last = f.end;
        }
        expect(rebuilt + text.slice(last)).toBe(result.text);
      }),
      runs(500),
    );
  });

  it('returns text without secrets byte for byte', () => {
    fc.assert(
      fc.property(safeText, (text) => {
        const result = redact(text);
        expect(result.text).toBe(text);
        expect(result.findings).toEqual([]);
      }),
      runs(1000),
    );
  });

  it('never lets a planted secret of any family survive, wherever it is planted', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SECRET_KINDS),
        fc.string({ minLength: 1, maxLength: 12 }),
        safeText,
        safeText,
        fc.constantFrom(' ', '\n', '\t', '\r\n'),
        (kind, salt, before, after, gap) => {
          const planted = plantedSecret(kind, salt);
          const text = `${before}${gap}${planted.text}${gap}${after}`;

          const result = redact(text);

          expect(findLeakedWindows(result.text, { [kind]: planted })).toEqual([]);
          // A random value that happens to take a provider's shape (`AP9…` starts an Artifactory key)
          // is named by that provider: still redacted, under the more specific kind.
          const named = [
            kind,
            ...planted.secrets.flatMap((s) =>
              detectTokens(s).flatMap((c) => (c.rank === RANK_SHAPE ? [c.kind] : [])),
            ),
          ];
          expect(result.findings.some((f) => named.includes(f.kind))).toBe(true);
        },
      ),
      runs(1500),
    );
  });
});
