import { weighHealthWording } from './health-classifier';
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
  /** Named in the classifier's features (docs/health-wording.md). */
  name: string;
  kind: SensitivityKind;
  reason: string;
  pattern: RegExp;
}

// WHO INN stems of drug names: ACE inhibitors, beta blockers, sartans, statins, SSRIs, antibiotics, …
const DRUG_STEM =
  /\b[a-z]{3,}(?:pril|olol|sartan|statin|azole|oxetine|italopram|dipine|azepam|zolam|cycline|cillin|mycin|floxacin|triptan|gliptin|gliflozin|tidine|prazole|setron|tinib|ciclovir|afil|lukast|parin|semide|thiazide|dronate|profen|coxib|glutide|triptyline|xaban|gatran|formin|barbital|butamol|meterol|moterol|anterol|caterol|daterol|sonide|casone|metasone|methasone)\b/i;
// Names newer than WordNet 3.1, and the words people use for their medicines.
const DRUG_NAMES =
  /\b(?:insulin|metformin|ibuprofen|paracetamol|acetaminophen|adderall|ritalin|concerta|methylphenidate|vyvanse|modafinil|sertraline|zoloft|prozac|xanax|lexapro|wellbutrin|bupropion|effexor|venlafaxine|duloxetine|cymbalta|mirtazapine|trazodone|quetiapine|seroquel|lamotrigine|lamictal|gabapentin|pregabalin|lyrica|tramadol|oxycodone|hydrocodone|morphine|codeine|naproxen|levothyroxine|synthroid|prednisone|prednisolone|cortisone|steroids?|lithium|warfarin|eliquis|apixaban|ozempic|wegovy|mounjaro|semaglutide|tirzepatide|zolpidem|ambien|benadryl|antihistamines?|cetirizine|zyrtec|loratadine|claritin|amoxicillin|penicillin|azithromycin|doxycycline|antidepressants?|antibiotics?|painkillers?|pain killers?|pain relievers?|inhalers?|epipen|gaviscon|rennies?|tums|nurofen|calpol|lemsip|sudafed|imodium|piriton|tylenol|motrin|zantac|pepto(?:-bismol)?|nytol|night nurse|strepsils|voltarol|anadin|co-codamol|nasal sprays?|eye ?drops|ear ?drops|steroid (?:cream|spray|injection)s?|cpap|birth control|the pill|contraceptives?|hrt|hormone replacement|chemo(?:therapy)?|radiotherapy|meds|medications?|prescriptions?|sleeping pills?|sleeping tablets?|ssris?|statins?|beta blockers?|blood thinners?)\b/i;
// Taken or dosed, these substances are medication-like ("I take melatonin most nights").
const SUBSTANCE =
  /\b(?:melatonin|vitamins?(?:\s+[a-z]\d*)?|magnesium|calcium|potassium|folate|b12|b-?complex|iodine|selenium|creatine|electrolytes?|multis|multivits?|iron (?:tablets|pills|supplements)|zinc|omega[- ]?3s?|fish oil|turmeric|collagen|probiotics?|supplements?|hormones?|estrogen|oestrogen|testosterone|progesterone|thyroxine|ashwagandha|valerian|cbd|pills?|tablets?|capsules?)\b/i;
const INTAKE =
  /\b(?:(?:once|twice|three times|\d+ times) (?:a|per) day|take|takes|taking|took|taken|forgot|forgotten|forget|missed|skipped|on|started|starting|stopped|prescribed|pop|pops|popping|popped|dose|doses|dosage|inject|injects|injecting|need|needs|rely on|relies on|before bed|every (?:day|night|morning|other day)|each (?:day|night|morning|evening)|(?:with|after) (?:breakfast|lunch|dinner|food|meals?|every meal)|most nights|daily|nightly)\b/i;
const DOSE = /\b\d+(?:\.\d+)?\s?(?:mg|mcg|µg|iu|milligrams?)\b/i;

