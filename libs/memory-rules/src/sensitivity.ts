import { HEALTH_VOCABULARY } from './health-vocabulary.generated';

/**
 * A fact that names a health condition, a limitation, a symptom, sleep or a
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
  /\b(?:melatonin|vitamins?(?:\s+[a-z]\d*)?|magnesium|iron (?:tablets|pills|supplements)|zinc|omega[- ]?3s?|fish oil|turmeric|collagen|probiotics?|supplements?|hormones?|estrogen|oestrogen|testosterone|progesterone|thyroxine|ashwagandha|valerian|cbd|pills?|tablets?|capsules?)\b/i;
const INTAKE =
  /\b(?:take|takes|taking|took|taken|on|started|starting|stopped|prescribed|pop|pops|popping|popped|dose|doses|dosage|inject|injects|injecting|need|needs|rely on|relies on|before bed|every (?:day|night|morning)|most nights|daily|nightly)\b/i;
const DOSE = /\b\d+(?:\.\d+)?\s?(?:mg|mcg|µg|iu|milligrams?)\b/i;

// Conditions that are health information wherever they appear.
const CONDITIONS =
  /\b(?:adhd|autism|autistic|asperger'?s|diabetes|diabetic|prediabetic|pre-diabetic|asthma|asthmatic|epilepsy|epileptic|seizures?|cancer|tumou?rs?|hiv|bipolar|schizophreni\w*|ptsd|c-ptsd|migraines?|arthritis|fibromyalgia|multiple sclerosis|ms flare|crohn'?s|colitis|celiac|coeliac|hypertension|high blood pressure|low blood pressure|blood pressure|cholesterol|blood sugar|hypothyroidism|hyperthyroidism|thyroid|ibs|copd|long covid|dementia|alzheimer'?s|parkinson'?s|eating disorder|anorexia|anorexic|bulimia|bulimic|binge eating|endometriosis|pcos|(?:had|have|has|got|caught|tested positive for|recovering from) covid|sleep apnea|sleep apnoea|tinnitus|heart attack|heart condition|heart disease|(?:had|have|having|a minor|a mini|mini|suffered|survived) (?:a )?stroke|concussion|tendonitis|tendinitis|shin splints|plantar fasciitis|sciatica|scoliosis|herniated|slipped disc|allerg(?:y|ies|ic)|eczema|psoriasis|acne|anaemia|anemia|anemic|anaemic|lupus|gout|osteoporosis|infection|infected|flu|head cold|stomach bug|(?:have|had|has|got|caught|getting over|fighting|shake off|shaking off) (?:a |the |this )?(?:nasty |bad |horrible |stinking |heavy |chest |head |stomach )?(?:cold(?! (?:beer|drink|one|day|night|morning|shower|water|brew|snap|spell|war|call|feet|start|weather|front|case|plunge|swim|dip|wind|room|coffee|pizza|bath|climate|month|winter|weekend))|virus|bug)|pregnan(?:t|cy)|miscarriage|ivf|fertility|infertility|menopause|perimenopause|menopausal|period pain|ocd|self[- ]harm|suicidal|suicide|mental health|mental illness|depression|depressed|depressive|panic attacks?|panic disorder|anxiety disorder|social anxiety|(?:i'm|i am|i was|i got|i've been|been|feel|feeling|felt|so|totally|completely) burn(?:ed|t)[- ]out|burnout|trauma|traumatic|grief counsel\w*|addiction|addicted to (?:alcohol|opioids|painkillers|pills|drugs|gambling)|alcoholic|sobriety|relapse[ds]?|rehab)\b/i;
// Words with an everyday sense count only when the person frames them as their own condition.
const FRAMED_CONDITIONS =
  /\b(?:i have|i've got|i've had|i had|i suffer from|i'm suffering from|i live with|i struggle with|i struggled with|struggling with|dealing with|i'm being treated for|treated for|diagnosed with|suffers from|lives with|has|have|had|my)\s+(?:(?:a|an|some|severe|mild|chronic|clinical|social|generalized|major|bad|terrible|really bad)\s+)*(?:anxiety|ocd|insomnia|panic attacks|panic disorder|burnout|mental health|depression|issues with (?:my )?(?:heart|back|knees?|hips?|stomach|gut|lungs|breathing|joints))\b|\b(?:clinical depression|anxiety disorder|panic disorder|major depressive)\b/i;
const DIAGNOSIS =
  /\b(?:diagnosed with|(?:was|were|got|been|i'm|i am|recently|newly|just|being|be) diagnosed|my diagnosis|a diagnosis of|(?:formal|official|medical) diagnosis|(?:was|got|been|were|i'm|doctor|gp|he|she|they) prescribed|prescribed (?:me|him|her|them|some|a|an|medication|tablets|pills|antibiotics|something)|my prescription|prescription (?:drugs?|meds|medication|glasses|lenses|for)|my meds|(?:my|the|a|higher|lower|new|upped my|up my|increased my|reduced my) (?:dose|dosage)|pharmacist|(?:refill|renew) my (?:prescription|meds)|(?:covid|flu|booster|tetanus) (?:jab|shot|vaccine)|booster|referral (?:to|for)|waiting list for (?:surgery|an operation|a scan|a new|my)|(?:my )?bloods (?:came back|were|results)|(?:mri|ct|pet|dexa|bone density) scan|ultrasound|ecg|ekg|pacemaker|stent|my consultant (?:said|says|told|wants)|my medications?|on medications?|takes? (?:\w+ )?medications?|(?:my|see|saw|seeing|visit\w*|to the|to a|to my) (?:doctor|gp|physician|cardiologist|neurologist|dermatologist|rheumatologist|endocrinologist|oncologist|surgeon|physio)|doctor (?:said|told|says|thinks|wants|recommended)|surgery|(?:knee|hip|back|heart|shoulder|eye) operation|(?:in|into|to|from|at the) hospital(?! (?:as|where) )|hospitali[sz]ed|hospital (?:stay|visit|bed|appointment)|emergency room|\ber\b visit|a&e|biopsy|mri|x-ray|ct scan|blood (?:test|tests|work|results)|test results|lab results|physical therapy|physiotherap\w*|chiropractor|check-?up)\b/i;
const CARE =
  /\b(?:therapist|psychiatrist|psychologist|counsell?or|counsell?ing|(?:in|seeing|started|starting|began|attend\w*|goes to|go to|going to|my|physical|cognitive|couples|group|talk)\s+(?:\w+\s+)?therapy|cbt|emdr)\b/i;
const LIMITATION =
  /\b(?:disabilit(?:y|ies)|disabled|wheelchair|chronic (?:pain|fatigue|illness)|mobility (?:aid|issues?|problems?)|hearing (?:aid|loss)|hard of hearing|deaf|blind in|visually impaired|low vision|impairment|can't walk|cannot walk|can't stand for|can't run|can't lift|can't kneel|amputee|amputated|prosthetic|crutches|(?:a|my|with a|uses a|use a) (?:cane|walker|walking stick)|bad (?:knees?|back|hips?|ankles?|shoulders?)|dodgy (?:knees?|back|hips?)|walk with a limp|limping|dyslexi[ac]|dyspraxi[ac]|neurodivergent|on the spectrum)\b/i;
// Injuries and symptoms in the person's words.
const BODY =
  '(?:knee|knees|back|neck|shoulder|shoulders|hip|hips|ankle|ankles|wrist|wrists|foot|feet|leg|legs|arm|arms|elbow|hand|hands|head|chest|stomach|tummy|belly|gut|throat|ear|ears|eye|eyes|tooth|teeth|jaw|joints?|muscles?|hamstrings?|calf|calves|achilles|heel|toe|toes|finger|fingers|ribs?|spine|lower back|side|groin|quad|quads|glutes?|pelvis|bladder|kidneys?|heart|lungs?|skin|sinuses)';
const SYMPTOMS = new RegExp(
  String.raw`\b(?:headaches?|migraine|nausea|nauseous|nauseated|queasy|dizzy|dizziness|light-?headed|vertigo|fatigue|fatigued|exhausted all the time|tired all the time|always tired|constantly tired|no energy|fever|feverish|(?:have|had|running|got|with) a (?:high |slight )?temperature|coughing|a cough|cough|sore throat|runny nose|rash|rashes|(?:in|broke out in|come out in|get|got) hives|itchy|itching|swollen|swelling|inflamed|inflammation|bleeding|blood in|vomit\w*|threw up|throwing up|diarrh(?:o)?ea|constipat\w*|cramps?|cramping|bloated|bloating|heartburn|acid reflux|reflux|indigestion|palpitations?|heart (?:racing|pounding|flutter\w*)|chest (?:pain|tightness)|short(?:ness)? of breath|breathless|wheez\w*|numb|numbness|tingl\w*|pins and needles|sprain\w*|strained (?:my|a) \w+|pulled (?:a|my) (?:muscle|hamstring|calf|groin|back|quad|tendon)|tore my|torn \w+|broke my|broken (?:arm|leg|wrist|ankle|toe|finger|rib|bone|foot|hand|collarbone|nose)|fractur\w*|dislocat\w*|whiplash|stitches|injur\w*|bruised \w+|aches?|aching|achy|sore (?:knee|back|neck|shoulder|hip|ankle|legs|muscles|feet|foot|joints|calves)|stiff (?:neck|back|joints)|flare-?ups?|hurts? when|(?:my|the) ${BODY} (?:hurts?|hurt|is killing me|is sore|aches|is aching|has been hurting|pain)|(?:${BODY}) pain|pain in (?:my|the) ${BODY}|in (?:a lot of |constant |chronic )?pain|painful ${BODY}|(?:hurt|injured|tweaked|twisted|rolled|jarred|banged) my ${BODY}|(?:i feel|i felt|i'm feeling|i've been feeling|i was feeling|feeling|i'm|i am|i've been|i was|been|feel|felt) (?:really |so |very |quite |a bit |pretty |super )?(?:sick|ill|unwell|poorly|under the weather|rough|run down|faint|feverish)|sick (?:with|in bed)|off sick|sick day|sick leave|lost my appetite|no appetite|weight loss|lost weight without|gained weight|can't breathe|anxious (?:all the time|every day|most days|at night)|feeling (?:low|down|hopeless|empty)|low mood|mood swings|brain fog|hot flush\w*|hot flash\w*|night sweats)\b`,
  'i',
);
const SLEEP =
  /\b(?:sleep|sleeps|sleeping|slept|asleep|sleepless|sleeplessness|sleepy|insomnia|insomniac|nap|naps|napping|napped|snor\w*|night terrors?|nightmares|waking up (?:at night|in the night|at \d|several times|a lot|tired|exhausted)|wake up (?:at \d|in the night|during the night|several times|tired|exhausted)|woke up (?:at \d|in the night|several times)|keep waking|bedtime|jet ?lag(?:ged)?|restless legs|drowsy|drowsiness|tossing and turning|can't (?:switch off|get to sleep|drop off)|up all night|couldn't get to sleep|hours of sleep)\b/i;

// Kinds of health talk the lists above miss: mind, reproduction, diet for a condition, injuries, limits, sleep.
const MENTAL =
  /\b(?:my (?:anxiety|depression|ocd|adhd|mental health|mood|panic|psychiatrist|diagnosis|meds)|(?:dark|intrusive|suicidal|racing) thoughts|hopeless(?:ness)?|worthless|crying (?:a lot|every day|all the time|myself to sleep)|(?:nervous|mental|emotional) breakdown|mood (?:has been|is|was) (?:low|dark|bad|all over)|emotionally (?:drained|exhausted|numb)|(?:bereavement|grief) (?:counselling|counseling|support)|antidepressant\w*|mental health (?:issues|problems|struggles|day|leave)|(?:struggl\w+|battl\w+|deal\w+|cop\w+) (?:with|against) (?:my )?(?:anxiety|depression|my mind|my thoughts|dark days|my mental health|addiction|grief)|(?:have|has|had|get|gets|getting|got) (?:really )?(?:bad |severe |crippling |awful )?anxiety|anxiety (?:attacks?|meds|medication|issues)|(?:generali[sz]ed|health|separation) anxiety|paranoi[ad]\w*|psychosis|psychotic|manic|mania|dissociat\w*|bpd|borderline personality|an? (?:adhd|autism) (?:assessment|diagnosis)|self-?esteem issues|body dysmorphi\w*)\b/i;
const REPRODUCTIVE =
  /\b(?:trying to conceive|ttc|(?:my|late|missed|heavy|irregular|painful) periods?|period (?:cramps|pain|is late|came|started)|on my period|menstrua\w*|(?:my|menstrual|irregular) cycle|ovulat\w*|we're expecting|weeks pregnant|trimester|postpartum|post-?natal|antenatal|pre-?natal|breastfeed\w*|c-section|gave birth|giving birth|iud|the coil|vasectomy|contraception|erectile|libido|sex drive|pmdd|pms|smear test|pap smear|mammogram|prostate|testicular|egg freezing|frozen embryos?|embryo transfer|fertility (?:treatment|clinic|issues)|low sperm)\b/i;
const DIET_MEDICAL =
  /\b(?:(?:gluten|lactose|dairy|fructose|histamine|wheat|fodmap)[- ](?:intoleran\w*|sensitivit\w*|free for (?:my|medical))|intoleran(?:t|ce) to|lactose intolerant|low[- ]fodmap|fodmap|elimination diet|food (?:sensitivit\w*|intoleran\w*)|(?:low[- ]sodium|low[- ]salt|low[- ]potassium|renal|diabetic|cardiac|low[- ]sugar) diet|diet for my (?:\w+ )?(?:kidneys?|heart|gut|liver|diabetes|cholesterol|blood pressure)|dietitian|dietician|(?:doctor|gp|consultant|specialist|nurse) (?:told|said|wants|asked) me to (?:cut|avoid|reduce|stop|limit|lose|watch)|(?:can't|cannot|can not|not allowed to) (?:eat|have|digest|tolerate) (?:gluten|dairy|lactose|nuts|peanuts|shellfish|wheat|eggs|soy|sugar|salt)|(?:iron|b12|vitamin d|vitamin b12) deficien\w*|deficient in|glucose (?:monitor|levels?|readings?)|cgm|carb counting for|blood glucose|a1c|hba1c|ketones)\b/i;
const INJURY =
  /\b(?:runner's knee|tennis elbow|golfer's elbow|frozen shoulder|rotator cuff|it band|itb (?:syndrome|issues)|achilles (?:tendinopathy|tendonitis|issue|injury|problems?)|(?:hamstring|calf|groin|quad|back|muscle) (?:strain|tear|injury)|(?:ankle|knee|wrist|back) (?:sprain|injury|brace|support)|knee brace|cracked (?:a|my) (?:rib|tooth|bone|wrist|vertebra)|hit my head|(?:pulled|strained|tore|torn|injured|hurt|tweaked|twisted|rolled|bruised|jammed|broke|broken|fractured|cracked) (?:a|my|the) (?:\w+ )?(?:knee|knees|back|neck|shoulder|shoulders|hip|hips|ankle|ankles|wrist|wrists|foot|feet|leg|legs|arm|arms|elbow|hand|hands|head|chest|rib|ribs|toe|toes|finger|fingers|thumb|hamstring|hamstrings|calf|calves|achilles|heel|groin|quad|quads|collarbone|spine|tailbone|jaw|nose|tooth|teeth|meniscus|acl|ligament|tendon|muscle)|stress fracture|(?:acl|mcl|meniscus|ligament|cartilage|tendon|labrum) (?:tear|injury|surgery|repair|reconstruction)|(?:torn|ruptured) (?:acl|mcl|meniscus|ligament|tendon|achilles)|slipped disc|bulging disc|(?:in|wearing) a (?:cast|sling|boot|brace)|on crutches)\b/i;
const LIMITS =
  /\b(?:(?:can't|cannot|can no longer|unable to|struggle to|no longer able to|not able to|hard for me to) (?:walk|run|stand|kneel|climb|lift|bend|grip|type|see|hear|jump|squat|drive|sit for|raise my arm|use my)|(?:knee|hip|shoulder) replacement|colou?r[- ]?blind|partially sighted|registered blind|paralys\w*|paralyz\w*|paraplegic|quadriplegic|stammer|stutter|mobility scooter|hearing aids?|low[- ]impact only|not allowed to (?:run|lift|exercise|drive|fly)|(?:doctor|physio|gp|surgeon) (?:told|said|says) (?:me )?(?:not to|i can't|i shouldn't|to avoid|no more)|one kidney|blue badge|chronic condition|long-term condition|limited mobility|lost (?:the )?(?:sight|hearing|use) (?:in|of))\b/i;
const SLEEP_MORE =
  /\b(?:lying awake|lay awake|lie awake|awake (?:at night|all night|until|till|for hours|at [1-5])|wide awake at|(?:wake|wakes|waking|woke|woken) (?:up )?(?:at night|in the night|during the night|several times|multiple times|every (?:hour|night)|at [1-5](?:am|:|\s?a\.m\.| o'clock|\b)|around [1-5]|too early|exhausted|tired|groggy|unrefreshed|with a headache|in a sweat|drenched)|(?:nod|nodding|nodded|drift|drifting|drifted|doze|dozing|dozed) off|(?:restless|rough|bad|broken|sleepless|disturbed) nights?|night owl|shut-?eye|(?:go|going|goes|went|get|getting|gets) to bed (?:at|around|by|late|early|before|after)|in bed by|lights out (?:at|by)|hit (?:the )?snooze|groggy|(?:sleep|oura|whoop|fitbit) (?:tracker|ring|score|data)|can't switch off at night|mind races at night|lie-?ins?|light sleeper|heavy sleeper)\b/i;
const SUPPLEMENTS =
  /\b(?:multivitamins?|glucosamine|chondroitin|biotin|folic acid|coq10|st\.? john's wort|evening primrose|5-htp|l-theanine|cod liver oil|echinacea|ginkgo|kava|melatonin|ashwagandha|valerian root|magnesium (?:glycinate|citrate|threonate)|vitamin (?:b12|d3|d|c|b) (?:tablets|pills|drops|supplements?|shots?|injections?|every|daily))\b/i;

// A body part in a bad state, in the person's words ("my lower back has been killing me").
const BODY_STATE = new RegExp(
  String.raw`\b(?:(?:my|the) )?(?:lower |upper |left |right )?(?:stomach|tummy|gut|belly|head|chest|throat|eyes?|ears?|skin|joints|knees?|back|neck|shoulders?|hips?|ankles?|wrists?|feet|foot|legs?|arms?|hands?|jaw|teeth|tooth|bladder|bowels?|sinuses|heart)(?:'s| is| are| has| have| keeps?| feels?| felt| was| were)(?: been| getting| really| so| a bit| kind of)* (?:sore|tight|stiff|swollen|itchy|burning|throbbing|pounding|aching|killing me|playing up|acting up|upset|off|funny|weird|blocked|ringing|blurry|dry|red|puffy|numb|tender|hurting|bad|clicking|locking|giving way|giving out|flaring|racing|fluttering|bleeding)\b|\b(?:stomach|tummy|belly|back|tooth|ear)aches?\b|\b(?:ringing in my ears|blurr(?:y|ed) vision|(?:shaky|shaking) hands|tremors?|cold sweats?|sweating at night|losing (?:my )?hair|hair (?:is )?falling out|hair loss|(?:a|this|found a) lump|(?:weird|odd|new|changing) mole|can't keep (?:food|anything) down|twinges?|out of breath (?:climbing|on|after|walking) (?:the )?stairs|drained all the time|knackered all the time|exhausted all the time|wiped out all the time)\b`,
  'i',
);
const MENTAL_MORE =
  /\b(?:(?:dark|bad|rough|low) (?:place|patch|headspace)|not in a good (?:place|headspace|way)|struggling mentally|mentally (?:struggling|exhausted|drained|unwell|fragile)|not coping|can't cope|couldn't cope)\b/i;

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
    String.raw`put (?:\w+ ){0,2}to sleep`,
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
    String.raw`symptoms? of (?:a |the )?(?:bigger|deeper|larger|wider|underlying|bad|poor|broken|systemic|organi[sz]ational)`,
    String.raw`(?:metal|alarm|notification|change|donor|voter) fatigue`,
    String.raw`fever dreams?`,
    String.raw`bee ?hives?`,
    String.raw`(?:broke|broken|cracked|hit) (?:the |my )?(?:screen|phone|glasses|code|tests?|window|record|news)`,
    String.raw`(?:that's|so|very|bit|little|totally) woke`,
    String.raw`wake[- ]up call`,
    String.raw`(?:dependency|sql|code|prompt) injections?`,
    String.raw`(?:a|the) shot in the arm`,
    String.raw`(?:dead|deadly) (?:code|link|links|end|serious|tired|silent)`,
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
  { kind: 'medication', reason: 'names a supplement taken as medicine', pattern: SUPPLEMENTS },
  { kind: 'health_condition', reason: 'names mental health', pattern: MENTAL },
  { kind: 'health_condition', reason: 'names reproductive health', pattern: REPRODUCTIVE },
  { kind: 'health_condition', reason: 'names a diet for a condition', pattern: DIET_MEDICAL },
  { kind: 'symptom', reason: 'names an injury', pattern: INJURY },
  { kind: 'limitation', reason: 'names a limitation', pattern: LIMITS },
  { kind: 'sleep', reason: 'names sleep', pattern: SLEEP_MORE },
  { kind: 'symptom', reason: 'names a symptom', pattern: BODY_STATE },
  { kind: 'health_condition', reason: 'names mental health', pattern: MENTAL_MORE },
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
export function withoutSensitiveSentences(
  text: string,
  drop: (sentence: string) => boolean = isSensitiveText,
): string {
  const kept: string[] = [];
  let dropped = false;
  // A list item (" - User: …") is a sentence of its own even where ICU sees no sentence break before it.
  for (const item of text.split(/(?<=\S)(?=\s+-\s)/)) {
    for (const { segment } of SENTENCES.segment(item)) {
      if (drop(segment)) dropped = true;
      else if (segment.trim()) kept.push(segment.trim());
    }
  }
  return dropped ? kept.join(' ') : text;
}

/**
 * Who may see a remembered item in a context (docs/context.md). Nothing sensitive (by its stored flag or
 * by its wording now) while the health module is off; with it on, only what the person confirmed, so an
 * unconfirmed health detail never reaches a context either way.
 */
export function mayShowInContext(
  item: { content: string; sensitive: boolean; confirmed: boolean },
  healthModuleOn: boolean,
  medicationsModuleOn = false,
): boolean {
  const wording = classifySensitivity({ content: item.content });
  if (!item.sensitive && !wording.sensitive) return true;
  // A medication stays out of every block while the medications module is off.
  if (wording.sensitive && wording.kind === 'medication' && !medicationsModuleOn) return false;
  return healthModuleOn && item.confirmed;
}

/** Whether the wording names a medication (the medications module's share of the health details). */
export function namesMedication(text: string): boolean {
  const wording = classifySensitivity({ content: text });
  return wording.sensitive && wording.kind === 'medication';
}

/** Free text (a plan, a reminder) that may be shown under the account's health and medications modules. */
export function mayShowText(
  text: string,
  healthModuleOn: boolean,
  medicationsModuleOn = false,
): boolean {
  const wording = classifySensitivity({ content: text });
  if (!wording.sensitive) return true;
  if (wording.kind === 'medication' && !medicationsModuleOn) return false;
  return healthModuleOn;
}
