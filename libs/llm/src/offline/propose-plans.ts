import type { ExtractedPlanItem } from '../extraction/extracted-plan';
import { MAX_PLANS_PER_EXTRACTION } from '../extraction/extracted-plan';
import type { SourceTurn } from '../extraction/source-turn';
import { parse, sentencesOf } from './nlp';

/**
 * The offline rules' plans (docs/day-series.md, "Plans from extraction"): a sentence of the person's
 * own that states an intention of theirs ("I want to", "I'm going to", "my goal is to") with a
 * measurable daily target (steps, hours of sleep, litres of water, minutes of an activity, km) becomes
 * a plan measured by that metric. Negated, hedged or someone else's intentions, and targets with no
 * number, are not plans.
 */
const INTENTION =
  /\b(?:i\s+(?:really\s+|do\s+)?(?:want|wanna|need|plan|intend|mean|hope|aim|try|resolve)\s+to|i(?:'m| am)\s+(?:going|planning|aiming|trying|determined|committed|resolved)\s+to|i(?:'m| am)\s+gonna|i(?:'ll| will)\s+(?:start\s+to\s+|try\s+to\s+)?|i\s+should\s+start\s+to|my\s+(?:goal|aim|plan|target|resolution)\s+(?:is|will be)\s+to|i(?:'d| would)\s+like\s+to)\b/i;