// Conditions that are health information wherever they appear.
const CONDITIONS =
  /\b(?:adhd|autism|autistic|asperger'?s|diabetes|diabetic|prediabetic|pre-diabetic|asthma|asthmatic|epilepsy|epileptic|seizures?|cancer|tumou?rs?|hiv|bipolar|schizophreni\w*|ptsd|c-ptsd|migraines?|arthritis|fibromyalgia|multiple sclerosis|ms flare|crohn'?s|colitis|celiac|coeliac|hypertension|high blood pressure|low blood pressure|blood pressure|cholesterol|blood sugar|hypothyroidism|hyperthyroidism|thyroid|ibs|copd|long covid|dementia|alzheimer'?s|parkinson'?s|eating disorder|anorexia|anorexic|bulimia|bulimic|binge eating|endometriosis|pcos|(?:had|have|has|got|caught|tested positive for|recovering from) covid|sleep apnea|sleep apnoea|the big c|(?:got|have|has|had|with|diagnosed|i'm|i am) type (?:1|2|one|two)\b|tinnitus|heart attack|heart condition|heart disease|(?:had|have|having|a minor|a mini|mini|suffered|survived) (?:a )?stroke|concussion|tendonitis|tendinitis|shin splints|plantar fasciitis|sciatica|scoliosis|herniated|slipped disc|allerg(?:y|ies|ic)|eczema|psoriasis|acne|anaemia|anemia|anemic|anaemic|lupus|gout|osteoporosis|infection|infected|flu|head cold|stomach bug|(?:have|had|has|got|caught|getting over|fighting|shake off|shaking off) (?:a |the |this )?(?:nasty |bad |horrible |stinking |heavy |chest |head |stomach )?(?:cold(?! (?:beer|drink|one|day|night|morning|shower|water|brew|snap|spell|war|call|feet|start|weather|front|case|plunge|swim|dip|wind|room|coffee|pizza|bath|climate|month|winter|weekend))|virus|bug)|pregnan(?:t|cy)|miscarriage|ivf|fertility|infertility|menopause|perimenopause|menopausal|period pain|ocd|self[- ]harm|suicidal|suicide|mental health|mental illness|depression|depressed|depressive|panic attacks?|panic disorder|anxiety disorder|social anxiety|(?:i'm|i am|i was|i got|i've been|been|feel|feeling|felt|so|totally|completely) burn(?:ed|t)[- ]out|burnout|trauma|traumatic|grief counsel\w*|addiction|addicted to (?:alcohol|opioids|painkillers|pills|drugs|gambling)|alcoholic|sobriety|relapse[ds]?|rehab)\b/i;
// Names with no everyday sense: a condition or a medicine by its name. The words around such a name
// may weigh against health talk (a holiday, a dinner, a trip), but they cannot veto it
// (docs/health-wording.md, "Names the words cannot veto"); an ambiguous word ("cold", "pressure",
// "depression", "sleep") stays vetoable.
const NAMES =
  /\b(?:adhd|autism|asperger'?s|diabetes|asthma|epilepsy|hiv|schizophrenia|ptsd|arthritis|fibromyalgia|multiple sclerosis|crohn'?s|colitis|coeliac|celiac|hypertension|hypothyroidism|hyperthyroidism|copd|long covid|dementia|alzheimer'?s|parkinson'?s|anorexia|bulimia|endometriosis|pcos|sleep apnoea|sleep apnea|tinnitus|concussion|tendonitis|tendinitis|plantar fasciitis|sciatica|scoliosis|eczema|psoriasis|anaemia|anemia|lupus|gout|osteoporosis|perimenopause|menopause|miscarriage|insomnia|dyslexia|dyspraxia|insulin|metformin|ibuprofen|paracetamol|acetaminophen|adderall|ritalin|methylphenidate|vyvanse|modafinil|sertraline|zoloft|prozac|xanax|lexapro|wellbutrin|bupropion|effexor|venlafaxine|duloxetine|cymbalta|mirtazapine|trazodone|quetiapine|seroquel|lamotrigine|lamictal|gabapentin|pregabalin|tramadol|oxycodone|hydrocodone|morphine|codeine|naproxen|levothyroxine|synthroid|prednisone|prednisolone|warfarin|eliquis|apixaban|ozempic|wegovy|mounjaro|semaglutide|tirzepatide|zolpidem|ambien|cetirizine|loratadine|amoxicillin|penicillin|azithromycin|doxycycline|antidepressants?|nurofen|calpol|co-codamol|epipen|salbutamol)\b/i;
// A name as a subject of work, study or fundraising ("the asthma charity", "a novel about Parkinson's")
// is not protected: the words may veto it as before.
const TOPIC =
  /\b(?:charity|charities|research|researchers?|awareness|fundraiser|fundraising|foundation|documentary|novel|film|movie|book|podcast|essay|article|exhibit|exhibition|lecture|conference|app|startup|product|clients?|customers?|patients|study|studies|trial|museum|history of)\b/i;
// Words with an everyday sense count only when the person frames them as their own condition.
const FRAMED_CONDITIONS =
  /\b(?:i have|i've got|i've had|i had|i suffer from|i'm suffering from|i live with|i struggle with|i struggled with|struggling with|dealing with|i'm being treated for|treated for|diagnosed with|suffers from|lives with|has|have|had|my)\s+(?:(?:a|an|some|severe|mild|chronic|clinical|social|generalized|major|bad|terrible|really bad)\s+)*(?:anxiety|ocd|insomnia|panic attacks|panic disorder|burnout|mental health|depression|issues with (?:my )?(?:heart|back|knees?|hips?|stomach|gut|lungs|breathing|joints))\b|\b(?:clinical depression|anxiety disorder|panic disorder|major depressive)\b/i;
const DIAGNOSIS =
  /\b(?:(?:kidney|renal|heart|cardiac|diabetes|diabetic|pain|fertility|memory|sleep|mental health|cancer|eye|asthma|allergy|fracture|antenatal|maternity|physio|hepatology|liver|stroke|epilepsy|migraine) clinic|repeat prescriptions?|pill organi[sz]ers?|dosette|nicotine (?:patch|patches|gum|replacement|lozenges?)|(?:heart|health|cancer|stroke) scare|(?:is|are|went|moved|moving|going|living|lives|live) (?:in|into|to) a (?:care|nursing) home|diagnosed with|(?:was|were|got|been|i'm|i am|recently|newly|just|being|be) diagnosed|my diagnosis|a diagnosis of|(?:formal|official|medical) diagnosis|(?:was|got|been|were|i'm|doctor|gp|he|she|they) prescribed|prescribed (?:me|him|her|them|some|a|an|medication|tablets|pills|antibiotics|something)|my prescription|prescription (?:drugs?|meds|medication|glasses|lenses|for)|my meds|(?:my|the|a|higher|lower|new|upped my|up my|increased my|reduced my) (?:dose|dosage)|pharmacist|(?:refill|renew) my (?:prescription|meds)|(?:covid|flu|booster|tetanus) (?:jab|shot|vaccine)|booster|referral (?:to|for)|waiting list for (?:surgery|an operation|a scan|a new|my)|(?:my )?bloods (?:came back|were|results)|(?:mri|ct|pet|dexa|bone density) scan|ultrasound|ecg|ekg|pacemaker|stent|my consultant (?:said|says|told|wants)|my medications?|on medications?|takes? (?:\w+ )?medications?|(?:my|see|saw|seeing|visit\w*|to the|to a|to my) (?:doctor|gp|physician|cardiologist|neurologist|dermatologist|rheumatologist|endocrinologist|oncologist|surgeon|physio)|doctor (?:said|told|says|thinks|wants|recommended)|(?:because of|for|with|on) my (?:tablets|pills|meds|medication|medicine)|(?:the|my|a) (?:gp|doctor|doc|nurse|consultant|specialist|physio|dentist|optician|midwife|pharmacist|cardiologist|neurologist|dermatologist|rheumatologist|oncologist|surgeon|psychiatrist|urologist|gynae(?:cologist)?|haematologist|hematologist) (?:said|says|told me|thinks|reckons|reckoned|wants me|put me|signed me)|surgery|(?:knee|hip|back|heart|shoulder|eye) operation|(?:in|into|to|from|at the) hospital(?! (?:as|where) )|hospitali[sz]ed|hospital (?:stay|visit|bed|appointment)|emergency room|\ber\b visit|a&e|biopsy|mri|x-ray|ct scan|blood (?:test|tests|work|results)|test results|lab results|physical therapy|physiotherap\w*|chiropractor|check-?up)\b/i;
const CARE =
  /\b(?:therapist|psychiatrist|psychologist|counsell?or|counsell?ing|(?:in|seeing|started|starting|began|attend\w*|goes to|go to|going to|my|physical|cognitive|couples|group|talk)\s+(?:\w+\s+)?therapy|cbt|emdr)\b/i;
const LIMITATION =
  /\b(?:disabilit(?:y|ies)|disabled|wheelchair|chronic (?:pain|fatigue|illness)|mobility (?:aids?|issues?|problems?|restrictions?|needs|difficult(?:y|ies)|impairments?)|hearing (?:aid|loss)|hard of hearing|deaf|blind in|visually impaired|low vision|impairment|can't walk|cannot walk|can't stand for|can't run|can't lift|can't kneel|amputee|amputated|prosthetic|crutches|(?:a|my|with a|uses a|use a) (?:cane|walker|walking stick)|(?:bad|dodgy|gammy) (?:knees?|back|hips?|ankles?|shoulders?|legs?|foot|feet|wrists?|neck|heart|chest|lungs?)|walk with a limp|limping|dyslexi[ac]|dyspraxi[ac]|neurodivergent|on the spectrum)\b/i;
// Injuries and symptoms in the person's words.
const BODY =
  '(?:knee|knees|back|neck|shoulder|shoulders|hip|hips|ankle|ankles|wrist|wrists|foot|feet|leg|legs|arm|arms|elbow|hand|hands|head|chest|stomach|tummy|belly|gut|throat|ear|ears|eye|eyes|tooth|teeth|jaw|joints?|muscles?|hamstrings?|calf|calves|achilles|heel|toe|toes|finger|fingers|ribs?|spine|lower back|side|groin|quad|quads|glutes?|pelvis|bladder|kidneys?|heart|lungs?|skin|sinuses)';
const SYMPTOMS = new RegExp(
  String.raw`\b(?:headaches?|migraine|nausea|nauseous|nauseated|queasy|dizzy|dizziness|light-?headed|vertigo|fatigue|fatigued|exhausted all the time|tired all the time|always tired|constantly tired|no energy|fever|feverish|(?:have|had|running|got|with) a (?:high |slight )?temperature|coughing|a cough|cough|sore throat|runny nose|rash|rashes|(?:in|broke out in|come out in|get|got) hives|itchy|itching|swollen|swelling|inflamed|inflammation|bleeding|blood in|vomit\w*|threw up|throwing up|diarrh(?:o)?ea|constipat\w*|cramps?|cramping|bloated|bloating|heartburn|acid reflux|reflux|indigestion|palpitations?|heart (?:racing|pounding|flutter\w*)|chest (?:pain|tightness)|short(?:ness)? of breath|breathless|wheez\w*|numb|numbness|tingl\w*|pins and needles|sprain\w*|strained (?:my|a) \w+|pulled (?:a|my) (?:muscle|hamstring|calf|groin|back|quad|tendon)|tore my|torn \w+|broke my|broken (?:arm|leg|wrist|ankle|toe|finger|rib|bone|foot|hand|collarbone|nose)|fractur\w*|dislocat\w*|whiplash|stitches|injur\w*|bruised \w+|aches?|aching|achy|sore (?:knee|back|neck|shoulder|hip|ankle|legs|muscles|feet|foot|joints|calves)|stiff (?:neck|back|joints)|flare-?ups?|hurts? when|(?:my|the) ${BODY} (?:hurts?|hurt|is killing me|is sore|aches|is aching|has been hurting|pain)|(?:${BODY}) pain|pain in (?:my|the) ${BODY}|in (?:a lot of |constant |chronic )?pain|painful ${BODY}|(?:hurt|injured|tweaked|twisted|rolled|jarred|banged) my ${BODY}|(?:i feel|i felt|i'm feeling|i've been feeling|i was feeling|feeling|i'm|i am|i've been|i was|been|feel|felt) (?:really |so |very |quite |a bit |pretty |super )?(?:sick|ill|unwell|poorly|under the weather|rough|run down|faint|feverish|not (?:myself|right|well|great)|out of sorts|grotty|peaky|ropey|ropy|crap|rubbish|awful|terrible|dreadful|lousy|wiped out)|sick (?:with|in bed)|off sick|sick day|sick leave|lost my appetite|no appetite|weight loss|lost weight without|gained weight|can't breathe|anxious (?:all the time|every day|most days|at night)|feeling (?:really |so |very |pretty |quite |a bit )?(?:low|down|hopeless|empty|flat|numb)|low mood|mood swings|brain fog|hot flush\w*|hot flash\w*|night sweats)\b`,
  'i',
);
const SLEEP =
  /\b(?:sleep|sleeps|sleeping|slept|asleep|sleepless|sleeplessness|sleepy|insomnia|insomniac|nap|naps|napping|napped|snor\w*|night terrors?|nightmares|waking up (?:at night|in the night|at \d|several times|a lot|tired|exhausted)|wake up (?:at \d|in the night|during the night|several times|tired|exhausted)|woke up (?:at \d|in the night|several times)|keep waking|bedtime|jet ?lag(?:ged)?|restless legs|drowsy|drowsiness|tossing and turning|can't (?:switch off|get to sleep|drop off)|up all night|couldn't get to sleep|hours of sleep)\b/i;

// Kinds of health talk the lists above miss: mind, reproduction, diet for a condition, injuries, limits, sleep.
const MENTAL =
  /\b(?:my (?:anxiety|depression|ocd|adhd|mental health|mood|panic|psychiatrist|diagnosis|meds)|(?:dark|intrusive|suicidal|racing) thoughts|hopeless(?:ness)?|worthless|crying (?:a lot|every day|all the time|myself to sleep)|(?:nervous|mental|emotional) breakdown|(?:i|i've|i had|had|having|have) (?:a )?(?:bit of a |complete |total |small |minor )?(?:breakdown|wobble)(?! (?:on|of) (?:the|my) (?:car|bike|motorway|road))|anxiety (?:\w+ )?(?:through|thru) the roof|anxiety (?:levels?|spikes?|spiking|flare\w*|is bad|is awful|has been bad)|signed off (?:work|sick|with|for)|grief (?:has|is|hit|hits|keeps)|flashbacks?|hear(?:ing)? voices|(?:drink|drinking|drank) too much|(?:gambling|drinking|drug|alcohol|porn) (?:problem|habit|addiction)|(?:stopped|quit|gave up|giving up|stopping) (?:gambling|drinking|drugs|the booze)|one day at a time|overwhelmed in (?:crowds|public|shops|busy)|agoraphobi\w*|grieving|bereave\w*|(?:can't|couldn't|can barely|could barely) get out of bed|self-?medicat\w*|(?:been|stayed|staying|getting|i'm|i am) sober\b|sober (?:for|since)|\d+ (?:days|weeks|months|years) sober|(?:time|weeks?|months?) off (?:work )?(?:for|with|because of) (?:my )?(?:mental health|stress|anxiety|depression|burnout|my nerves)|(?:talk|talking|speak|speaking|see|seeing) (?:to )?a (?:professional|counsellor|counselor|shrink)|(?:a|the) professional,? to talk|mood (?:has been|is|was) (?:low|dark|bad|all over)|emotionally (?:drained|exhausted|numb)|(?:bereavement|grief) (?:counselling|counseling|support)|antidepressant\w*|mental health (?:issues|problems|struggles|day|leave)|(?:struggl\w+|battl\w+|deal\w+|cop\w+) (?:with|against) (?:my )?(?:anxiety|depression|my mind|my thoughts|dark days|my mental health|addiction|grief)|(?:have|has|had|get|gets|getting|got) (?:really )?(?:bad |severe |crippling |awful )?anxiety|anxiety (?:attacks?|meds|medication|issues)|(?:generali[sz]ed|health|separation) anxiety|paranoi[ad]\w*|psychosis|psychotic|manic|mania|dissociat\w*|bpd|borderline personality|an? (?:adhd|autism) (?:assessment|diagnosis)|self-?esteem issues|body dysmorphi\w*)\b/i;
const REPRODUCTIVE =
  /\b(?:trying to conceive|ttc|(?:my|late|missed|heavy|irregular|painful) periods?|period (?:cramps|pain|is late|came|started)|on my period|menstrua\w*|(?:my|menstrual|irregular) cycle|ovulat\w*|we're expecting|weeks pregnant|trimester|postpartum|post-?natal|antenatal|pre-?natal|breastfeed\w*|c-section|gave birth|giving birth|iud|the coil|(?:my|a) coil (?:fitted|in|removed|out|put in|changed|replaced|checked)|trying for (?:a )?bab(?:y|ies)|that time of (?:the|my) month|vasectomy|contraception|erectile|libido|sex drive|pmdd|pms|smear test|pap smear|mammogram|prostate|testicular|egg freezing|frozen embryos?|embryo transfer|fertility (?:treatment|clinic|issues)|low sperm)\b/i;
const DIET_MEDICAL =
  /\b(?:(?:gluten|lactose|dairy|fructose|histamine|wheat|fodmap)[- ](?:intoleran\w*|sensitivit\w*|free for (?:my|medical))|intoleran(?:t|ce) to|lactose intolerant|low[- ]fodmap|fodmap|elimination diet|food (?:sensitivit\w*|intoleran\w*)|(?:low[- ]sodium|low[- ]salt|low[- ]potassium|renal|diabetic|cardiac|low[- ]sugar) diet|diet for my (?:\w+ )?(?:kidneys?|heart|gut|liver|diabetes|cholesterol|blood pressure)|dietitian|dietician|(?:doctor|gp|consultant|specialist|nurse) (?:told|said|wants|asked) me to (?:cut|avoid|reduce|stop|limit|lose|watch)|(?:can't|cannot|can not|not allowed to) (?:eat|have|digest|tolerate) (?:gluten|dairy|lactose|nuts|peanuts|shellfish|wheat|eggs|soy|sugar|salt)|(?:iron|b12|vitamin d|vitamin b12) deficien\w*|deficient in|glucose (?:monitor|levels?|readings?)|(?:my|check(?:ing|s)? (?:my )?|test(?:ing|s)? (?:my )?)(?:blood )?(?:glucose|sugars?|ketones)|low (?:on|in) (?:iron|b12|vitamin d|potassium|magnesium|folate|sodium)|cgm|carb counting for|blood glucose|a1c|hba1c|ketones)\b/i;
const INJURY =
  /\b(?:runner's knee|tennis elbow|golfer's elbow|frozen shoulder|rotator cuff|it band|itb (?:syndrome|issues)|achilles (?:tendinopathy|tendonitis|issue|injury|problems?)|(?:hamstring|calf|groin|quad|back|muscle) (?:strain|tear|injury)|(?:ankle|knee|wrist|back) (?:sprain|injury|brace|support)|knee brace|cracked (?:a|my) (?:rib|tooth|bone|wrist|vertebra)|hit my head|(?:pulled|strained|tore|torn|injured|hurt|tweaked|twisted|rolled|bruised|jammed|broke|broken|fractured|cracked) (?:a|my|the|her|his|their|our) (?:\w+ )?(?:knee|knees|back|neck|shoulder|shoulders|hip|hips|ankle|ankles|wrist|wrists|foot|feet|leg|legs|arm|arms|elbow|hand|hands|head|chest|rib|ribs|toe|toes|finger|fingers|thumb|hamstring|hamstrings|calf|calves|achilles|heel|groin|quad|quads|collarbone|spine|tailbone|jaw|nose|tooth|teeth|meniscus|acl|ligament|tendon|muscle)|stress fracture|(?:acl|mcl|meniscus|ligament|cartilage|tendon|labrum) (?:tear|injury|surgery|repair|reconstruction)|(?:torn|ruptured) (?:acl|mcl|meniscus|ligament|tendon|achilles)|slipped disc|bulging disc|(?:in|wearing) a (?:cast|sling|boot|brace)|on crutches)\b/i;
const LIMITS =
  /\b(?:(?:can't|cannot|can no longer|unable to|struggle to|no longer able to|not able to|hard for me to) (?:walk|run|stand|kneel|climb|lift|bend|grip|type|see|hear|jump|squat|drive|sit for|raise my arm|use my)|(?:knee|hip|shoulder) replacement|colou?r[- ]?blind|partially sighted|registered blind|paralys\w*|paralyz\w*|paraplegic|quadriplegic|stammer|stutter|mobility scooter|hearing aids?|low[- ]impact only|not allowed to (?:run|lift|exercise|drive|fly)|(?:doctor|physio|gp|surgeon) (?:told|said|says) (?:me )?(?:not to|i can't|i shouldn't|to avoid|no more)|one kidney|(?:hearing|eyesight|sight|memory)(?:'s| is) going|need subtitles|walking frame|zimmer frame|rollator|walking stick|(?:need|use|using) a stick to (?:get|walk)|can only (?:work|walk|stand|sit|manage|type|write|read|drive|focus) (?:sitting|standing|short|for|a few|with|from)|limited (?:movement|mobility|range of motion|use of)|reduced mobility|out for me (?:because of|due to|with) my|because of my (?:(?:bad|poor|weak|dodgy|failing) )?(?:kidneys|liver|stomach|gut|bowels?|pancreas|lungs|heart|back|knees?|hips?|joints|condition|health|illness|injury|disability|chest|breathing|eyes|eyesight|hearing)|doctor's orders|(?:can't|cannot|can no longer) do (?:any )?(?:impact|high[- ]impact|contact|heavy|strenuous)|(?:knees?|back|hips?|eyes|eyesight|hearing|joints|legs|memory|balance) (?:aren't|isn't|are not|is not|ain't) what (?:they|it) used to be|(?:stairs|steps) are (?:hard|difficult|a struggle|a killer) (?:for me|now)?|blue badge|chronic condition|long-term condition|limited mobility|lost (?:the )?(?:sight|hearing|use) (?:in|of))\b/i;
const SLEEP_MORE =
  /\b(?:star(?:ing|ed|e) at the ceiling (?:until|till|all night|at \d|for hours)|lying awake|lay awake|lie awake|awake (?:at night|all night|until|till|for hours|at [1-5])|wide awake at|(?:up|awake|wide awake) (?:again )?at [1-5] ?(?:am|a\.m\.)|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten) hours? (?:a|per|each|every) night|(?:vivid|bad|weird|scary|recurring) dreams|dreams? (?:that )?wakes? me|grind(?:ing)? my teeth|sleep ?walk\w*|sleep ?talk\w*|\w+ times a night|(?:a|per|each|every) night to (?:pee|wee)|(?:lie|lying|lay) in bed for hours|before i (?:drop|nod|drift) off|(?:in|at|during) the night i(?:'m| am) awake|awake and thinking|teeth grinding|bruxism|up every (?:\w+ )?hours?|(?:wake|wakes|waking|woke|woken) (?:up )?(?:at night|in the night|during the night|several times|multiple times|every (?:hour|night)|at [1-5](?:am|:|\s?a\.m\.| o'clock|\b)|around [1-5]|too early|exhausted|tired|groggy|knackered|shattered|wrecked|unrefreshed|with a headache|in a sweat|drenched)|(?:nod|nodding|nodded|drift|drifting|drifted|doze|dozing|dozed) off|(?:restless|rough|bad|broken|sleepless|disturbed) nights?|night owl|early (?:riser|bird)|shut-?eye|(?:go|going|goes|went|get|getting|gets) to bed (?:at|around|by|late|early|before|after)|in bed by|lights out (?:at|by)|hit (?:the )?snooze|groggy|(?:sleep|oura|whoop|fitbit) (?:tracker|ring|score|data)|can't switch off at night|mind races at night|lie-?ins?|light sleeper|heavy sleeper)\b/i;
const SUPPLEMENTS =
  /\b(?:multivitamins?|glucosamine|chondroitin|biotin|folic acid|coq10|st\.? john's wort|evening primrose|5-htp|l-theanine|cod liver oil|echinacea|ginkgo|kava|melatonin|ashwagandha|valerian root|magnesium (?:glycinate|citrate|threonate)|vitamin (?:b12|d3|d|c|b) (?:tablets|pills|drops|supplements?|shots?|injections?|every|daily))\b/i;

// A body part in a bad state, in the person's words ("my lower back has been killing me").
const BODY_STATE = new RegExp(
  String.raw`\b(?:(?:my|the) )?(?:lower |upper |left |right )?(?:stomach|tummy|gut|belly|head|chest|throat|eyes?|ears?|skin|joints|knees?|back|neck|shoulders?|hips?|ankles?|wrists?|feet|foot|legs?|arms?|hands?|jaw|teeth|tooth|bladder|bowels?|sinuses|heart|guts)(?:'s| is| are| has| have| keeps?| feels?| felt| was| were| still| v| very| proper| super)(?: been| getting| really| so| a bit| kind of| still| v| very| proper| super| this| quite| pretty| rather)* (?:sore|tight|scratchy|raw|wrecked|itch|stiff|swollen|itchy|burning|throbbing|pounding|aching|killing me|playing up|dodgy|iffy|rough|not right|wonky|(?:making|causing|giving me) (?:problems|trouble|grief|issues)|acting up|upset|off|funny|weird|blocked|ringing|blurry|dry|red|puffy|numb|tender|hurting|bad|clicking|locking|giving way|giving out|flaring|racing|fluttering|bleeding)\b|\b(?:stomach|tummy|belly|back|tooth|ear)aches?\b|\b(?:head|heart|chest) (?:pounding|throbbing|spinning|racing)\b|\bpounding head\w*|\b(?:trouble|problems?|issues?|something wrong) down there\b|\bwaterworks\b|\b(?:feel|feeling|felt|been feeling) (?:a bit |really |quite |so |kind of )?off\b|\b(?:sinuses|nose|ears?) (?:are |is |feel |been )*(?:blocked|bunged up|stuffed up)|\bblocked (?:nose|sinuses|ears?)\b|\bstuffy nose\b|\bspotting (?:blood|between|again|a bit)\b|\bblood when i (?:brush|pee|wee|cough|go)\b|\b(?:cough|pee|wee|spit|vomit)\w* (?:up )?blood\b|\b(?:los(?:e|ing)|lost) my voice\b|\b(?:ankles?|feet|legs?|hands?|fingers?|face|knees?|joints) (?:swell|swells|swelled|swelling|puff|puffs) up\b|\bpeeing (?:a lot|all the time|constantly|more)|\b(?:always|constantly|super|really|so|very|unusually) thirsty\b|\bthirsty all the time\b|\b(?:pulled|tweaked|did|hurt) something in my\b|\bconcussed\b|\bawake since [1-5]\b|\blow (?:week|day|days|mood)\b|\b(?:stomach|tummy|head|back|chest)\s*🤢|🤢|🤒|🤧|🤮|\b(?:bp|blood pressure) (?:was |is |at )?\d{2,3}/\d{2,3}\b|\b(?:gp|doctor|doctor's|hospital|clinic|physio) (?:appt|appointment)\b|\bpositive (?:lft|pcr|test|covid test)\b|\b(?:legs?|arms?|knees?) (?:feel|felt|are|were) like jelly\b|\b(?:i'm|i am|feeling|feel|been|so|really) (?:shaky|wobbly|weak)\b|\bout of breath (?:just|when|after|even)\b|\b(?:terrible|bad|poor|light|restless|awful) sleeper\b|\bneed (?:\w+ )?hours(?: of sleep)? or i\b|\bhousebound\b|\bbedbound\b|\b(?:struggling|struggle|struggled) to cope\b|\b(?:everything|life|it all) (?:feels|seems|is) (?:pointless|meaningless|hopeless)\b|\b(?:constantly|always|permanently) on edge\b|\bcan't relax\b|\bisolating myself\b|\bnot eating (?:much|properly|at all|enough)\b|\b(?:has|have|had|with|got) ms\b|\bup half the night\b|\b(?:changed|switched|adjusted|upped|lowered|reduced|increased) my (?:tablets|pills|meds|medication|dose|prescription)\b|\b(?:making|made|makes) me (?:ill|unwell|poorly)\b|\bthe lump\b|\b(?:a|my|the) scan (?:next|on|for|tomorrow|today|this)\b|\bscan (?:results|next week)\b|\b(?:i'm|i am|feeling|feel|felt|been|proper|really|so|very|bit|still) poorly\b|\b(?:guts?|stomach|tummy|back|knees?|body) (?:is|are|'s) (?:in bits|in pieces|wrecked|shot|knackered|in agony)\b|\b(?:the )?sniffles\b|\bpuk(?:e|ed|es|ing)\b|\b(?:been|was|being|were) sick (?:twice|all night|again|this morning|three times)\b|\b(?:my )?(?:hands?|legs?|arms?|fingers?) (?:shake|shakes|shaking|tremble|trembles|trembling)\b|\bdry mouth\b|\bmouth (?:is |feels |really |so |very )*dry\b|\b(?:losing|lose|lost|catch|catching) my breath\b|\bhead(?:'s| is) (?:banging|a mess|all over the place|not right)\b|\bcan't think straight\b|\bkip\b|\b(?:medical|family) history\b|\bhistory of (?:\w+ )?(?:dvt|stroke|strokes|heart|cancer|depression|anxiety|seizures|diabetes|asthma|blood clots|high blood pressure|self-harm|\w+itis)\b|\bdvt\b|\bblood clots?\b|\bdeep vein thrombosis\b|\breduced (?:grip|strength|sensation|feeling|movement|vision|hearing)\b|\bgrip strength\b|\b\w+oscopy\b|\bgoing in for (?:a|an|my) (?:op|operation|procedure|scan|test|biopsy)\b|\b(?:my|flu|covid|travel|booster) jabs?\b|\bjabs? for (?:the|my) (?:trip|holiday|travel)\b|\bwaters (?:broke|have broken|broken)\b|\b(?:burnt|burned|scalded|sliced|cut|gashed) my (?:hand|hands|finger|fingers|thumb|arm|leg|foot|face|knee|head|wrist)\b|\b(?:exhausted|tired|drained|wiped|knackered|shattered) all day\b|\b(?:gums?|vision|eyesight|hair|skin|knees?|heart|joints?|back|hips?|ankles?|nails|teeth) (?:clicks?|gives? way|gave way|bleeds?|bled|flares? up|goes (?:blurry|numb|dead|weird|funny|fuzzy)|went (?:blurry|numb|dead)|skips? a beat|(?:is|are|'s) (?:thinning|falling out|going)|swells?)\b|\b(?:the )?room (?:spins|spinning|was spinning|starts spinning|started spinning|starts to spin|started to spin|keeps spinning)\b|\bthe (?:runs|shakes|trots|sweats)\b|\b(?:stabbing|shooting|sharp|dull|burning|throbbing|nagging|constant) pains?\b|\bpains in (?:my|the)\b|\b(?:threw|thrown|throw|put|putting) my back out\b|\b(?:not|n't) (?:been )?(?:feeling )?myself\b|\b(?:broke|broken|cracked|fractured|bruised) (?:two |three |a couple of |several |some )?(?:ribs|bones|toes|fingers|teeth|vertebrae)\b|\b(?:uti|utis|urine infection|water infection|bladder infection|kidney infection)\b|\bimmuno-?(?:compromised|suppressed)\b|\bimmune system (?:is )?(?:weak|low|compromised|shot)\b|\b(?:have|has|got|with) endo\b|\b(?:hysterectomy|mastectomy|stillbirth|stillborn|termination of pregnancy|abortion)\b|\blost (?:the|a|our|my) baby\b|\bnot allowed (?:to have )?(?:salt|sugar|alcohol|dairy|caffeine|gluten|fat)\b|\bkidney stones?\b|\bgallstones?\b|\b(?:ringing in my ears|blurr(?:y|ed) vision|(?:shaky|shaking) hands|tremors?|cold sweats?|sweating at night|losing (?:my )?hair|hair (?:is )?falling out|hair loss|(?:a|this|found a) lump|(?:weird|odd|new|changing) mole|can't keep (?:food|anything) down|twinges?|out of breath (?:climbing|on|after|walking) (?:the )?stairs|drained all the time|knackered all the time|exhausted all the time|wiped out all the time)\b`,
  'i',
);
const MENTAL_MORE =
  /\b(?:(?:dark|bad|rough|low) (?:place|patch|headspace)|not in a good (?:place|headspace|way)|struggling mentally|mentally (?:struggling|exhausted|drained|unwell|fragile)|not coping|can't cope|couldn't cope)\b/i;

// Health talk worded around its subject (docs/health-wording.md, "Indirect wording"): what a person can no
// longer do and the aids they use, a mind that won't settle, broken nights, supplements by their short
// names, and symptoms described rather than named.
const LIMITS_INDIRECT =
  /\b(?:stair ?lifts?|grab ?rails?|hand ?rails? (?:for|on|by|up) (?:the )?(?:stairs|steps|bath|toilet|front)|shower (?:stool|chair|seat)|perching stool|commode|mobility scooter|occupational therap\w*|(?:a|the|my|his|her|our) carers?\b|carers? (?:come|comes|came|in)|large[- ]print|lip ?read\w*|read (?:their|his|her|people's|your|my) lips|(?:can't|cannot|can no longer|couldn't|not able to|unable to|struggle to|had to (?:re)?learn (?:how )?to) (?:\w+ ){1,5}(?:since|after) (?:the|my|his|her) (?:op|operation|surgery|accident|fall|stroke|crash|illness|injury|replacement|fusion|amputation|chemo|transplant|infection|diagnosis)\b|(?:can't|cannot|couldn't|can no longer) (?:manage|do|climb|face) (?:the )?(?:stairs|steps)|(?:stairs|steps|escalators|hills?|long walks) (?:are|is) (?:a no-go|too much|out) for (?:me|my \w+)|(?:legs?|knees?) (?:just )?(?:give|gave|giving|gives) (?:out|way)|(?:my )?(?:knees?|hips?|back|legs?|feet|joints|lungs|body) (?:just )?(?:won't|wont|doesn't|don't|can't) (?:have it|take it|cope|let me)|(?:back|neck|knees?|hips?|shoulders?|legs?) (?:seizes?|seized|seizing|locks?|locked|locking) up|(?:fingers|hands?|wrists?|knees?|arms?|elbows?|joints) (?:don't|won't|doesn't|can't|no longer) (?:bend|straighten|grip|twist|close|open|move)|(?:my )?(?:eyesight|hearing|vision|balance|memory|speech|speaking) (?:isn't|is not|is|'s|has) (?:\w+ )?(?:good enough|not good|bad|poor|terrible|shot|gone|going|slow|slurred|getting worse|got worse|worse)|(?:left|right|one|bad|good) (?:ear|eye) (?:is )?(?:\w+ )?(?:gone|deaf|useless|dead|blind)|(?:one|left|right) eye (?:see|sees|can't see) nothing|(?:can't|cannot|couldn't) use (?:my|his|her) (?:right|left) (?:hand|arm|leg|side)|(?:needs?|need to use|use|uses) a (?:walking )?stick\b|(?:because of|cos of|due to) my (?:spine|bladder|bowels?|balance|eyesight|nerves|bones)|(?:wrecks|kills|does|did|destroys|murders|plays havoc with) my (?:back|knees?|hips?|neck|shoulders?) ?(?:in)?|without (?:lying|having a lie) down|(?:walk|get) to the (?:shops?|end of the road|bus stop|corner|car) without (?:stopping|a rest|resting|sitting)|(?:have|need) to plan (?:toilet|loo) stops)/i;
const MIND_INDIRECT =
  /\b(?:(?:mind|head|brain|thoughts) (?:won't|wont|will not|doesn't|never|can't) (?:stop|switch off|shut up|slow down|settle|be quiet|quieten)|(?:mind|head|thoughts) (?:\w+ ){0,3}spiral\w*|sad all the time|(?:don't|do not|can't) enjoy (?:anything|nothing)|stopped enjoying|(?:no|lost (?:the|my|any)) (?:wish|will|interest|motivation) to do (?:anything|nothing)|(?:over and over|again and again) before i can|(?:seeing|see|talking to|talk to|speaking to|speak to) someone (?:about (?:it|this|that|the stuff|my|the (?:drinking|gambling|drugs|eating|grief|panic|nightmares))|every (?:week|other|monday|tuesday|wednesday|thursday|friday))|(?:wellbeing|mental health|crisis|community mental health|eating disorders?|psychiatric|psych) (?:service|team|ward|unit|nurse|referral|liaison)|psych ward|sectioned|samaritans|crisis line|(?:cut|cutting|hurt|hurting|harm|harming) myself|self[- ]harm\w*|urges? to (?:drink|use|gamble)|cravings? (?:for|to) (?:drink|a drink|booze|use)|(?:days|weeks|months|years) clean\b|clean (?:from|off) (?:coke|drugs|heroin|meth|alcohol|booze|the drink)|haven't (?:left|been out of) (?:the|my) (?:flat|house|home|room|bed)|can't face (?:people|anyone|everyone|the world|going out|leaving the house|getting up|it out there)|(?:the|my) lows (?:are|have|were|came|come)|moods? swing\w*|nerves (?:are|were) (?:shot|bad|gone|in bits|frayed|in tatters)|bag of nerves|(?:been|i've been|i'm|i am|i was) (?:\w+ )?(?:so|really|very|pretty|quite) (?:down|low)\b(?! (?:to|for|with|on)\b)|(?:don't|do not|can't) trust my (?:own )?(?:thoughts|mind|brain|head)|when i'm (?:this|so|that) low|mind is (?:always|constantly) (?:worried|racing|busy|anxious)|i worry (?:all the time|constantly|about everything)|(?:or|and|then) i (?:start to |start |begin to )?panic\b|i (?:always |still |sometimes )?panic (?:when|in|if|on|at|around|every)|(?:cry|crying|cried) (?:every (?:night|day|morning)|most (?:days|nights|mornings)|in the (?:car|toilets?|bathroom|shower) (?:before|at|after)|before work|at work|all the time)|dread(?:ing)? (?:every|each) (?:day|morning)|dreading the day|(?:overwhelming|constant) (?:dread|sense of dread)|can't make myself (?:go|get|leave|move|eat)|(?:don't|can't) see the point (?:in|of) (?:anything|living|going on|it all)|(?:hearing|seeing) things that aren't there|(?:my|his|her) (?:gad|ocd|bpd|pots)\b)/i;
const SLEEP_INDIRECT =
  /\b(?:up at [1-5](?:,| and) [1-5]|woke (?:up )?(?:\d+|two|three|four|five|six) times|[1-5] ?am wake-?ups?|wake-?ups? (?:at|every|in the) night|(?:didn't|don't|never|haven't|not) (?:get|got|had|have) a (?:full|whole|proper) night|body clock (?:is |'s )?(?:\w+ )?(?:wrecked|broken|messed|shot|all over|out|ruined)|\bkip\b|(?:barely|hardly|never) (?:closed|shut) my eyes|lie there (?:thinking|awake|worrying|staring)|(?:lie|lying|lay) in the dark for|nightmares?|(?:wake|woke|waking|wakin|wakes) up (?:gasping|shouting|screaming|sweating|soaked|drenched|choking)|stop(?:s|ped)? breathing (?:in the night|at night|in (?:my|his|her) sleep|when i)|sleep (?:study|clinic|specialist|test|hygiene)|fall asleep (?:mid|at my desk|on the sofa|in meetings|while)|(?:drop|drift|nod|get) off to sleep)/i;
const SUPPLEMENTS_INDIRECT =
  /\b(?:(?:iron|b12|b-?complex|vitamin [a-z]\d?|vit [a-z]\d?|d3|calcium|potassium|zinc|folic acid|folate|fibre|fiber|probiotic|rehydration|electrolyte) (?:tabs|tablets|pills|gummies|sachets?|drops|shots?|jabs?|injections?|infusions?|syrup|powder|capsules?|caps)|b12 (?:shot|jab|injection)s?|ferrous \w+|ferritin|st\.? johns? wort|milk thistle|rehydration salts|dioralyte|cranberry (?:capsules|tablets|pills)|lion'?s mane|elderberry|prenatal vitamins?|(?:calcium|iron|zinc|vit \w+|vitamin \w+|d3|b12) (?:\+|and|with) (?:d3|zinc|vit \w+|vitamin \w+|b12|calcium|magnesium)|(?:back on|necking|start(?:ed|ing)? on|put me on|has me on|have me on) (?:the )?(?:iron|vitamin|vit|b12|zinc|calcium|magnesium|fish oil|cod liver oil|multis?|probiotics?|supplements?)|my (?:morning|evening|night-?time|nightly|daily|usual|blood pressure|thyroid|heart) (?:tablets?|pills?|meds|medicine|injections?|jabs?)|tamoxifen|citalopram|(?:glucose|dextrose) (?:tabs|tablets)|puffs? of (?:the|my) (?:blue|brown|purple|orange)|(?:my|the) (?:blue|brown) inhaler|water tablets|(?:pick up|collect|order) my (?:scrip|script|repeat)|\bscrip\b|my repeat\b)/i;
const SYMPTOMS_INDIRECT =
  /\b(?:faint(?:ed|ing)|passed out (?:at|in|on|twice|again)|blacked out|(?:pressure|tightness|throbbing|burning|stabbing|shooting|dull ache|ache|twinge|lump|swelling) (?:behind|in|under|on|down|across) (?:my|the) (?:eyes?|head|chest|ears?|ribs|neck|legs?|arms?|back|side|throat|jaw|stomach|belly|tummy|breast)|shooting pains?|ringing in (?:my |the |both )?ears?|spots in (?:my )?vision|(?:blurry|blurred|double) vision|vision (?:goes|went|gets|is) (?:\w+ )?(?:blurry|funny|dark|fuzzy)|(?:room|world|everything) (?:\w+ )?(?:spins|spinning|goes dark|went dark|goes black)|(?:feel|feeling|felt|been feeling) (?:dead |proper |really |a bit |so |quite |very )?(?:wobbly|shaky|woozy|faint|spaced out|weak)|(?:legs?|arms?|hands?|feet|fingers?|toes?) (?:go|goes|went|going|turn|turns) (?:dead|numb|white|blue|purple)|sinuses? (?:are |is )?(?:\w+ )?(?:blocked|rammed|bunged|killing|stuffed|throbbing)|(?:a|the|this) (?:lump|mole|growth|cyst) (?:on|in|under) my|(?:mole|lump) (?:that's|that has|has) (?:changed|grown)|(?:called|in|by) (?:an|the) ambulance|paramedics|(?:metal|metallic) taste|tastes? like metal|lost my sense of (?:smell|taste)|bruis(?:e|ing) (?:really |so |very )?easily|(?:peeing|weeing|wee|pee|the toilet|the loo) every hour|needing the (?:loo|toilet) (?:every|all night|at night)|(?:out of breath|winded|puffed out|puffing) (?:just|from just|even|walking (?:up|to)|climbing|talking|on the stairs|going up)|(?:chest|throat|breathing) (?:gets|goes|feels|is|getting|going) (?:\w+ )?(?:tight|tighter|wheezy|heavy)|off my food|(?:lost|dropped) (?:\w+ ){1,5}without trying|(?:the|had the|got the) runs\b|(?:cough|coughing|coughed) my (?:guts|lungs) up|(?:can't|couldn't) keep (?:anything|food|it) down|guts? (?:\w+ )?(?:in knots|doing somersaults|churning)|stomach'?s? (?:\w+ )?in knots|heart (?:skips|skipped|skipping) (?:a beat|beats)|gums bleed|(?:throat|skin|eyes?) (?:is |are )?(?:\w+ )?(?:raw|gunky|weeping|crusty)|pain (?:of|in) the (?:head|stomach|belly|chest|back)|(?:the|my|his|her) fits\b|(?:sugar|glucose) levels?|sugar (?:illness|disease)|(?:kidney|liver|lung|thyroid) function|(?:hip|knee|joint|shoulder|valve) (?:is |was )?(?:getting |being )?replaced|(?:since|after|before|from) (?:the|my|his|her|an?) (?:op|operation)\b|operation on (?:my|the|his|her) \w+|out of hospital|the all[- ]clear (?:from|after) (?:the )?(?:scan|doctor|hospital|consultant|tests?|biopsy)|(?:gluten|lactose|dairy|milk|wheat) (?:problem|issue)|talking therap\w*|\b(?:gerd|gord|tia|utis?|ckd|ibd|cfs|hypothyroid\w*|hyperthyroid\w*)\b|my bp\b|\bbp(?:'s| is| was| has)|did my \w+ in\b|weeks along|(?:she|wife|partner|i)(?:'s| is| am|'m)? (?:\w+ )?expecting(?! (?:a|an|the|to|that|some|more|him|her|them|it|you|us|me|any)\b))/i;

// Health talk in the registers the earlier lists were thin on (docs/health-wording.md, "Recovery,
// measurements and access"): drink, drugs, smoking and gambling given up or slipped back into; sexual
// health; the person's own readings and the limits a clinician set; the aids and adjustments a disability
// asks for; and sleep worn down by late work or games.
const RECOVERY =
  /\b(?:(?:i'm|i am|i've been|been|he's|she's|he is|she is|they're|we're|still|newly) (?:\w+ )?in recovery\b|(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|eighteen) (?:days?|weeks?|months?|years?) (?:without (?:a|any) (?:drink|drop|cigarette|smoke|bet|drugs)|dry\b|sober\b|off (?:the )?(?:drink|booze|heroin|coke|cocaine|crack|drugs|pills|weed|cigarettes|smokes|fags|gambling|vapes?|opioids|benzos))|(?:week|day|month) \d+ (?:clean|sober|dry|off (?:the )?(?:drink|booze|vape|cigarettes))|newly sober|off (?:heroin|crack|coke|cocaine|meth|opiates|opioids|benzos|the gear|the booze|the drink)\b|(?:aa|na|ga|ca|smart recovery) meetings?|(?:go|goes|going|went|started) to (?:aa|na|ga)\b|(?:alcoholics|narcotics|gamblers) anonymous|(?:twelve|12)[- ]step|my (?:aa |na )?sponsor (?:says|said|told|thinks|reckons|wants|and i)|(?:haven't|have not|hasn't|not) (?:had a drink|had a drop|gambled|smoked|had a cigarette|had a bet|placed a bet|touched a drop)\b|(?:deleted|delete|uninstalled|blocked) (?:the |my |all the |all my )?(?:betting|gambling|casino) (?:apps?|sites?|accounts?)|(?:drinks|drinking|drank) (?:way |far |much )too much(?! (?:coffee|tea|water|soda|coke|fizzy|energy|caffeine|milk|juice|squash))|(?:smoking|vaping|drinking|gambling|using) again\b|(?:quit|quitting|stopped|stopping|giving up|gave up|cut down on|cutting down on|cut back on|trying to (?:quit|stop)) (?:smoking|vaping|cigarettes|the cigs|the fags|nicotine|weed|cannabis|the weed|booze|alcohol|the vape|snus)|(?:stay|staying|stayed|keep|keeping) off the (?:weed|booze|drink|gear|pills|coke|vape)|cut (?:down|back) to (?:\w+ )?drinks|bottles? of (?:wine|vodka|whisky|whiskey|gin|rum) (?:a|every|each) (?:night|day)|\d+ (?:cigarettes|cigs|fags) a day|nicotine (?:pouches|addiction|withdrawal)|(?:alcohol|drug|opiate|medical) detox|detox (?:unit|clinic|centre|center|programme|program|ward)|withdrawals? symptoms|(?:nicotine|opioid|alcohol|benzo) withdrawal|(?:help|helps|helping) (?:me )?with the cravings|cravings (?:are|were|have been) (?:bad|awful|strong|back|worse)|methadone|subutex|suboxone|buprenorphine|naltrexone|nalmefene|antabuse|disulfiram|acamprosate|champix|varenicline)\b/i;
const SEXUAL_HEALTH =
  /\b(?:chlamydia|gonorrh?o?ea|syphilis|genital (?:herpes|warts)|herpes|hpv|stis?|stds?|sexual(?:ly)? (?:health|transmitted)|(?:gum|std|sti|sexual health) clinic|psa (?:test|came back|levels?|results?|was|is (?:up|high|raised|\d))|sperm (?:count|test|analysis)|semen analysis|(?:egg|ovarian) reserve|amh (?:levels?|test)|egg (?:collection|retrieval|freezing)|(?:painful|pain during|pain with|hurts during) sex|sex (?:has been|is|was) (?:\w+ )?(?:painful|sore|uncomfortable)|erections?(?: problems?| issues?| (?:have|has) been| (?:are|aren't|don't))|(?:get|keep|maintain) an erection|premature ejaculation|vaginismus|smear (?:results?|came back)|on my smear|abnormal smear|morning[- ]after pill|mini[- ]pill|truvada|descovy|viagra|cialis|clomid|letrozole)\b/i;
// Case matters: "PrEP" and "ME" are health words, "prep" and "me" are not.
const SEXUAL_HEALTH_CASED = /\b(?:PrEP|on PEP)\b/;
const MEASUREMENT =
  /\b(?:heart rate (?:\w+ ){0,4}?(?:too (?:high|low)|crept up|creeping up|spik\w+|(?:under|below|above|over) \d+ on)|(?:oxygen |o2 )?sats (?:\w+ ){0,2}(?:[6-9]\d|dropped|low)|(?:oxygen|o2) (?:saturation|levels?)|spo2|pulse ?ox\w*|peak flow|egfr|ferritin|\binr\b|(?:fasting|random) (?:glucose|blood sugar|sugars?)|my bmi|bmi (?:is|of|was) \d|(?:temp|temperature) (?:was|is|of|hit|at|reached|went up to|up to) (?:3[7-9]|4[01])\.\d\b|(?:vitamin \w+|b12|iron|folate|thyroid|tsh|potassium|sodium|cholesterol|testosterone|oestrogen|estrogen|hormone|white (?:cell|blood cell)|platelet|liver|kidney) (?:levels?|count|results?|tests?|function) (?:came back|was|were|is|are)\b|(?:levels?|bloods|blood results) came back (?:at|low|high|positive|negative|normal|abnormal|fine|clear|borderline)|my (?:blood )?tension (?:is|was)|(?:only|not) allowed (?:to (?:do|walk|have|drink) )?(?:more than )?\d+ (?:minutes?|mins?|hours?) of (?:walking|exercise|running|standing|sitting|activity)|(?:the |my )?(?:nurse|gp|doctor|consultant|midwife|cardiologist) (?:flagged|is watching|wants (?:to|a|an)|is keeping an eye|keeps an eye)|(?:heart|liver|kidney|lung|breast) scare|my (?:testosterone|oestrogen|estrogen|iron|b12|vitamin d|thyroid|ferritin|potassium|sodium|hormones?|platelets|white cell count) (?:levels? )?(?:is|are|was|were|'s) (?:\w+ )?(?:low|high|raised|up|down|off|out of range))\b/i;
const ACCESS =
  /\b(?:screen ?readers?|(?:rely|relies|depend|depends) on (?:the |my )?(?:captions|subtitles|lip ?reading|screen reader|hearing aids?|dictation)|(?:captions|subtitles)\b[^.!?]{0,40}\bi (?:rely|depend) on them|(?:i|he|she|they|we) (?:\w+ )?(?:use|uses|need|needs) (?:a |the |my )?(?:hearing loop|magnifier|voice control|dictation software|speech[- ]to[- ]text|white cane)|(?:guide|assistance|hearing) dog\b|hearing loop|(?:bsl|asl|sign language) interpreter|access to work|reasonable adjustments?|(?:workplace|work) adjustments? for my|step[- ]free|(?:can't|cannot|can no longer|couldn't) read (?:the )?(?:small |fine )?print|deaf in (?:one|my|both|the left|the right)|\brsi\b|repetitive strain|me\/cfs|chronic fatigue)\b/i;
const ACCESS_CASED = /\b(?:(?:my|with|have|has|got|from|of) ME|ME\/CFS)\b/;
const SLEEP_LATE =
  /\b(?:all[- ]nighters?|running on (?:\d+|one|two|three|four|five|no|zero|little|fumes and \d+) ?(?:h|hrs?|hours?)\b|\d+ ?(?:h|hrs?) (?:of )?sleep\b|(?:woke|wakes|waking|woken|wake) me (?:up )?(?:\w+ ){0,2}(?:times|every night|all night|every hour)|keeps? me (?:awake|up at night|up till|up until)|(?:\d+|thirty|twenty|forty) (?:hours|hrs) awake|sleep (?:schedule|pattern|cycle)s? (?:is |are |'s )?(?:\w+ )?(?:cooked|wrecked|broken|ruined|a mess|shot|messed|trash|destroyed|gone|all over)|(?:sleep|sleeping) is (?:\w+ )?(?:trash|a mess|awful|terrible|rubbish|broken|wrecked|shot)|(?:been|feel|feeling|i'm) (?:wrecked|destroyed|a zombie|zombified|dead on my feet) (?:all day|today)|(?:only|just) (?:sleep|slept|sleeping) (?:about |around )?(?:\d+|two|three|four|five) hours)\b/i;
// Supplements named as taken, beyond the earlier lists.
const SUPPLEMENTS_MORE =
  /\b(?:berberine|b[- ]complex|creatine (?:every|daily|each)|(?:taking|take|takes|on|started|start) creatine|electrolyte (?:tablets|sachets|tabs|drinks? for)|iron infusions?|inositol|spirulina|saw palmetto|ginseng|quercetin|l-glutamine|cod liver oil|(?:viatmin|vitamn|vitmin|vitimin|vitamen|vitamine)s?|(?:take|takes|taking|took|on|need|started) (?:a |my |the )?(?:calcium|potassium|folate|b12|iodine|fibre|fiber) (?:every|each|daily|supplement|for|because|since|now)|(?:i|we) (?:take|use) (?:\w+ )?(?:gummies|drops) (?:when|for|before|every))\b/i;
// Care and medication mentioned in passing, by its time and place in the week.
const CARE_PASSING =
  /\b(?:(?:have|had|got) therapy (?:at|on|today|tomorrow|tonight|this|later|after|before|in)|therapy(?:'s| is)? (?:on|at|moved to) (?:\d|mon|tue|wed|thu|fri|sat|sun)\w*)\b/i;
const DOSE_TIME =
  /\b(?:my (?:next |weekly |monthly )?(?:injection|jab|infusion) (?:is|on|at|day)|\d+ ?(?:am|pm) (?:pills?|tablets?|meds|dose|injection|jab)s?\b|my (?:\d+ ?(?:am|pm)|morning|evening|night|bedtime|weekly) (?:pills?|tablets?|meds|dose|injection|jab)\b)\b/i;

// Clinicians' shorthand, as a person copies it from a letter or an app (docs/health-wording.md, "Shorthand,
// slang and other people"): read with its capitals, so "DX" (developer experience) and "gad about" are not.
const SHORTHAND_CASED =
  /\b(?:Dx(?:'d)?|Hx of|PMH|SOB (?:on|at|when|with|after)|NWB|PWB|T[12]DM|HTN|CKD|COPD|GAD|MDD|OCD|PTSD|CMHT|CAMHS|IAPT|HbA1c|TFTs?|LFTs?|FBC|PRN)\b/;
// The same registers in any case: an operation's before and after, exertion, results awaited, an organ out,
// being sick in slang and crying that won't stop.
const SHORTHAND =
  /\b(?:(?:post|pre)[- ]?op\b|(?:on|with|after) (?:minimal |mild |any )?exertion|hba1c|(?:awaiting|waiting (?:for|on)) (?:an? |my |the )?(?:echo|scan|biopsy|referral|operation|surgery|(?:mri|ct|scan|biopsy|blood|test) results)|(?:had|having|have|get|getting|got|gets|has) (?:my|his|her|their|a|an|the) (?:\w+ )?(?:gallbladder|gall bladder|appendix|tonsils|adenoids|wisdom teeth|wisdom tooth|womb|uterus|ovary|ovaries|thyroid|spleen|prostate|cataracts?|polyps?|cyst|bunion|ingrown toenail|stitches|staples|cast) (?:out|removed|taken out|off)|(?:chuck(?:ing|in|ed)|puk(?:ing|in|ed)|throwin|spewin) up\b|(?:puking|puked)\b|crying (?:at|over) (?:everything|nothing|adverts|ads|the tv|tv|little things|the smallest things|the news)|nerve damage|hole in the heart|heart (?:valve|murmur|failure|rhythm|defect)s?|leaky (?:heart )?valve|glue ear|grommets|hernia|ticker (?:trouble|problems?|issues?)|dodgy ticker|(?:\d+|twelve|twenty|dating|anomaly|baby|early|growth)[- ](?:week )?scan\b|(?:district|community|practice|diabetes|stoma|specialist) nurse|(?:the|my) sugars? (?:is|are|was|were|'s) (?:\w+ )?(?:up|down|high|low|all over)|\bbp (?:log|readings?|diary|monitor|cuff|meds|tablets|check)|(?:blood )?pressure (?:log|readings?|diary|monitor)|up (?:\w+ ){0,3}(?:for|to) (?:the toilet|the loo|a wee|a pee)|(?:legs?|knees?) (?:go|goes|went|going) (?:out )?from under|(?:barely|hardly) eating|(?:stopped|not) eating (?:properly|at all|much)(?=\s*(?:$|[.,!?;:]|since|for|lately|these|this|again|because))|bad (?:brain|pain|mental health|anxiety|fatigue|spoon|flare) days?|(?:my |the )?back (?:went|has gone|'s gone|gone) (?:again|out)|(?:\d ?am|middle of the night|night-?time) panic|(?:\d+|one|two|three|four|five|six) (?:hours? )?on a good night|(?:respiratory|asthma|heart failure|macmillan|mental health|continence|tissue viability) nurse|(?:resting |my )?oxygen (?:was|is|of|at|dropped to|levels? (?:was|is|of|at)) (?:[6-9]\d)\b|(?:cry|crying|cried) (?:all the time|every day|for no reason|in the (?:toilets?|loos?|bathroom|car|shower)|at my desk)|nause?i?ous|nausia|(?:chest|throat) tight\b|(?:got|have|had|nasty|bad) (?:a )?(?:nasty |bad )?burns? (?:on|from|to) (?:my|the))/i;

// Everyday and figurative phrases that borrow a clinical word; removed before the rules look.
const FIGURATIVE = new RegExp(
  // each phrase from a word's start: "is a pain" must not match inside "this pain"
  String.raw`\b(?:` +
    [
      String.raw`retail therapy`,
      String.raw`(?:cat|dog|puppy|kitten|baby bird|horse|parrot) (?:threw up|was sick|is sick|has been sick|puked|vomited)`,
      String.raw`(?:car|van|bike|boiler|house|roof|website|business|company|engine) (?:needs |got |had |is due )?(?:a |its )?(?:check-?up|mot|service)`,
      String.raw`sick with (?:excitement|nerves|worry|envy|jealousy)`,
      String.raw`itchy (?:feet|trigger finger)`,
      String.raw`(?:infected with (?:adware|malware|spyware|ransomware|a virus|viruses|a worm|a trojan)|(?:pc|computer|laptop|phone|machine|server|files?|system|site|website) (?:is |was |got |has been )?infected)`,
      String.raw`(?:training|studying|qualified|qualifying|working|work|works|worked) (?:to be |as )an? (?:doctor|nurse|physio\w*|surgeon|paramedic|pharmacist|dentist|therapist|psychologist|counsell?or|midwife|carer|vet|gp)`,
      String.raw`(?:cancer|heart|mental health|diabetes|alzheimer's|dementia|stroke|hospice|hospital) (?:charity|charities|research|fundraiser|awareness|appeal|walk|run|ride|shop|cafe|café|car park|radio)`,
      String.raw`(?:volunteer|volunteers|volunteering|work|works|working) (?:at|in) the hospital`,
      String.raw`sore (?:legs|muscles|arms|calves|quads|glutes) after (?:the|a|my|that) (?:hike|run|ride|climb|session|workout|gym|game|match|walk|race|class)`,
      String.raw`itching to`,
      String.raw`(?:coverage|growth|sales|returns|results|turnout|economy|performance|numbers|budget|response) (?:is|are|was|were|looks?|seems?) (?:\w+ )?an(?:a)?emic`,
      String.raw`(?:legs|lungs|muscles|quads|calves|arms|glutes) (?:were |are |was |is )?(?:burning|on fire) (?:on|up|during|at|after|by) the (?:last |final )?(?:hill|climb|sprint|set|rep|lap|km|mile|stretch|round)`,
      String.raw`(?:nearly|almost) (?:had|gave me|gave him|gave her|give me) a heart attack`,
      String.raw`gave me a heart attack`,
      String.raw`stop(?:ped|ping|s)? the bleeding`,
      String.raw`[^.!?]*\b(?:figuratively|metaphorically)\b[^.!?]*`,
      String.raw`sleepy (?:town|village|suburb|seaside|hamlet|street|place|little \w+)`,
      String.raw`(?:town|village|city|place|street|area|neighbou?rhood|market|office) (?:is|was|gets|feels) (?:so |quite |pretty |very )?sleepy`,
      String.raw`(?:job|process|worker|daemon|service|thread|server|script|task|cron|loop|timer|system|laptop|computer|pc|machine|phone|screen|display|app|container|pod|instance|bot|character|npc|avatar|sims?) (?:\w+ )?(?:wakes|sleeps|naps|goes to sleep|went to sleep|falls asleep)(?: up)?(?: every \w+| for \w+ \w+)?`,
      String.raw`sleep (?:mode|timer|interval|call|function|state)`,
      String.raw`sleeps? for (?:\d+|a few|five|ten|two|three) (?:ms|milliseconds?|seconds?|s|minutes?)`,
      String.raw`(?:sleeping|slept) for (?:\d+ ?|a few |five |ten |two |three )(?:ms|milliseconds?|seconds?|secs?|s)\b`,
      // a lie-in: "I sleep in on Sundays", "going to sleep in tomorrow"
      String.raw`(?:sleep|sleeps|sleeping|slept) in(?= *(?:$|[.,!?;:]|on |tomorrow|today|tonight|this |next |at the weekend|late|till |until |a bit|for once|every |most ))`,
      // a child's ordinary bedtime, not a sleep problem: "kids finally asleep", "the baby sleeps through"
      String.raw`(?:baby|babies|kids|children|toddlers?|little ones?|twins)(?:'s)? (?:(?:is|are|was|were|finally|now|all|both|fast|already|just)\s+){0,3}(?:asleep|sleeps? through|sleeping through|slept through|down for (?:a|the|their|his|her) naps?)`,
      // health words in a job: "I am a pharmacist", "checking prescriptions all day"
      String.raw`(?:i'm|i am|she's|she is|he's|he is|they're|they are|work as|worked as) an? (?:\w+ )?(?:nurse|pharmacist|doctor|gp|surgeon|paramedic|dentist|physio|physiotherapist|psychologist|psychiatrist|midwife|vet|radiographer|anaesthetist|anesthetist|optician)\b`,
      String.raw`(?:checking|dispensing|filling|writing|processing|handling|signing|reviewing) (?:\w+ )?prescriptions`,
      String.raw`(?:dentist|dental|dentist's)(?: \w+)? check-?ups?`,
      // code that sleeps: "it slept on real time", "let the thread sleep until", "the worker should sleep 200ms"
      String.raw`(?:it|tests?|specs?|handlers?|functions?|methods?|loops?|pollers?|retry|retries|workers?|threads?|goroutines?|coroutines?|tasks?|jobs?|process|processes|daemons?|scripts?|services?|scheduler|consumers?|producers?|watchers?|queues?|bots?|lambdas?|servers?|containers?|pods?|hosts?|instances?|vms?|clients?|agents?|runners?|cron) (?:just |still |then |only |never |always )?(?:(?:should|must|will|would|can|could|may|might|needs to|has to|had to) (?:\w+ )?)?(?:slept|sleeps|sleep|sleeping|was sleeping|is sleeping|kept sleeping) (?:on|for|until|between|in|inside|through|past|instead|while|before|after|\d)`,
      // an economy's depression: "the economy slid into depression", "a depression in the housing market"
      String.raw`(?:economy|economies|market|markets|housing market|prices|trade|industry|sector|country|world) (?:\w+ ){0,3}?(?:into|in|to|towards|a|an) (?:a |an )?(?:deep |long |full-blown |economic )?depression|(?:economic|great|global|market|deep) depression|depression in (?:the )?(?:\w+ )?(?:market|markets|economy|prices|trade|industry|sector)`,
      // running software, not legs: "ops can't run it", "can't run another store", "the test suite is limping"
      String.raw`(?:it|this|that|jobs?|tasks?|scripts?|tests?|builds?|migrations?|quer(?:y|ies)|apps?|services?|containers?|pods?|code|binary|programs?|pipelines?|cron|workers?) (?:still |just |even |simply )?(?:can't|cannot|couldn't|won't|can not) run`,
      String.raw`(?:can't|cannot|couldn't|can not) run (?:\w+ ){1,3}?(?:in prod|in production|in staging|in ci|locally|on (?:my |the |our |their |a |this |that )?(?:laptop|mac|macbook|machine|box|server|cluster|ci|pi|phone|vm|windows|linux|arm))\b`,
      String.raw`(?:can't|cannot|couldn't|can not) run (?:it|this|that|them|these|those|locally|another \w+|(?:the |our |their |your |this |that )?(?:app|apps|tests?|test suite|suite|build|script|scripts|binary|code|query|queries|job|jobs|migrations?|server|service|services|container|image|program|command|tool|tools|store|stack|cluster|pipeline|benchmarks?|bench|notebook|model|game)s?)\b`,
      String.raw`(?:build|builds|server|servers|ci|pipeline|pipelines|tests?|test suite|suite|runner|cluster|database|db|app|service|deploy|deployment|site|website|api|network|release|project|codebase|system|infra|infrastructure|backend|frontend)(?:'s)? (?:(?:is|are|was|were|has|have|had|been|still|kind of|just)\s+){0,3}limping(?: along)?`,
      // an institution's or a process's ailments: "the negotiations are paralysed", "the project is on life support"
      String.raw`(?:talks|negotiations|government|parliament|traffic|city|country|economy|markets?|network|company|business|industry|project|team|process|roadmap|plans?|budget|printer|office)(?:'s)? (?:(?:is|are|was|were|been|has|have|left|completely|totally|effectively|now|still)\s+){0,3}(?:paraly[sz]ed|crippled|haemorrhaging|hemorrhaging|on life support|in intensive care|schizophrenic|brain-?dead)`,
      String.raw`(?:meeting|meetings|project|process|spreadsheet|paperwork|client|boss|job|work|deadline|code|bug|this|that|it all|kids|traffic|commute|admin|email|inbox|tax|taxes|migration|release|customer) (?:is |are |was |were )?(?:giving|gave|gives) (?:me|us) (?:a |such a |real |massive )?(?:headaches?|migraines?)`,
      String.raw`(?:codebase|code|project|process|plan|team|system|architecture|schedule|budget|document|draft|essay|spreadsheet|deck|website|design) needs? (?:major |some |serious |urgent )?surgery`,
      String.raw`(?:market|economy|crowd|city|town|fans|team|stadium) (?:has|had|have|is in|caught) (?:a )?fever`,
      String.raw`(?:sick|ill) (?:of|and tired)`,
      String.raw`sick (?:beat|trick|move|view|car|ride|set|goal|save|shot)`,
      String.raw`that's sick`,
      String.raw`pain points?`,
      String.raw`pain in the (?:neck|ass|arse|butt|backside)`,
      String.raw`growing pains`,
      String.raw`no pain,? no gain`,
      String.raw`(?:painfully|painful(?:ly)?) (?:slow|obvious|aware|honest|awkward|long|boring|shy)`,
      String.raw`a painful (?:meeting|process|lesson|migration|conversation|reminder|choice|decision|experience|week at work)`,
      String.raw`\b(?:is|was|are|were|been|be|becomes?|became|it's|that's|what's|such|felt like|feels like)\s+(?:a |an |such a |the |one |total |real |absolute |complete |bit of a |big |huge |major |massive |logistical |bureaucratic |admin |administrative )*(?:headache|nightmare|pain|migraine|cancer|plague|poison|drug|pill|disease|virus|allergy|cure|medicine|therapy|trauma(?:tic)?|fever|infection|injury)\b`,
      String.raw`(?:gives?|giving|gave) me (?:a )?headaches? (?:just )?(?:thinking|looking|to think|reading)`,
      String.raw`sleep on (?:it|this|that|the (?:idea|decision|offer|proposal|question|plan|choice))`,
      String.raw`(?:don't|do not|never) sleep on`,
      String.raw`slept on (?:it|the (?:idea|decision|offer))`,
      String.raw`sleep(?:ing)? mode`,
      // code that sleeps: sleep(500), Thread.sleep, time.sleep(2), asyncio.sleep
      String.raw`(?:\w+\.)+sleep\b(?:\([^)]*\))?`,
      String.raw`sleep\([^)]*\)`,
      String.raw`sleep (?:setting|settings|button|option|feature)s?`,
      // food with nutrients in it, not a supplement taken: "added vitamins", "iron-fortified cereal"
      String.raw`(?:added|fortified with|enriched with|packed with|rich in|full of|loaded with) (?:\w+ )?(?:vitamins?|minerals|iron|protein|fibre|fiber|magnesium|calcium|zinc|omega[- ]?3s?|antioxidants)(?: and (?:minerals|vitamins|fibre|fiber|protein|iron))?`,
      String.raw`(?:vitamin|iron|magnesium|protein|calcium|fibre|fiber|zinc|potassium)[- ](?:rich|fortified|packed|enriched|dense)`,
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
      // dislike, not a limit: "can't stand queuing", but "can't stand for long" stays
      String.raw`(?:can't|cannot|can not|couldn't) stand (?!(?:for|up|long|still|on|without|upright|unaided|straight)\b)(?:\w+ing|the|it|him|her|them|people|when|how|that|this|those|these|being)\b`,
      String.raw`hopeless (?:at|with) (?!(?:everything|life)\b)`,
      String.raw`(?:is|are|was|were|'s) (?:my|our|his|her|their|pure|basically|like) (?:therapy|medicine)\b`,
      String.raw`(?:marriage|debt|financial|careers?|guidance|school|camp|admissions|wedding) counsell?or`,
      String.raw`booster (?:seats?|packs?|clubs?|rockets?|stages?|chairs?|cushions?)`,
      String.raw`sleep[- ]track(?:er|ing) (?:app|startup|product|feature|company|dashboard|project|client|api)s?`,
      String.raw`(?:fall(?:ing)? asleep|sleep(?:ing)?|nap(?:ping)?) on (?:long |the |a |overnight |red-eye )?(?:flights?|planes?|trains?|coaches|buses|the bus|the plane|the train)`,
      String.raw`limp(?:ing|s|ed)? along`,
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
      String.raw`(?:allergic|allergy) to (?:long |early |boring |endless |more |pointless )?(?:admin|meetings?|mornings?|paperwork|bureaucracy|mondays|small talk|drama|work|exercise|cleaning|spreadsheets|change|commitment|jargon|buzzwords)`,
      String.raw`(?:adrenaline|sugar) (?:rush|junkie|high)`,
      String.raw`(?:an? )?(?:\w+ )?(?:junkie|addict) (?:for|of)`,
      String.raw`(?:i'm|i am|so|bit) (?:addicted to|obsessed with) (?:coffee|tea|chocolate|this show|that show|the show|the game|podcasts|sudoku|wordle|crosswords|my phone)`,
      String.raw`heartbeat (?:signal|interval|message|check)`,
      String.raw`the great depression`,
      String.raw`depression[- ]era`,
      String.raw`tropical depression`,
      String.raw`(?:cabin|spring|gold|world cup|election) fever`,
      String.raw`fever[- ]pitch`,
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
      String.raw`cough(?:ed|ing|s)? up (?:the |\$|£|€|money|cash|the cash|the money|for|\d)`,
      String.raw`rash (?:decision|choice|move|promise|purchase|comment)`,
      String.raw`bleeding (?:red|connections|requests|memory|data|packets|traffic|revenue|market share|performance|money|cash|customers|users|talent|subscribers|morale|staff|people|points|goals|time|fans|votes)`,
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
      String.raw`(?:had|has|have|having|kept|keeps|left) (?:me|us|everyone|the (?:room|audience|crowd|office)) in stitches`,
      // a pet's ailments, up to the clause's end, unless the person comes into it ("my dog's on antibiotics")
      String.raw`(?:my|our|the|her|his) (?:dog|dogs|cat|cats|rabbit|hamster|puppy|kitten|horse|pony|parrot|budgie|guinea pig|tortoise|ferret)(?:'s)?\b(?:(?!\b(?:i|i'm|i've|me|my|we|us)\b)[^.!?;,])*`,
      // a name, not the thing: "the album is called Insomnia"
      String.raw`(?:album|song|film|movie|book|novel|band|show|podcast|play|track|game|app|product|cluster|server|project|startup|company|brand|shop|cafe|bar|boat|horse) (?:is |was )?(?:called|named|titled) \S+`,
      String.raw`(?:plumber|mechanic|electrician|builder|accountant|lawyer|coach|teacher|architect|consultancy|auditor)s? (?:\w+ )?prescribed`,
      String.raw`(?:dose|dosage) (?:calculator|field|column|unit tests?|table|form|api|endpoint|validation|picker)`,
      // a job at a hospital is not a stay in one
      String.raw`as an? (?!patient|inpatient|outpatient)(?:\w+ ){1,2}?(?:at|in) (?:the|a) hospital`,
      // a machine's rehab or therapy is its repair: "my bike is in for rehab at the shop"
      String.raw`(?:car|van|bike|boat|motorbike|scooter|guitar|piano|amp|sofa|engine|boiler|laptop|phone)(?:'s)? (?:is |needs |needed |got |getting )?(?:(?:in|into) for |some |a bit of |a spot of )?(?:rehab|therapy)`,
      // an engine's "cough": a machine's ailments as below
      String.raw`(?:car|engine|van|bike|motorbike|mower|boiler|tractor|old banger)(?:'s)? (?:\w+ ){0,3}?(?:coughing|coughs|coughed|spluttering|wheezing|wheezes)`,
      String.raw`(?:dead|deadly) (?:code|link|links|end|serious|tired|silent)`,
      // a machine's or a project's ailments: "the build server has been sick", "staging has a virus"
      String.raw`(?:build|builds|server|servers|ci|pipeline|pipelines|tests?|test suite|runner|cluster|node|box|machine|database|db|cache|heap|bundle|index|docker image|binary|repo|codebase|code|app|service|deploy|deployment|job|jobs|website|site|api|network|laptop|computer|pc|mac|staging|prod|production|environment|vm|container|pod|printer|router|wifi|disk|drive)(?:'s|\s+(?:is|are|was|were|has|have|had|been|looks?|looking|seems?|feels?|feeling|got|gets|getting|still|really|so|properly|very|a bit|kind of|quite|all))*\s+(?:sick|ill|unwell|poorly|infected|feverish|dying|bloated|an(?:a)?emic|(?:a |the )?(?:virus|fever|infection))(?![\w-])`,
      // "allergic to" a thing no one is allergic to: tools, work, habits, or a gerund ("allergic to being told")
      String.raw`(?:allergic|allergy) to (?:\w+ ){0,2}?(?:yaml|json|xml|css|php|java|javascript|typescript|microservices|frameworks?|deploys?|deployments?|releases?|tests|documentation|docs|processes|process|planning|estimates?|deadlines?|stand-?ups?|meetings|mondays|mornings|slack|emails?|phone calls|calls|conflict|confrontation|effort|responsibility|authority|rules|routine|overtime|hype|politics|small print|hard work|the (?:idea|thought|office|word|concept))\b`,
      String.raw`(?:allergic|allergy) to (?!(?:anything|something|everything|nothing|bedding|pudding|icing|frosting|stuffing|dressing|seasoning|filling|ling|whiting)\b)\w+ing\b`,
      String.raw`(?:(?:feeling|feel|felt|i'm|i am|been|a bit|bit|quite|so|really|kind of|rather|all)\s+)*under the weather (?:about|over|regarding|when it comes to)`,
      String.raw`(?:tablet|laptop|phone|screen|display|monitor|computer|pc|mac|macbook|device|machine|vm|server|tv|console|box|workstation|host|instance|container|pod)s? (?:\w+ ){0,2}?(?:wakes?|woke|waking|woken|goes|went|going|go|gone|falls?|fell) (?:up )?(?:from|to|into|out of) sleep`,
      String.raw`pills? (?:in|on) the (?:navbar|nav|header|footer|sidebar|toolbar|menu|tab bar|ui|page|form|card|table)|(?:status|filter|tag|nav|navbar) pills?`,
      String.raw`(?:a |the |another |some )?(?:\w+ )?doses? of (?:feedback|criticism|reality|humility|humou?r|patience|luck|refactoring|caffeine|coffee|espresso|sunshine|nostalgia|drama|realism|optimism|perspective|fun|inspiration|motivation|chaos|bureaucracy|meetings|pragmatism|honesty|sarcasm|cynicism|scepticism|skepticism|irony|good news|bad news|fresh air)`,
      String.raw`(?:brew|npm|flutter|expo|yarn|pnpm|rustup|react-native|nx|deno) doctor|doctor (?:script|command|tool|subcommand)`,
      String.raw`(?:a )?fever of (?:activity|excitement|speculation|anticipation|context switch\w*|meetings|emails|tickets|releases)`,
      String.raw`(?:did|do|does|doing|done|handle|handled|handling|cover|covered|covering) (?:the )?(?:kids'? |children's |baby's )?bedtime|(?:the )?(?:kids'?|children's|baby's|toddler's) bedtime|bedtime (?:with|for) (?:the )?(?:kids|children|baby|little ones|twins)`,
      // account and data recovery, not a person's
      String.raw`(?:account|password|data|disaster|crash|file|roadside|vehicle|breakdown|wallet|key) recovery|recovery (?:emails?|codes?|keys?|phrases?|seeds?|mode|partition|drive|disk|image|console|questions?|address|truck|vehicle|link|phone number|time objective|point objective)`,
    ].join('|') +
    ')',
  'gi',
);

const RULES: Rule[] = [
  { name: 'drug-name', kind: 'medication', reason: 'names a medication', pattern: DRUG_NAMES },
  { name: 'drug-stem', kind: 'medication', reason: 'names a medication', pattern: DRUG_STEM },
  { name: 'dose', kind: 'medication', reason: 'states a dose', pattern: DOSE },
  {
    name: 'condition',
    kind: 'health_condition',
    reason: 'names a health condition',
    pattern: CONDITIONS,
  },
  {
    name: 'framed-condition',
    kind: 'health_condition',
    reason: 'names a health condition',
    pattern: FRAMED_CONDITIONS,
  },
  {
    name: 'diagnosis',
    kind: 'health_condition',
    reason: 'mentions a diagnosis or care',
    pattern: DIAGNOSIS,
  },
  { name: 'limitation', kind: 'limitation', reason: 'names a limitation', pattern: LIMITATION },
  { name: 'care', kind: 'health_condition', reason: 'mentions treatment', pattern: CARE },
  { name: 'symptom', kind: 'symptom', reason: 'names a symptom or injury', pattern: SYMPTOMS },
  { name: 'sleep', kind: 'sleep', reason: 'names sleep', pattern: SLEEP },
  {
    name: 'supplement',
    kind: 'medication',
    reason: 'names a supplement taken as medicine',
    pattern: SUPPLEMENTS,
  },
  { name: 'mental', kind: 'health_condition', reason: 'names mental health', pattern: MENTAL },
  {
    name: 'reproductive',
    kind: 'health_condition',
    reason: 'names reproductive health',
    pattern: REPRODUCTIVE,
  },
  {
    name: 'diet-medical',
    kind: 'health_condition',
    reason: 'names a diet for a condition',
    pattern: DIET_MEDICAL,
  },
  { name: 'injury', kind: 'symptom', reason: 'names an injury', pattern: INJURY },
  { name: 'limits', kind: 'limitation', reason: 'names a limitation', pattern: LIMITS },
  { name: 'sleep-more', kind: 'sleep', reason: 'names sleep', pattern: SLEEP_MORE },
  { name: 'body-state', kind: 'symptom', reason: 'names a symptom', pattern: BODY_STATE },
  {
    name: 'mental-more',
    kind: 'health_condition',
    reason: 'names mental health',
    pattern: MENTAL_MORE,
  },
  {
    name: 'limits-indirect',
    kind: 'limitation',
    reason: 'names a limitation',
    pattern: LIMITS_INDIRECT,
  },
  {
    name: 'mind-indirect',
    kind: 'health_condition',
    reason: 'names mental health',
    pattern: MIND_INDIRECT,
  },
  { name: 'sleep-indirect', kind: 'sleep', reason: 'names sleep', pattern: SLEEP_INDIRECT },
  {
    name: 'supplement-indirect',
    kind: 'medication',
    reason: 'names a medication or supplement',
    pattern: SUPPLEMENTS_INDIRECT,
  },
  {
    name: 'symptom-indirect',
    kind: 'symptom',
    reason: 'names a symptom or condition',
    pattern: SYMPTOMS_INDIRECT,
  },
  {
    name: 'recovery',
    kind: 'health_condition',
    reason: 'names recovery or a habit',
    pattern: RECOVERY,
  },
  {
    name: 'sexual-health',
    kind: 'health_condition',
    reason: 'names sexual health',
    pattern: SEXUAL_HEALTH,
  },
  {
    name: 'sexual-health',
    kind: 'health_condition',
    reason: 'names sexual health',
    pattern: SEXUAL_HEALTH_CASED,
  },
  {
    name: 'measurement',
    kind: 'health_condition',
    reason: 'names a body reading or its limit',
    pattern: MEASUREMENT,
  },
  { name: 'access', kind: 'limitation', reason: 'names an aid or adjustment', pattern: ACCESS },
  {
    name: 'access',
    kind: 'limitation',
    reason: 'names an aid or adjustment',
    pattern: ACCESS_CASED,
  },
  { name: 'sleep-late', kind: 'sleep', reason: 'names sleep', pattern: SLEEP_LATE },
  {
    name: 'supplement-more',
    kind: 'medication',
    reason: 'names a supplement taken as medicine',
    pattern: SUPPLEMENTS_MORE,
  },
  {
    name: 'care-passing',
    kind: 'health_condition',
    reason: 'mentions treatment',
    pattern: CARE_PASSING,
  },
  { name: 'dose-time', kind: 'medication', reason: 'names a medication', pattern: DOSE_TIME },
  {
    name: 'shorthand',
    kind: 'health_condition',
    reason: 'names a condition or care in shorthand',
    pattern: SHORTHAND_CASED,
  },
  { name: 'shorthand', kind: 'symptom', reason: 'names a symptom or care', pattern: SHORTHAND },
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
      for (const last of nounLemmas(words[i + n - 1] ?? '')) {
        const term = [...head, last].join(' ');
        const group = terms.get(term);
        if (group) return { term, group };
      }
    }
  }
  return null;
}

// Texting spellings read as written out: "cant sleep", "im on meds", "thru the roof".
const TEXTING: Array<[RegExp, string]> = [
  [/\b(can|don|won|didn|doesn|isn|wasn|couldn|shouldn|wouldn|haven|hasn|aren)t\b/gi, "$1't"],
  [/\bcan not\b/gi, "can't"],
  [/\bim\b/gi, "i'm"],
  [/\bive\b/gi, "i've"],
  [/\bthru\b/gi, 'through'],
  // common misspellings of health words (docs/health-wording.md, "Shorthand, slang and other people")
  [/\bdoc(?:ter|tr)\b/gi, 'doctor'],
  [/\b(?:asma|astma|asthama|azthma)\b/gi, 'asthma'],
  [/\b(?:diabetis|diabeties|diabites)\b/gi, 'diabetes'],
  [/\b(?:migrane|migrain|megraine)(s?)\b/gi, 'migraine$1'],
  [/\banti[- ]?depres+ant(s?)\b/gi, 'antidepressant$1'],
  [/\b(?:perscription|prescripton|presciption)(s?)\b/gi, 'prescription$1'],
  [/\b(?:medecine|medicene)(s?)\b/gi, 'medicine$1'],
  [/\bw\/(?=\s)/gi, 'with'],
];
const spelledOut = (text: string): string =>
  TEXTING.reduce((out, [pattern, written]) => out.replace(pattern, written), text);

/** The wording the rules read: quotes straightened, texting spelled out, figurative uses taken out. */
export function wordingOf(content: string): string {
  return spelledOut(content.replace(/[’‘]/g, "'")).replace(FIGURATIVE, ' ');
}

export interface WordingRuleHit {
  name: string;
  kind: SensitivityKind;
  reason: string;
}

/** The first wording rule the text trips, in the rules' order (substances taken, then the vocabulary, last). */
export function firstWordingRuleHit(text: string): WordingRuleHit | null {
  for (const rule of RULES) {
    const match = rule.pattern.exec(text);
    if (match)
      return { name: rule.name, kind: rule.kind, reason: `${rule.reason} ("${match[0].trim()}")` };
  }
  const substance = SUBSTANCE.exec(text);
  if (substance && (INTAKE.test(text) || DOSE.test(text)))
    return {
      name: 'substance-taken',
      kind: 'medication',
      reason: `names a medication ("${substance[0].trim()}")`,
    };
  const term = vocabularyMatch(text);
  if (term)
    return {
      name: `vocabulary-${term.group}`,
      kind: VOCABULARY_KIND[term.group],
      reason: `names ${term.group === 'medication' ? 'a medication' : term.group === 'symptom' ? 'a symptom' : 'a health condition'} ("${term.term}")`,
    };
  return null;
}

/** Whether the wording (as `wordingOf` gives it) names a condition or a medicine the words may not veto. */
export function namesBeyondVeto(text: string): boolean {
  return !TOPIC.test(text) && (NAMES.test(text) || DRUG_STEM.test(text));
}

/**
 * The rules' hits and the words themselves are weighed by the trained classifier (health-classifier.ts,
 * docs/health-wording.md): a hit the words around it outweigh is dropped ("sleep in on Saturday"), and
 * health talk no rule names ("couldn't get out of bed again") is still proposed.
 */
export function classifySensitivity(fact: SensitivityInput): Sensitivity {
  const category = fact.category
    ?.trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const byCategory = category ? SENSITIVE_CATEGORIES[category] : undefined;
  if (byCategory) return { sensitive: true, kind: byCategory, reason: `category: ${category}` };

  const text = wordingOf(fact.content);
  const first = firstWordingRuleHit(text);
  const verdict = weighHealthWording(text, first !== null);
  if (!verdict.sensitive && !(first && namesBeyondVeto(text))) return { sensitive: false };
  if (first) return { sensitive: true, kind: first.kind, reason: first.reason };
  return {
    sensitive: true,
    kind: verdict.kind,
    reason: `reads as health talk (${verdict.evidence.map((word) => `"${word}"`).join(', ')})`,
  };
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
