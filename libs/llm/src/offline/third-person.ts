import { parse, termsOf } from './nlp';

/**
 * A statement the person made about themselves, rewritten as a note about them in the third person
 * (docs/memory.md, "How a fact is written"): "I want to run a marathon" → "Wants to run a marathon",
 * "I have a sister, Anna; we talk every Sunday" → "Has a sister, Anna; they talk every Sunday",
 * "My sister Lily does ceramics" → "Their sister Lily does ceramics". The subject "I" is dropped and
 * its verb agrees with the person; every other first-person word becomes "they" and its forms.
 */
export function toThirdPerson(statement: string, options: { past?: boolean } = {}): string {
  let text = statement.trim();
  text = movedLeadIn(text);
  text = withPartnerMoved(text);
  const lead = leadVerb(text, options.past ?? false);
  const rest = restInThirdPerson(lead.rest);
  const out = lead.head ? `${lead.head}${rest}` : rest;
  return out.length > 0 ? out.charAt(0).toUpperCase() + out.slice(1) : out;
}

const ADVERBS =
  '(?:really|always|also|still|usually|never|just|finally|recently|totally|actually|definitely|mostly|often|sometimes|truly|honestly|generally|normally|already|absolutely|deeply|strongly|genuinely|kind of|sort of|even|now|only|rarely|seriously|slowly|eventually|originally|basically|pretty much)';

