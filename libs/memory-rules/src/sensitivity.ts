import { HEALTH_VOCABULARY } from './health-vocabulary.generated';

/**
 * Seed 001 / SPEC §5: a fact that names a health condition, a limitation, a symptom, sleep or a
 * medication — by its category or by its wording — is only proposed; the person confirms it before it
 * becomes a memory. The wording rule reads words by their lemma against a vocabulary: WordNet's medicine,
 * disease, disorder, injury and symptom nouns (health-vocabulary.generated.ts, `npm run vocabulary:health`),
 * drug-name stems, and the team's own symptom, sleep, care and mental-health terms. Everyday and figurative
 * uses ("sick of waiting", "a pain point", "sleep on it", "kill the process", "memory leak", "retail
 * therapy") are taken out before the rules look. Measured by `npm run bench:health` (dev and blind).
 */
export interface SensitivityInput {
  content: string;
  /** A category a tool gave the fact (the coach's remember_fact may say `medication`, `condition`, …). */
  category?: string;
}

export type SensitivityKind =
  'health_condition' | 'limitation' | 'medication' | 'symptom' | 'sleep';
export type Sensitivity =
  { sensitive: false } | { sensitive: true; kind: SensitivityKind; reason: string };

const SENSITIVE_CATEGORIES: Record<string, SensitivityKind> = {
  health: 'health_condition',
  health_condition: 'health_condition',
  condition: 'health_condition',
  diagnosis: 'health_condition',
  illness: 'health_condition',
  injury: 'health_condition',
  mental_health: 'health_condition',
  symptom: 'symptom',
  sleep: 'sleep',
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

// WHO INN stems of drug names: ACE inhibitors, beta blockers, sartans, statins, SSRIs, antibiotics, …
const DRUG_STEM =
  /\b[a-z]{3,}(?:pril|olol|sartan|statin|azole|oxetine|italopram|dipine|azepam|zolam|cycline|cillin|mycin|floxacin|triptan|gliptin|gliflozin|tidine|prazole|setron|tinib|ciclovir|afil|lukast|parin|semide|thiazide|dronate|profen|coxib|glutide|triptyline|xaban|gatran|formin|barbital)\b/i;
// Names newer than WordNet 3.1, and the words people use for their medicines.
const DRUG_NAMES =
  /\b(?:insulin|metformin|ibuprofen|paracetamol|acetaminophen|adderall|ritalin|concerta|methylphenidate|vyvanse|modafinil|sertraline|zoloft|prozac|xanax|lexapro|wellbutrin|bupropion|effexor|venlafaxine|duloxetine|cymbalta|mirtazapine|trazodone|quetiapine|seroquel|lamotrigine|lamictal|gabapentin|pregabalin|lyrica|tramadol|oxycodone|hydrocodone|morphine|codeine|naproxen|levothyroxine|synthroid|prednisone|prednisolone|cortisone|steroids?|lithium|warfarin|eliquis|apixaban|ozempic|wegovy|mounjaro|semaglutide|tirzepatide|zolpidem|ambien|benadryl|antihistamines?|cetirizine|zyrtec|loratadine|claritin|amoxicillin|penicillin|azithromycin|doxycycline|antidepressants?|antibiotics?|painkillers?|pain killers?|pain relievers?|inhalers?|epipen|birth control|the pill|contraceptives?|hrt|hormone replacement|chemo(?:therapy)?|radiotherapy|meds|medications?|prescriptions?|sleeping pills?|sleeping tablets?|ssris?|statins?|beta blockers?|blood thinners?)\b/i;
// Taken or dosed, these substances are medication-like ("I take melatonin most nights").
const SUBSTANCE =
  /\b(?:melatonin|vitamins?(?:\s+[a-z]\d*)?|magnesium|iron (?:tablets|pills|supplements)|zinc|omega[- ]?3s?|fish oil|creatine|probiotics?|supplements?|hormones?|estrogen|oestrogen|testosterone|progesterone|thyroxine|ashwagandha|valerian|cbd|pills?|tablets?|capsules?)\b/i;
const INTAKE =
  /\b(?:take|takes|taking|took|taken|on|started|starting|stopped|prescribed|pop|pops|popping|popped|dose|doses|dosage|inject|injects|injecting|need|needs|rely on|relies on|before bed|every (?:day|night|morning)|most nights|daily|nightly)\b/i;
const DOSE = /\b\d+(?:\.\d+)?\s?(?:mg|mcg|µg|iu|milligrams?)\b/i;

// Conditions that are health information wherever they appear.
const CONDITIONS =
  /\b(?:adhd|autism|autistic|asperger'?s|diabetes|diabetic|prediabetic|pre-diabetic|asthma|asthmatic|epilepsy|epileptic|seizures?|cancer|tumou?rs?|hiv|bipolar|schizophreni\w*|ptsd|c-ptsd|migraines?|arthritis|fibromyalgia|multiple sclerosis|ms flare|crohn'?s|colitis|celiac|coeliac|hypertension|high blood pressure|low blood pressure|blood pressure|cholesterol|blood sugar|hypothyroidism|hyperthyroidism|thyroid|ibs|copd|long covid|dementia|alzheimer'?s|parkinson'?s|eating disorder|anorexia|anorexic|bulimia|bulimic|binge eating|endometriosis|pcos|(?:had|have|has|got|caught|tested positive for|recovering from) covid|sleep apnea|sleep apnoea|tinnitus|heart attack|heart condition|heart disease|(?:had|have|having|a minor|a mini|mini|suffered|survived) (?:a )?stroke|concussion|tendonitis|tendinitis|shin splints|plantar fasciitis|sciatica|scoliosis|herniated|slipped disc|allerg(?:y|ies|ic)|eczema|psoriasis|acne|anaemia|anemia|anemic|anaemic|lupus|gout|osteoporosis|infection|infected|flu|head cold|stomach bug|(?:have|had|has|got|caught|getting over|fighting|shake off|shaking off) (?:a |the |this )?(?:cold|virus|bug)|pregnan(?:t|cy)|miscarriage|ivf|fertility|infertility|menopause|perimenopause|menopausal|period pain|ocd|self[- ]harm|suicidal|suicide|mental health|mental illness|depression|depressed|depressive|panic attacks?|panic disorder|anxiety disorder|social anxiety|(?:i'm|i am|i was|i got|feeling|felt|totally|completely) burn(?:ed|t)[- ]out|burnout|trauma|traumatic|grief counsel\w*|addiction|addicted to (?:alcohol|opioids|painkillers|pills|drugs|gambling)|alcoholic|sobriety|relapse[ds]?|rehab)\b/i;
// Words with an everyday sense count only when the person frames them as their own condition.
const FRAMED_CONDITIONS =
  /\b(?:i have|i've got|i've had|i had|i suffer from|i'm suffering from|i live with|i struggle with|i struggled with|struggling with|dealing with|i'm being treated for|treated for|diagnosed with|suffers from|lives with|has|have|had|my)\s+(?:(?:a|an|some|severe|mild|chronic|clinical|social|generalized|major|bad|terrible|really bad)\s+)*(?:anxiety|ocd|insomnia|panic attacks|panic disorder|burnout|mental health|depression|issues with (?:my )?(?:heart|back|knees?|hips?|stomach|gut|lungs|breathing|joints))\b|\b(?:clinical depression|anxiety disorder|panic disorder|major depressive)\b/i;
const DIAGNOSIS =
  /\b(?:diagnosed|diagnosis|prescribed|prescription|my meds|my medications?|on medications?|takes? (?:\w+ )?medications?|(?:my|see|saw|seeing|visit\w*|to the|to a|to my) (?:doctor|gp|physician|cardiologist|neurologist|dermatologist|rheumatologist|endocrinologist|oncologist|surgeon|physio)|doctor (?:said|told|says|thinks|wants|recommended)|surgery|(?:knee|hip|back|heart|shoulder|eye) operation|(?:in|into|to|from|at the) hospital(?! (?:as|where) )|hospitali[sz]ed|hospital (?:stay|visit|bed|appointment)|emergency room|\ber\b visit|a&e|biopsy|mri|x-ray|ct scan|blood (?:test|tests|work|results)|test results|lab results|physical therapy|physiotherap\w*|chiropractor|check-?up)\b/i;
const CARE =
  /\b(?:therapist|psychiatrist|psychologist|counsell?or|counsell?ing|(?:in|seeing|started|starting|began|attend\w*|goes to|go to|going to|my|physical|cognitive|couples|group|talk)\s+(?:\w+\s+)?therapy|cbt|emdr)\b/i;
const LIMITATION =
  /\b(?:disabilit(?:y|ies)|disabled|wheelchair|chronic (?:pain|fatigue|illness)|mobility (?:aid|issues?|problems?)|hearing (?:aid|loss)|hard of hearing|deaf|blind in|visually impaired|low vision|impairment|can't walk|cannot walk|can't stand for|can't run|can't lift|can't kneel|amputee|amputated|prosthetic|crutches|(?:a|my|with a|uses a|use a) (?:cane|walker|walking stick)|bad (?:knees?|back|hips?|ankles?|shoulders?)|dodgy (?:knees?|back|hips?)|walk with a limp|limping|dyslexi[ac]|dyspraxi[ac]|neurodivergent|on the spectrum)\b/i;
// Injuries and symptoms in the person's words.
const BODY =
  '(?:knee|knees|back|neck|shoulder|shoulders|hip|hips|ankle|ankles|wrist|wrists|foot|feet|leg|legs|arm|arms|elbow|hand|hands|head|chest|stomach|tummy|belly|gut|throat|ear|ears|eye|eyes|tooth|teeth|jaw|joints?|muscles?|hamstrings?|calf|calves|achilles|heel|toe|toes|finger|fingers|ribs?|spine|lower back|side|groin|quad|quads|glutes?|pelvis|bladder|kidneys?|heart|lungs?|skin|sinuses)';
const SYMPTOMS = new RegExp(
  String.raw`\b(?:headaches?|migraine|nausea|nauseous|nauseated|queasy|dizzy|dizziness|light-?headed|vertigo|fatigue|fatigued|exhausted all the time|tired all the time|always tired|constantly tired|no energy|fever|feverish|temperature of|coughing|a cough|cough|sore throat|runny nose|congested|rash|rashes|hives|itchy|itching|swollen|swelling|inflamed|inflammation|bleeding|blood in|vomit\w*|threw up|throwing up|diarrh(?:o)?ea|constipat\w*|cramps?|cramping|bloated|bloating|heartburn|acid reflux|reflux|indigestion|palpitations?|heart (?:racing|pounding|flutter\w*)|chest (?:pain|tightness)|short(?:ness)? of breath|breathless|wheez\w*|numb|numbness|tingl\w*|pins and needles|sprain\w*|strained (?:my|a) \w+|pulled (?:a|my) (?:muscle|hamstring|calf|groin|back|quad|tendon)|tore my|torn \w+|broke my|broken (?:arm|leg|wrist|ankle|toe|finger|rib|bone|foot|hand|collarbone|nose)|fractur\w*|dislocat\w*|whiplash|stitches|injur\w*|bruised \w+|aches?|aching|achy|sore (?:knee|back|neck|shoulder|hip|ankle|legs|muscles|feet|foot|joints|calves)|stiff (?:neck|back|joints)|flare-?ups?|hurts? when|(?:my|the) ${BODY} (?:hurts?|hurt|is killing me|is sore|aches|is aching|has been hurting|pain)|(?:${BODY}) pain|pain in (?:my|the) ${BODY}|in (?:a lot of |constant |chronic )?pain|painful ${BODY}|(?:hurt|injured|tweaked|twisted|rolled|jarred|banged) my ${BODY}|(?:feel|feeling|felt|been|was|am|i'm) (?:really |so |very |quite |a bit )?(?:sick|ill|unwell|poorly|under the weather|rough|run down|faint)|sick (?:with|in bed)|off sick|sick day|sick leave|lost my appetite|no appetite|weight loss|lost weight without|gained weight|can't breathe|anxious (?:all the time|every day|most days|at night)|feeling (?:low|down|hopeless|empty)|low mood|mood swings|brain fog|hot flush\w*|hot flash\w*|night sweats)\b`,
  'i',
);
const SLEEP =
  /\b(?:sleep|sleeps|sleeping|slept|asleep|sleepless|sleeplessness|sleepy|insomnia|insomniac|nap|naps|napping|napped|snor\w*|night terrors?|nightmares|waking up (?:at night|in the night|at \d|several times|a lot|tired|exhausted)|wake up (?:at \d|in the night|during the night|several times|tired|exhausted)|woke up (?:at \d|in the night|several times)|keep waking|bedtime|jet ?lag(?:ged)?|restless legs|drowsy|drowsiness|tossing and turning|can't (?:switch off|get to sleep|drop off)|up all night|couldn't get to sleep|hours of sleep)\b/i;

// Everyday and figurative phrases that borrow a clinical word; removed before the rules look.
const FIGURATIVE = new RegExp(
  [
    String.raw`retail therapy`,
    String.raw`(?:sick|ill) (?:of|and tired)`,
    String.raw`sick (?:beat|trick|move|view|car|ride|set|goal|save|shot)`,
    String.raw`that's sick`,
    String.raw`pain points?`,
    String.raw`pain in the (?:neck|ass|arse|butt|backside)`,
    String.raw`growing pains`,
    String.raw`no pain,? no gain`,
    String.raw`(?:painfully|painful(?:ly)?) (?:slow|obvious|aware|honest|awkward|long|boring|shy)`,
    String.raw`a painful (?:meeting|process|lesson|migration|conversation|reminder|choice|decision|experience|week at work)`,
    String.raw`(?:is|was|are|were|been|be|becomes?|became|it's|that's|what's|such|felt like|feels like)\s+(?:a |an |such a |the |one |total |real |absolute |complete |bit of a |big |huge |major |massive |logistical |bureaucratic |admin |administrative )*(?:headache|nightmare|pain|migraine|cancer|plague|poison|drug|pill|disease|virus|allergy|cure|medicine|therapy|trauma|fever|infection|injury)`,
    String.raw`(?:gives?|giving|gave) me (?:a )?headaches? (?:just )?(?:thinking|looking|to think|reading)`,
    String.raw`sleep on (?:it|this|that|the (?:idea|decision|offer|proposal|question|plan|choice))`,
    String.raw`(?:don't|do not|never) sleep on`,
    String.raw`slept on (?:it|the (?:idea|decision|offer))`,
    String.raw`sleep(?:ing)? mode`,
    String.raw`sleep\(\)`,
    String.raw`sleep (?:timer|function|call|command|statement|interval)`,
    String.raw`sleeping (?:giant|beauty|bag|bags|dogs?|partner)`,
    String.raw`let sleeping dogs lie`,
    String.raw`sleepy (?:town|village|suburb|little|fishing|seaside|hamlet|neighbou?rhood|market)`,
    String.raw`(?:lose|losing|lost) (?:any )?sleep over`,
    String.raw`(?:in|with) my sleep`,
    String.raw`put (?:\w+ )?to sleep`,
    String.raw`sleeper (?:hit|agent|cell|train|sofa|car)`,
    String.raw`asleep at the wheel`,
    String.raw`never sleeps`,
    String.raw`(?:kill|kills|killed|killing) (?:the |a |that |this |all )?(?:process|processes|job|jobs|task|tasks|server|container|pod|session|time|the mood|it|switch)`,
    String.raw`killer (?:feature|app|deal|idea)`,
    String.raw`(?:is|was) killing it`,
    String.raw`memory leaks?`,
    String.raw`(?:computer|software) virus`,
    String.raw`anti-?virus`,
    String.raw`viral (?:video|post|tweet|marketing|content)`,
    String.raw`went viral`,
    String.raw`health ?checks?`,
    String.raw`(?:system|service|cluster|server|code|codebase|pipeline|financial|fiscal|account|brand|soil|plant|team|project|economic|business|company|relationship|battery|disk) health`,
    String.raw`healthy (?:debate|margin|balance|codebase|profit|respect|skepticism|scepticism|competition|relationship)`,
    String.raw`sanity (?:check|test)`,
    String.raw`code smells?`,
    String.raw`blind spots?`,
    String.raw`fatal (?:error|exception)`,
    String.raw`zombie process(?:es)?`,
    String.raw`bleeding edge`,
    String.raw`cold (?:start|storage|call|calls|calling|feet|shoulder|case|war|brew|email|outreach|turkey)`,
    String.raw`(?:analysis|decision) paralysis`,
    String.raw`(?:decision|zoom|meeting|screen|compassion) fatigue`,
    String.raw`a dose of (?:reality|humility|humor|humour|patience|luck)`,
    String.raw`(?:healthy|small|daily|big) dose of`,
    String.raw`(?:bitter|red|blue|hard) pill`,
    String.raw`(?:allergic|allergy) to (?:meetings?|mornings?|paperwork|bureaucracy|mondays|small talk|drama|work|exercise|cleaning|spreadsheets|change|commitment|jargon|buzzwords)`,
    String.raw`(?:adrenaline|sugar) (?:rush|junkie|high)`,
    String.raw`(?:an? )?(?:\w+ )?(?:junkie|addict) (?:for|of)`,
    String.raw`(?:i'm|i am|so|bit) (?:addicted to|obsessed with) (?:coffee|tea|chocolate|this show|that show|the show|the game|podcasts|sudoku|wordle|crosswords|my phone)`,
    String.raw`heartbeat (?:signal|interval|message|check)`,
    String.raw`the great depression`,
    String.raw`depression[- ]era`,
    String.raw`tropical depression`,
    String.raw`(?:cabin|spring|gold|world cup|election) fever`,
    String.raw`fever pitch`,
    String.raw`tone[- ]deaf`,
    String.raw`deaf to`,
    String.raw`turn(?:ed|s|ing)? a blind eye`,
    String.raw`(?:broke|broken) (?:the build|build|my heart|the bank|the news|the ice|the record|my phone|my laptop|the internet|the rules?|the law|the deal)`,
    String.raw`(?:it|that) (?:won't|wouldn't|doesn't|didn't|can't) hurt`,
    String.raw`hurt my feelings`,
    String.raw`sore (?:loser|point|subject|spot)`,
    String.raw`sight for sore eyes`,
    String.raw`(?:dying|die) (?:to|for)`,
    String.raw`(?:bored|scared|worried|tickled) (?:to death|sick)`,
    String.raw`sick to death`,
    String.raw`(?:vitamin|tablets?|pills?) (?:store|shop|aisle|section|bottle design|packaging|brand|company)`,
    String.raw`tablets? (?:computer|device|app|screen|stand)`,
    String.raw`(?:an?|the|my|new|old) (?:ipad|android|samsung|drawing) tablets?`,
    String.raw`pill(?:-shaped)? (?:button|buttons|shape|badge)`,
    String.raw`shots? of (?:espresso|tequila|whisky|whiskey|vodka|coffee)`,
    String.raw`(?:i|we) (?:take|took|taking) (?:the |a )?(?:train|bus|tube|subway|car|bike|stairs|lift|elevator|dog|kids|photos?|pictures?|notes?|a break|a walk|turns|the lead|the time|my time|it easy|a nap)`,
    String.raw`on the (?:train|bus|phone|way|road|team|call|plane|weekend|fence)`,
    String.raw`(?:kick|kicks|kicked) the bucket`,
    String.raw`(?:cure|cures) for (?:boredom|writer's block|the blues|procrastination)`,
    String.raw`(?:scar|scars|scarred) (?:me|us|for life)`,
    String.raw`cough(?:ed|ing|s)? up`,
    String.raw`rash (?:decision|choice|move|promise|purchase|comment)`,
    String.raw`bleeding (?:money|cash|customers|users|talent|subscribers)`,
    String.raw`bedtime stor(?:y|ies)`,
    String.raw`strokes? of (?:luck|genius|midnight|the pen|inspiration)`,
  ].join('|'),
  'gi',
);

const RULES: Rule[] = [
  { kind: 'medication', reason: 'names a medication', pattern: DRUG_NAMES },
  { kind: 'medication', reason: 'names a medication', pattern: DRUG_STEM },
  { kind: 'medication', reason: 'states a dose', pattern: DOSE },
  { kind: 'health_condition', reason: 'names a health condition', pattern: CONDITIONS },
  { kind: 'health_condition', reason: 'names a health condition', pattern: FRAMED_CONDITIONS },
  { kind: 'health_condition', reason: 'mentions a diagnosis or care', pattern: DIAGNOSIS },
  { kind: 'limitation', reason: 'names a limitation', pattern: LIMITATION },
  { kind: 'health_condition', reason: 'mentions treatment', pattern: CARE },
  { kind: 'symptom', reason: 'names a symptom or injury', pattern: SYMPTOMS },
  { kind: 'sleep', reason: 'names sleep', pattern: SLEEP },
];

type VocabularyGroup = keyof typeof HEALTH_VOCABULARY;
const VOCABULARY_KIND: Record<VocabularyGroup, SensitivityKind> = {
  medication: 'medication',
  condition: 'health_condition',
  symptom: 'symptom',
};
let vocabulary: { terms: Map<string, VocabularyGroup>; longest: number } | undefined;

function vocabularyTerms() {
  if (vocabulary) return vocabulary;
  const terms = new Map<string, VocabularyGroup>();
  let longest = 1;
  for (const group of Object.keys(HEALTH_VOCABULARY) as VocabularyGroup[]) {
    for (const term of HEALTH_VOCABULARY[group]) {
      if (!terms.has(term)) terms.set(term, group);
      longest = Math.max(longest, term.split(' ').length);
    }
  }
  vocabulary = { terms, longest };
  return vocabulary;
}

/** WordNet's noun detachment rules (morphy): "migraines" → "migraine", "allergies" → "allergy". */
function nounLemmas(word: string): string[] {
  const out = [word];
  for (const [suffix, ending] of [
    ['ies', 'y'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['men', 'man'],
    ['s', ''],
  ] as const)
    if (word.length > suffix.length + 2 && word.endsWith(suffix))
      out.push(word.slice(0, -suffix.length) + ending);
  return out;
}

/** The first vocabulary term the words hold, as a lemma, with its group. */
function vocabularyMatch(text: string): { term: string; group: VocabularyGroup } | null {
  const { terms, longest } = vocabularyTerms();
  const words = text.toLowerCase().match(/[a-z0-9]+(?:['.-][a-z0-9]+)*/g) ?? [];
  for (let i = 0; i < words.length; i++) {
    for (let n = Math.min(longest, words.length - i); n >= 1; n--) {
      const head = words.slice(i, i + n - 1);
      for (const last of nounLemmas(words[i + n - 1])) {
        const term = [...head, last].join(' ');
        const group = terms.get(term);
        if (group) return { term, group };
      }
    }
  }
  return null;
}

export function classifySensitivity(fact: SensitivityInput): Sensitivity {
  const category = fact.category
    ?.trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const byCategory = category ? SENSITIVE_CATEGORIES[category] : undefined;
  if (byCategory) return { sensitive: true, kind: byCategory, reason: `category: ${category}` };

  const text = fact.content.replace(/[’‘]/g, "'").replace(FIGURATIVE, ' ');
  for (const rule of RULES) {
    const match = rule.pattern.exec(text);
    if (!match) continue;
    return { sensitive: true, kind: rule.kind, reason: `${rule.reason} ("${match[0].trim()}")` };
  }
  const substance = SUBSTANCE.exec(text);
  if (substance && (INTAKE.test(text) || DOSE.test(text)))
    return {
      sensitive: true,
      kind: 'medication',
      reason: `names a medication ("${substance[0].trim()}")`,
    };
  const term = vocabularyMatch(text);
  if (term)
    return {
      sensitive: true,
      kind: VOCABULARY_KIND[term.group],
      reason: `names ${term.group === 'medication' ? 'a medication' : term.group === 'symptom' ? 'a symptom' : 'a health condition'} ("${term.term}")`,
    };
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
