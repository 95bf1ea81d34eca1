/**
 * The health wording rule (libs/memory-rules sensitivity.ts, issue 37): which statements name a
 * condition, limitation, symptom, sleep or medication and are only proposed. Dev split
 * (tests/bench/data/health, ours to read and tune on; half of it confusables: figurative and everyday
 * uses of clinical words) and the blind split (tests/bench/blind/health/statements.json, written by a
 * session that never read the rule) side by side. The blind split is scored in aggregate and per kind
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
const BLIND = path.join(__dirname, 'blind/health/statements.json');

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

function main(): void {
  const dev = load(DEV);
  if (!dev) throw new Error(`no dev split at ${DEV}`);
  const devScore = score(dev);
  const blind = load(BLIND);
  const blindScore = blind ? score(blind) : null;

  console.log('health wording rule: dev | blind');
  console.log(
    `  items             ${String(devScore.items).padStart(5)} | ${blindScore ? String(blindScore.items).padStart(5) : 'blind: not present'}`,
  );
  if (blindScore) {
    console.log(
      `  sensitive         ${String(devScore.sensitive).padStart(5)} | ${String(blindScore.sensitive).padStart(5)}`,
    );
    console.log(
      `  recall            ${fmt(devScore.recall)} | ${fmt(blindScore.recall)}   (aim ≥ 0.95)`,
    );
    console.log(
      `  false-positive    ${fmt(devScore.falsePositiveRate)} | ${fmt(blindScore.falsePositiveRate)}   (aim ≤ 0.05)`,
    );
  } else {
    console.log(`  recall            ${fmt(devScore.recall)}`);
    console.log(`  false-positive    ${fmt(devScore.falsePositiveRate)}`);
  }
  console.log('  flagged per kind (flagged/total):');
  const kinds = new Set([...devScore.byKind.keys(), ...(blindScore?.byKind.keys() ?? [])]);
  for (const kind of [...kinds].sort()) {
    const d = devScore.byKind.get(kind);
    const b = blindScore?.byKind.get(kind);
    console.log(
      `    ${kind.padEnd(16)} ${(d ? `${d[0]}/${d[1]}` : '-').padStart(7)} | ${(b ? `${b[0]}/${b[1]}` : '-').padStart(7)}`,
    );
  }
  // Dev items only: the rule's author may read these; blind items are never printed.
  if (process.argv.includes('--dev-errors')) {
    for (const m of devScore.misses) console.log(`  dev miss   [${m.kind}] ${m.text}`);
    for (const f of devScore.falseAlarms)
      console.log(
        `  dev false  [${f.kind}] ${f.text} — ${JSON.stringify(classifySensitivity({ content: f.text }))}`,
      );
  }
}

main();