/** The subject and its auxiliary at the start, as the person's third-person forms. */
const LEADS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:I'm|I am|we're|we are) not\b/i, 'Is not'],
  [/^(?:I'm|I am|we're|we are)\b/i, 'Is'],
  [/^(?:I|we) (?:haven't|have not)\b/i, 'Has not'],
  [/^(?:I've|we've)\b/i, 'Has'],
  [/^(?:I|we) have\b/i, 'Has'],
  [/^(?:I|we) (?:wasn't|weren't|was not|were not)\b/i, 'Was not'],
  [/^(?:I|we) (?:was|were)\b/i, 'Was'],
  [/^(?:I|we) (?:don't|do not)\b/i, 'Does not'],
  [/^(?:I|we) (?:didn't|did not)\b/i, 'Did not'],
  [/^(?:I|we) (?:can't|cannot|can not)\b/i, 'Cannot'],
  [/^(?:I|we) (?:won't|will not)\b/i, 'Will not'],
  [/^(?:I|we) (?:wouldn't|would not)\b/i, 'Would not'],
  [/^(?:I'd|we'd)\b/i, 'Would'],
  [/^(?:I'll|we'll|I will|we will)\b/i, 'Will'],
  [/^(?:I|we) do\b/i, 'Does'],
];

/** `want` → `wants`, `go` → `goes`, `study` → `studies`: the present tense agreeing with the person. */
export function thirdSingular(verb: string): string {
  const lower = verb.toLowerCase();
  if (lower === 'have') return 'has';
  if (lower === 'be' || lower === 'am' || lower === 'are') return 'is';
  if (lower === 'do') return 'does';
  if (lower === 'go') return 'goes';
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  return `${verb}s`;
}

const MODALS =
  /^(?:I|we) (can|could|should|must|might|may|would|used to|did|had|need to|got to|gotta)\b/i;

function leadVerb(text: string, past: boolean): { head: string; rest: string } {
  for (const [pattern, head] of LEADS) {
    const match = pattern.exec(text);
    if (match) return { head, rest: text.slice(match[0].length) };
  }
  const modal = MODALS.exec(text);
  if (modal) return { head: cap(modal[1] ?? ''), rest: text.slice(modal[0].length) };
  const plain = new RegExp(`^(?:I|we)((?: ${ADVERBS})*) ([A-Za-z]+)\\b`, 'i').exec(text);
  if (!plain) return { head: '', rest: text };
  const [whole, spoken = '', verb = ''] = plain;
  const adverbs = spoken.trim();
  const conjugated = !past && presentTense(text, verb) ? thirdSingular(verb) : verb;
  const head = adverbs ? `${cap(adverbs)} ${conjugated}` : cap(conjugated);
  return { head, rest: text.slice(whole.length) };
}

/** Past forms compromise may read as present ("I got back"), never given an -s. */
const IRREGULAR_PAST = new Set(
  'got went came made took saw had did said left felt met ran won lost bought sold found gave told thought kept began became wrote drove flew grew knew brought spent sent built heard held paid sat stood understood taught caught fought slept swam rode broke chose spoke woke wore forgot ate fell'.split(
    ' ',
  ),
);

/** Whether the verb after the subject is in the present tense (compromise's tags), so it takes an -s. */
function presentTense(sentence: string, verb: string): boolean {
  const term = termsOf(parse(sentence)).find((t) => t.text.toLowerCase() === verb.toLowerCase());
  if (!term || !term.tags.includes('Verb') || IRREGULAR_PAST.has(verb.toLowerCase())) return false;
  return !term.tags.includes('PastTense') && !term.tags.includes('Participle');
}

const cap = (s: string): string => (s.length > 0 ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** Every first-person word left in the statement, in the person's third-person forms. */
const PRONOUNS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:I|we)(?:'m| am|'re| are)\b/g, 'they are'],
  [/\b(?:I|we) (?:was|were)\b/g, 'they were'],
  [/\b(?:I|we) wasn't\b/g, "they weren't"],
  [/\b(?:I|we)'ve\b/g, 'they have'],
  [/\b(?:I|we)'d\b/g, 'they would'],
  [/\b(?:I|we)'ll\b/g, 'they will'],
  [/\bI\b/g, 'they'],
  [/\bwe\b/gi, 'they'],
  [/\b(?:myself|ourselves)\b/gi, 'themselves'],
  [/\b(?:mine|ours)\b/gi, 'theirs'],
  [/\b(?:my|our)\b/gi, 'their'],
  [/\bme\b/gi, 'them'],
  [/\bus\b/g, 'them'],
];

function restInThirdPerson(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PRONOUNS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * "On 5 May 2023 I passed the interviews" → "I passed the interviews on 5 May 2023": a lead-in of time or
 * place before the subject moves behind the statement, so the note starts with what the person did.
 */
function movedLeadIn(text: string): string {
  const match = /^([^,;:]{1,48}?),? ((?:I|we)\b.*?)([.!?]*)$/.exec(text);
  if (!match) return text;
  const [, lead = '', statement = '', stop] = match;
  const terms = termsOf(parse(lead));
  const onlyTime =
    terms.length > 0 &&
    terms.every((t) =>
      ['Preposition', 'Date', 'Value', 'Determiner', 'Adverb', 'Duration', 'Month', 'WeekDay'].some(
        (tag) => t.tags.includes(tag),
      ),
    ) &&
    terms.some((t) => t.tags.includes('Date') || t.tags.includes('Value'));
  if (!onlyTime) return text;
  // "On 5 May" → "on 5 May"; a month or a weekday keeps its capital.
  const tags = terms[0]?.tags ?? [];
  const leadOut =
    tags.includes('ProperNoun') || tags.includes('Month') || tags.includes('WeekDay')
      ? lead
      : lead.charAt(0).toLowerCase() + lead.slice(1);
  return `${statement.replace(/[,;:]$/, '')} ${leadOut}${stop || '.'}`;
}

/** "Sam and I moved to Denver" → "I moved to Denver with Sam": the person is the subject, the other comes along. */
function withPartnerMoved(text: string): string {
  const match =
    /^((?:[Mm]y |[Oo]ur |[Tt]he )?(?:[a-z]+ )?[A-Za-z][\w'’-]*(?: [A-Z][\w'’-]*)?) and (?:I|me) (.+?)([.!?]*)$/.exec(
      text,
    );
  const named = match?.[1];
  if (!match || named === undefined || /^(?:I|we|you|they|he|she|it)$/i.test(named)) return text;
  const other = named.replace(/^(my|our) /i, 'my ').replace(/^The /, 'the ');
  return `I ${match[2]} with ${other}${match[3] || '.'}`;
}
