// What redact() answers, over everything the redaction bench reads (the corpus, the held-out set, the
// bench's transcript events, the pathological inputs) and 30,000 random mixes of provider names, key
// prefixes, secret-naming words, samples and separators. A speed change must not change one answer:
// run it before and after, and compare the two files (`cmp`). Prints the answers' sha256.
// Run: npm run snapshot:redaction -- /tmp/before.jsonl
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { redact, SECRET_KINDS, SECRET_SAMPLES } from '@mnemo/redaction';
import { CORPUS_FILE, type CorpusSample } from './data/redaction/corpus.generate';
import { buildEvents } from './data/redaction/events.generate';
import { buildHeldOut } from './data/redaction/heldout.generate';
import { pathologicalInputs } from './data/redaction/pathological.generate';
import { itemAt } from '@mnemo/testing';

const MIXES = 30_000;

function randomMixes(): string[] {
  let seed = 7;
  const rand = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return (seed >>> 8) % n;
  };
  const pick = <T>(xs: readonly T[]): T => itemAt(xs, rand(xs.length));
  const samples = Object.values(SECRET_SAMPLES);
  const providers = [...new Set(SECRET_KINDS.map((k) => k.split('_')[0] ?? k))];
  const prefixes = [...new Set(samples.map((s) => s.replace(/^[A-Z_]+=/, '').slice(0, 5)))];
  const words = [
    'password',
    'Passwd',
    'TOKEN',
    'api_key',
    'api key',
    'apiKey',
    'secret',
    'auth',
    'bearer',
    'Cookie',
    'credential',
    'masterKey',
    'session-key',
    'max_tokens',
    'bypass',
    'author',
    'db_password',
    'x-rapidapi',
    'AccessKey',
    'Pwd',
    'kubectl',
    'mysql -uroot',
    'curl -u',
  ];
  const separators = [
    ' ',
    '',
    '=',
    ': ',
    ' = ',
    '"',
    "'",
    '\\n',
    '\n',
    '\\',
    '_',
    '-',
    '.',
    '/',
    ':',
    ';',
    ',',
    '(',
    ')',
    '[',
    ']',
    '{',
    '}',
    '<',
    '>',
    '\t',
    '|',
    '~',
    'Q~',
    ':AA',
    '@',
    '://',
    '#',
    '$',
    '${',
    'ſ',
    'ı',
    'İ',
    '\u212a',
    '\u00a0',
    '\u2028',
    'é',
    '🙏',
    '-----BEGIN RSA PRIVATE KEY-----\n',
    'kind: Secret\ndata:\n  a: ',
    'Server=x;Password=',
    ' -p',
    ' --password ',
    '!!str ',
    '@"',
    '| ',
  ];
  const noise = (n: number): string =>
    Array.from({ length: n }, () => 'AaBb0123456789xyzQMNO_-+/='[rand(26)]).join('');
  return Array.from({ length: MIXES }, () => {
    let text = '';
    for (let parts = 1 + rand(10); parts > 0; parts--) {
      const provider = pick(providers);
      const r = rand(8);
      text +=
        r === 0
          ? pick(samples)
          : r === 1
            ? rand(2)
              ? provider.toUpperCase()
              : provider
            : r === 2
              ? pick(prefixes) + noise(rand(60))
              : r === 3
                ? pick(words)
                : r === 4
                  ? noise(rand(80))
                  : pick(separators);
      text += pick(separators);
    }
    return text;
  });
}

const corpus = JSON.parse(readFileSync(CORPUS_FILE, 'utf8')) as CorpusSample[];
const inputs = [
  ...corpus.map((s) => s.text),
  ...buildHeldOut().map((s) => s.text),
  ...buildEvents(false, 4 * 1024 * 1024),
  ...buildEvents(true, 8 * 1024 * 1024),
  ...pathologicalInputs(64 * 1024).map(([, text]) => text),
  ...randomMixes(),
];
const lines = inputs.map((text) => {
  const r = redact(text);
  return JSON.stringify([
    text.length > 200 ? createHash('sha256').update(text).digest('hex') : text,
    r.text,
    r.findings,
  ]);
});
const out = lines.join('\n');
const file = process.argv[2];
if (file) writeFileSync(file, `${out}\n`);
console.log(
  `${inputs.length} inputs, answers sha256 ${createHash('sha256').update(out).digest('hex')}${file ? ` (written to ${file})` : ''}`,
);
