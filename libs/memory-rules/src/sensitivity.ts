/**
 * Seed 001 / SPEC §5: a fact that names a health condition, a limitation or a medication — by its category
 * or by its wording — is only proposed; the person confirms it before it becomes a memory.
 * The patterns lean on clinical words and first-person framing so everyday speech ("tired of meetings",
 * "retail therapy", "anxious about the demo") stays an ordinary fact.
 */
export interface SensitivityInput {
  content: string;
  /** A category a tool gave the fact (the coach's remember_fact may say `medication`, `condition`, …). */
  category?: string;
}

export type SensitivityKind = 'health_condition' | 'limitation' | 'medication';
export type Sensitivity =
  { sensitive: false } | { sensitive: true; kind: SensitivityKind; reason: string };

const SENSITIVE_CATEGORIES: Record<string, SensitivityKind> = {
  health: 'health_condition',
  condition: 'health_condition',
  diagnosis: 'health_condition',
  symptom: 'health_condition',
  illness: 'health_condition',
  mental_health: 'health_condition',
  limitation: 'limitation',
  disability: 'limitation',
  medication: 'medication',
  medicine: 'medication',
  prescription: 'medication',
  supplement: 'medication',
};

interface Rule {
  kind: SensitivityKind;
  reason: string;
  pattern: RegExp;
}

// Drug-name endings: ACE inhibitors, beta blockers, statins, azole antifungals/PPIs, sartans, SSRIs, and more.
const DRUG_SUFFIX =
  /\b[a-z]{3,}(?:pril|olol|sartan|statin|azole|oxetine|italopram|dipine|azepam|zolam|cycline|cillin|mycin|floxacin|triptan|gliptin|gliflozin|tidine|prazole|setron)\b/i;
const DRUG_NAMES =
  /\b(?:insulin|metformin|ibuprofen|paracetamol|acetaminophen|adderall|ritalin|methylphenidate|vyvanse|sertraline|zoloft|prozac|xanax|lexapro|wellbutrin|bupropion|levothyroxine|prednisone|lithium|warfarin|ozempic|semaglutide|antidepressants?|antibiotics?|inhaler|epipen|birth control pills?)\b/i;
// Conditions that are health information wherever they appear.
const CONDITIONS =
  /\b(?:adhd|autism|autistic|asperger'?s|diabetes|diabetic|asthma|asthmatic|epilepsy|epileptic|cancer|hiv|bipolar|schizophreni\w*|ptsd|migraines?|arthritis|fibromyalgia|multiple sclerosis|crohn'?s|celiac|coeliac|hypertension|high blood pressure|hypothyroidism|hyperthyroidism|ibs|copd|long covid|dementia|parkinson'?s|alzheimer'?s|eating disorder|anorexia|bulimia|endometriosis|sleep apnea|tinnitus)\b/i;
// Words with an everyday sense count only when the person frames them as their own condition.
const FRAMED_CONDITIONS =
  /\b(?:i have|i've got|i've had|i suffer from|i'm suffering from|i live with|i struggle with|i'm being treated for|treated for|diagnosed with|suffers from|lives with|has|have|my)\s+(?:(?:a|an|some|severe|mild|chronic|clinical|social|generalized|major)\s+)*(?:anxiety|depression|ocd|insomnia|panic attacks|panic disorder|burnout)\b|\b(?:clinical depression|anxiety disorder|panic disorder|major depressive)\b/i;
const DIAGNOSIS =
  /\b(?:diagnosed|diagnosis|prescribed|prescription|my meds|my medications?|on medications?|takes? (?:\w+ )?medications?)\b/i;
const DOSE = /\b\d+(?:\.\d+)?\s?(?:mg|mcg|µg)\b/i;
const CARE =
  /\b(?:therapist|psychiatrist|psychologist|physiotherap\w*|counsell?or|counsell?ing|(?:in|seeing|started|starting|began|attend\w*|goes to|go to|going to|my|physical|cognitive|couples|group)\s+(?:\w+\s+)?therapy)\b/i;
const LIMITATION =
  /\b(?:disabilit(?:y|ies)|disabled|wheelchair|chronic (?:pain|fatigue|illness)|mobility (?:aid|issues?|problems?)|hearing (?:aid|loss)|visually impaired|impairment|can't walk|cannot walk|amputee|crutches)\b/i;
// Everyday phrases that borrow a clinical word; removed before the rules look.
const EVERYDAY = /\bretail therapy\b/gi;

const RULES: Rule[] = [
  { kind: 'medication', reason: 'names a medication', pattern: DRUG_NAMES },
  { kind: 'medication', reason: 'names a medication', pattern: DRUG_SUFFIX },
  { kind: 'medication', reason: 'states a dose', pattern: DOSE },
  { kind: 'health_condition', reason: 'names a health condition', pattern: CONDITIONS },
  { kind: 'health_condition', reason: 'names a health condition', pattern: FRAMED_CONDITIONS },
  { kind: 'health_condition', reason: 'mentions a diagnosis or prescription', pattern: DIAGNOSIS },
  { kind: 'limitation', reason: 'names a limitation', pattern: LIMITATION },
  { kind: 'health_condition', reason: 'mentions treatment', pattern: CARE },
];

export function classifySensitivity(fact: SensitivityInput): Sensitivity {
  const category = fact.category
    ?.trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const byCategory = category ? SENSITIVE_CATEGORIES[category] : undefined;
  if (byCategory) return { sensitive: true, kind: byCategory, reason: `category: ${category}` };

  const text = fact.content.replace(/[’‘]/g, "'").replace(EVERYDAY, ' ');
  for (const rule of RULES) {
    const match = rule.pattern.exec(text);
    if (!match) continue;
    return { sensitive: true, kind: rule.kind, reason: `${rule.reason} ("${match[0].trim()}")` };
  }
  return { sensitive: false };
}

/** Any free text (a plan, a reminder, a summary sentence) judged by the same wording rules as a fact. */
export function isSensitiveText(text: string): boolean {
  return classifySensitivity({ content: text }).sensitive;
}

// Intl.Segmenter is the platform's own sentence splitter (ICU's rules): abbreviations and decimals stay whole.
const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * A summary or recall line without the sentences that carry health details, the rest kept word for word:
 * "Ran 10 km. Takes metformin daily." becomes "Ran 10 km."; a text with nothing to drop comes back unchanged.
 */
export function withoutSensitiveSentences(text: string): string {
  const kept: string[] = [];
  let dropped = false;
  // A list item (" - User: …") is a sentence of its own even where ICU sees no sentence break before it.
  for (const item of text.split(/(?<=\S)(?=\s+-\s)/)) {
    for (const { segment } of SENTENCES.segment(item)) {
      if (isSensitiveText(segment)) dropped = true;
      else if (segment.trim()) kept.push(segment.trim());
    }
  }
  return dropped ? kept.join(' ') : text;
}

/**
 * SPEC §8 / issue 10: who may see a remembered item in a context. Nothing sensitive (by its stored flag or
 * by its wording now) while the health module is off; with it on, only what the person confirmed, so an
 * unconfirmed health detail never reaches a context either way.
 */
export function mayShowInContext(
  item: { content: string; sensitive: boolean; confirmed: boolean },
  healthModuleOn: boolean,
): boolean {
  if (!item.sensitive && !isSensitiveText(item.content)) return true;
  return healthModuleOn && item.confirmed;
}
