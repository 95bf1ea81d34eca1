/**
 * The health wording rule (libs/memory-rules sensitivity.ts): which statements name a
 * condition, limitation, symptom, sleep or medication and are only proposed. Dev splits
 * (tests/bench/data/health statements.json, -2 to -8, ours to read, tune and train on;
 * half of them confusables: figurative and everyday uses of clinical words) and the blind splits (tests/bench/blind/health*, written by sessions that
 * never read the rule) side by side. The blind split is scored in aggregate and per kind
 * only: no blind item is printed. Aims, read on blind: recall ≥ 0.95, false-positive rate ≤ 0.05.
 * Run: npm run bench:health
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { classifySensitivity } from '@mnemo/memory-rules';

interface Item {
  id: string;
  text: string;
  sensitive: boolean;
  kind: string;
  register: string;
}

const DEV = path.join(__dirname, 'data/health/statements.json');

function load(file: string): Item[] | null {
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as { items: Item[] }).items;
}

interface Score {
  items: number;
  sensitive: number;
  recall: number;
  falsePositiveRate: number;
  /** kind → [flagged, total] */
  byKind: Map<string, [number, number]>;
  misses: Item[];
  falseAlarms: Item[];
}

function score(items: Item[]): Score {
  const byKind = new Map<string, [number, number]>();
  const misses: Item[] = [];
  const falseAlarms: Item[] = [];
  let truePositives = 0;
  let falsePositives = 0;
  for (const item of items) {
    const flagged = classifySensitivity({ content: item.text }).sensitive;
    const counts = byKind.get(item.kind) ?? [0, 0];
    byKind.set(item.kind, [counts[0] + (flagged ? 1 : 0), counts[1] + 1]);
    if (item.sensitive && flagged) truePositives++;
    if (item.sensitive && !flagged) misses.push(item);
    if (!item.sensitive && flagged) {
      falsePositives++;
      falseAlarms.push(item);
    }
  }
  const sensitive = items.filter((i) => i.sensitive).length;
  const ordinary = items.length - sensitive;
  return {
    items: items.length,
    sensitive,
    recall: sensitive ? truePositives / sensitive : NaN,
    falsePositiveRate: ordinary ? falsePositives / ordinary : NaN,
    byKind,
    misses,
    falseAlarms,
  };
}

const fmt = (n: number) => (Number.isNaN(n) ? '  -  ' : n.toFixed(3));

/**
 * The splits side by side. The first blind split's aggregate and per-kind counts were read while the
 * rule was written, so it is scored as "seen" (no longer blind, its items still never printed); the
 * aims are read on the second, which no one writing the rule has seen.
 */
const SPLITS: [string, string][] = [
  // the second dev file (written after the rules, trained on like the first; docs/health-wording.md)
  ['dev-2', path.join(__dirname, 'data/health/statements-2.json')],
  // the third: developers' talk, health words in other senses, narrative about work and family
  ['dev-3', path.join(__dirname, 'data/health/statements-3.json')],
  // the fourth: limitations, mental health, sleep, supplements and symptoms worded indirectly
  ['dev-4', path.join(__dirname, 'data/health/statements-4.json')],
  // the fifth: supplements, care in passing, readings, late nights, sexual health, recovery, access
  ['dev-5', path.join(__dirname, 'data/health/statements-5.json')],
  // the sixth: texting, non-native, slang, clinical shorthand, third person, metaphors, units, tenses
  ['dev-6', path.join(__dirname, 'data/health/statements-6.json')],
  // the seventh: voice notes, requests, emails, US and older speech, notes, euphemisms, each beside a twin
  ['dev-7', path.join(__dirname, 'data/health/statements-7.json')],
  // the eighth: long, sarcastic, typo'd and terse statements beside their ordinary twins
  ['dev-8', path.join(__dirname, 'data/health/statements-8.json')],
  // the ninth: condition and drug names in passing beside their twins, and developers' talk
  ['dev-9', path.join(__dirname, 'data/health/statements-9.json')],
  ['seen', path.join(__dirname, 'blind/health/statements.json')],
  ['blind', path.join(__dirname, 'blind/health-2/statements.json')],
];

function main(): void {
  const dev = load(DEV);
  if (!dev) throw new Error(`no dev split at ${DEV}`);
  const devScore = score(dev);
  const others = SPLITS.map(([name, file]) => {
    const items = load(file);
    return { name, score: items ? score(items) : null };
  });
  const cell = (value: string) => value.padStart(7);
  const row = (label: string, of: (s: Score) => string, aim = '') =>
    console.log(
      `  ${label.padEnd(16)} ${cell(of(devScore))} | ${others.map((o) => cell(o.score ? of(o.score) : 'absent')).join(' | ')}${aim}`,
    );
  console.log(`health wording rule: ${['dev', ...others.map((o) => o.name)].join(' | ')}`);
  row('items', (s) => String(s.items));
  row('sensitive', (s) => String(s.sensitive));
  row('recall', (s) => fmt(s.recall), '   (aim ≥ 0.95, on blind)');
  row('false-positive', (s) => fmt(s.falsePositiveRate), '   (aim ≤ 0.05, on blind)');
  console.log('  flagged per kind (flagged/total):');
  const kinds = new Set([
    ...devScore.byKind.keys(),
    ...others.flatMap((o) => [...(o.score?.byKind.keys() ?? [])]),
  ]);
  for (const kind of [...kinds].sort()) {
    const of = (s: Score) => {
      const counts = s.byKind.get(kind);
      return counts ? `${counts[0]}/${counts[1]}` : '-';
    };
    row(`  ${kind}`, of);
  }
  // Dev items only: the rule's author may read these; blind items are never printed.
  if (process.argv.includes('--dev-errors')) {
    const devs = others.filter((o) => o.name.startsWith('dev-')).map((o) => o.score);
    const misses = [...devScore.misses, ...devs.flatMap((s) => s?.misses ?? [])];
    const falseAlarms = [...devScore.falseAlarms, ...devs.flatMap((s) => s?.falseAlarms ?? [])];
    for (const m of misses) console.log(`  dev miss   [${m.kind}] ${m.text}`);
    for (const f of falseAlarms)
      console.log(
        `  dev false  [${f.kind}] ${f.text} — ${JSON.stringify(classifySensitivity({ content: f.text }))}`,
      );
  }
}

main();
