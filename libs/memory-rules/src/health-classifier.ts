import stem from 'wink-porter2-stemmer';
import { HEALTH_CLASSIFIER } from './health-classifier.generated';
import type { HealthClassifierModel } from './health-classifier-model';

export type { HealthClassifierModel } from './health-classifier-model';

/**
 * The trained half of the health wording rule (docs/health-wording.md): a logistic regression over the
 * words of a statement, trained by `npm run classifier:health` on the dev statements
 * (tests/bench/data/health). Its features are presence flags: each word's Porter2 stem, each pair of
 * neighbouring stems and each four-letter run inside a word (so "diabetis" and "headake" still read as
 * their words). The score is a sum of weights, so it is deterministic, cheap on every fact, and its
 * evidence is the words that weighed most. A rule's hit stands unless the words make health talk very
 * unlikely (below `veto`); with no hit, the words alone must make it likely (at least `rescue`). Both
 * were chosen by cross-validation on dev.
 */

export interface HealthWordingVerdict {
  sensitive: boolean;
  probability: number;
  /** Kind for a statement no rule named: the classifier says health, not which kind. */
  kind: 'health_condition';
  /** The words that weighed most towards health, strongest first. */
  evidence: string[];
}

const WORD = /[a-z0-9]+(?:'[a-z]+)?/g;
// Words that weigh (people write about their health in the first person) but explain nothing.
const FUNCTION_WORDS = new Set(
  `a an the i i'm i've i'd me my we our you your he him his she her it its they them their this that is
  am are was were be been being have has had do does did will would can can't cannot could couldn't
  won't don't haven't hasn't isn't wasn't and or but so if then than because as of in on at to for from
  with by about into over after before since until up down out off again just very really too also
  only even still all any some every each no not there here when while what which who how get got gets`
    .split(/\s+/)
    .filter(Boolean),
);

// Stems of the words seen lately: the same few thousand words come back on every fact.
const STEMS = new Map<string, string>();
function stemOf(word: string): string {
  let known = STEMS.get(word);
  if (known === undefined) {
    if (STEMS.size >= 20_000) STEMS.clear();
    known = stem(word);
    STEMS.set(word, known);
  }
  return known;
}

/** Each feature of the wording with the word it came from. */
export function healthWordingFeatures(text: string): Map<string, string> {
  const features = new Map<string, string>();
  const words = (text.toLowerCase().match(WORD) ?? []).map((word) => word.replace(/'s$/, ''));
  const stems = words.map(stemOf);
  stems.forEach((s, i) => {
    const word = words[i] ?? s;
    if (!features.has(`w:${s}`)) features.set(`w:${s}`, word);
    const next = stems[i + 1];
    if (next !== undefined) features.set(`b:${s} ${next}`, `${word} ${words[i + 1] ?? next}`);
    if (word.length >= 4 && !/\d/.test(word)) {
      const padded = `<${word}>`;
      for (let at = 0; at + 4 <= padded.length; at++) {
        const gram = `c:${padded.slice(at, at + 4)}`;
        if (!features.has(gram)) features.set(gram, word);
      }
    }
  });
  return features;
}

export function healthScore(
  features: Iterable<string>,
  model: HealthClassifierModel = HEALTH_CLASSIFIER,
): number {
  let sum = model.bias;
  for (const feature of features) sum += model.weights[feature] ?? 0;
  return 1 / (1 + Math.exp(-sum));
}

export function weighHealthWording(
  text: string,
  ruleHit: boolean,
  model: HealthClassifierModel = HEALTH_CLASSIFIER,
): HealthWordingVerdict {
  const features = healthWordingFeatures(text);
  const probability = healthScore(features.keys(), model);
  const sensitive = ruleHit ? probability >= model.veto : probability >= model.rescue;
  const byWord = new Map<string, number>();
  if (sensitive)
    for (const [feature, word] of features) {
      const weight = model.weights[feature] ?? 0;
      if (weight > 0)
        for (const one of word.split(' '))
          if (!FUNCTION_WORDS.has(one)) byWord.set(one, (byWord.get(one) ?? 0) + weight);
    }
  const evidence = [...byWord]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([word]) => word);
  return { sensitive, probability, kind: 'health_condition', evidence };
}