const NOT_MINE =
  /\b(?:don't|do not|doesn't|never|won't|wouldn't|not going to|no longer|can't|cannot|he|she|they|my (?:wife|husband|partner|son|daughter|mum|mom|dad|friend|boss|sister|brother))\s+(?:\w+\s+){0,2}(?:want|need|plan|going|gonna|intend|like|aim|wants|needs|plans)\b/i;
const HEDGE = /\b(?:maybe|someday|one day|if only|might|perhaps|was going to|used to)\b/i;
const DAILY =
  /\b(?:a|per|each|every)\s+(?:day|night|evening|morning)\b|\b(?:daily|nightly)\b|\bday\b/i;
const AT_MOST =
  /\b(?:no more than|at most|under|less than|fewer than|below|cut (?:it |that )?down to|limit (?:it |myself |that )?to|max(?:imum)? of|keep (?:it |that |\w+ \w+ )?(?:under|below))\b/i;

interface MetricRule {
  pattern: RegExp;
  metric: string;
  unit: string;
  title: (target: string) => string;
  /** Said of a night or a day without "a day": sleep is nightly whatever the words. */
  daily?: boolean;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?k?)`;
const METRICS: MetricRule[] = [
  {
    pattern: new RegExp(String.raw`${NUMBER}\s*steps?\b`, 'i'),
    metric: 'steps',
    unit: 'steps',
    title: (n) => `Walk ${n} steps a day`,
  },
  {
    pattern: new RegExp(
      String.raw`\bsleep\w*\s+(?:for\s+)?(?:at least\s+|about\s+)?${NUMBER}\s*(?:hours?|hrs?|h)\b|${NUMBER}\s*(?:hours?|hrs?|h)\s+(?:of\s+)?sleep\b|\bin bed for\s+${NUMBER}\s*(?:hours?|hrs?|h)\b`,
      'i',
    ),
    metric: 'sleep_hours',
    unit: 'h',
    title: (n) => `Sleep ${n} hours a night`,
    daily: true,
  },
  {
    pattern: new RegExp(
      String.raw`${NUMBER}\s*(?:litres?|liters?|l)\b(?:\s+of\s+water)?|\bwater\b[^.]*?${NUMBER}\s*(?:litres?|liters?|l)\b`,
      'i',
    ),
    metric: 'water',
    unit: 'l',
    title: (n) => `Drink ${n} litres of water a day`,
  },
  {
    pattern: new RegExp(
      String.raw`\b(walk|run|jog|cycle|bike|swim|row|stretch|meditate|exercise|train|practi[cs]e yoga|do yoga)\w*\s+(?:for\s+)?(?:at least\s+)?${NUMBER}\s*(?:minutes?|mins?)\b|${NUMBER}\s*(?:minutes?|mins?)\s+(?:of\s+)?(walking|running|jogging|cycling|swimming|stretching|meditation|exercise|yoga)\b`,
      'i',
    ),
    metric: 'active_minutes',
    unit: 'min',
    title: (n) => `${n} active minutes a day`,
  },
  {
    pattern: new RegExp(
      String.raw`\bscreen time\b[^.]*?${NUMBER}\s*(?:hours?|hrs?|h)\b|${NUMBER}\s*(?:hours?|hrs?|h)\s+(?:of\s+)?screen time\b`,
      'i',
    ),
    metric: 'screen_time',
    unit: 'h',
    title: (n) => `At most ${n} hours of screen time a day`,
  },
];

const ACTIVITY_NOUN: Record<string, string> = {
  walk: 'Walk',
  run: 'Run',
  jog: 'Jog',
  cycle: 'Cycle',
  bike: 'Cycle',
  swim: 'Swim',
  row: 'Row',
  stretch: 'Stretch',
  meditate: 'Meditate',
  exercise: 'Exercise',
  train: 'Train',
  walking: 'Walk',
  running: 'Run',
  jogging: 'Jog',
  cycling: 'Cycle',
  swimming: 'Swim',
  stretching: 'Stretch',
  meditation: 'Meditate',
  yoga: 'Do yoga',
};

const numberOf = (raw: string): number =>
  raw.toLowerCase().endsWith('k') ? Number(raw.slice(0, -1)) * 1000 : Number(raw);
const shown = (n: number) => n.toLocaleString('en-US');

/** Word numbers as digits ("eight thousand steps" → "8000 steps"), thousands separators dropped. */
function normalized(sentence: string): string {
  let text = sentence.replace(/(\d),(?=\d{3}\b)/g, '$1');
  try {
    const doc = parse(text);
    doc.numbers().toNumber();
    text = doc.text().replace(/(\d),(?=\d{3}\b)/g, '$1');
  } catch {
    // compromise gives up on rare shapes; the digits as written still count
  }
  return text;
}

function planOf(sentence: string, seq: number): ExtractedPlanItem | null {
  const text = normalized(sentence);
  const intention = INTENTION.exec(text);
  if (!intention || NOT_MINE.test(text) || HEDGE.test(text) || /\?\s*$/.test(text)) return null;
  const after = text.slice(intention.index);
  for (const rule of METRICS) {
    const match = rule.pattern.exec(after);
    if (!match) continue;
    const raw = match.slice(1).find((g) => g !== undefined && /^\d/.test(g));
    if (!raw) continue;
    const target = numberOf(raw);
    if (!Number.isFinite(target) || target <= 0) continue;
    if (!rule.daily && !DAILY.test(after)) continue;
    const atMost = AT_MOST.test(after) || rule.metric === 'screen_time';
    let title = rule.title(shown(target));
    if (rule.metric === 'active_minutes') {
      const verb = match.slice(1).find((g) => g !== undefined && !/^\d/.test(g));
      const activity = verb ? ACTIVITY_NOUN[verb.toLowerCase().replace(/\s.*/, '')] : undefined;
      if (activity) title = `${activity} ${shown(target)} minutes a day`;
    }
    return {
      title,
      measure: {
        metric: rule.metric,
        unit: rule.unit,
        target,
        direction: atMost ? 'at_most' : 'at_least',
      },
      sourceTurns: [seq],
    };
  }
  return null;
}

/** The plans the person's own turns state, one per turn at most, the earliest first. */
export function proposePlans(turns: readonly SourceTurn[]): ExtractedPlanItem[] {
  const plans: ExtractedPlanItem[] = [];
  for (const turn of turns) {
    if (turn.role !== 'user') continue;
    for (const sentence of sentencesOf(turn.text)) {
      const plan = planOf(sentence, turn.seq);
      if (plan) {
        plans.push(plan);
        break;
      }
    }
    if (plans.length >= MAX_PLANS_PER_EXTRACTION) break;
  }
  return plans;
}
