import { parse, sentencesOf, termsOf, type Term } from './nlp';

/**
 * Elliptical answers (docs/memory-facts.md, "Answers that lean on the question"): people answer a question
 * about themselves with the part that is new ("And the metformin?" "Twice a day, but I keep forgetting the
 * evening one."; "Still vegan?" "ya 2 years in march"). The fact is the answer with what the question
 * supplied: the thing asked after, or the statement a polar question makes.
 */

/** The polar question about the person and the statement it makes, the other speaker's "you" made "I". */
const POLAR: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^(?:and |so )?(?:are you )?still (.+)$/i, (m) => `I'm still ${m[1]}`],
  [/^(?:and |so )?do you still (.+)$/i, (m) => `I still ${m[1]}`],
  [/^(?:and |so )?are you (.+)$/i, (m) => `I'm ${m[1]}`],
  [/^(?:and |so )?have you (?:been )?(.+)$/i, (m) => `I have been ${m[1]}`],
];

/**
 * "And the metformin?", "What about your bike?", "How's the German?", "How did the half marathon go?",
 * "Any alcohol?": the thing the question asks after, as the person's ("your" → "my").
 */
const TOPIC: readonly RegExp[] = [
  /^(?:and|so|what about|how about)\s+((?:the|your)\s+[\w' -]{2,40}?)$/i,
  /^(?:and|so)\s+([\w' -]{2,30}?)$/i,
  /^(?:and|so)\s+((?:the|your)\s+[\w' -]{2,40}?),\s+(?:what|how|where|when|who)\b.*$/i,
  /^how(?:'s| is| are| was| were)\s+((?:the|your)\s+[\w' -]{2,40}?)(?:\s+(?:going|coming along|doing|getting on|treating you))?(?:\s+these days|\s+now|\s+lately)?$/i,
  /^how did\s+((?:the|your)\s+[\w' -]{2,40}?)\s+go$/i,
  /^how(?:'s| is) it going with\s+((?:the|your)\s+[\w' -]{2,40}?)$/i,
  /^any\s+([\w' -]{2,30}?)(?:\s+(?:lately|recently|since|these days))?$/i,
];

/** Topics of how someone is, not of what is true of them: "How was your weekend?" "Good, quiet." */
const PASSING_TOPICS =
  /\b(?:weekend|day|week|morning|evening|night|you|things|everything|life|it|that|this|news|plans? for (?:today|tonight)|questions?|trip|holiday|time)$/i;

/** A reply that says no, thanks, or reacts, states nothing the question could complete. */
const NO_STATEMENT =
  /^(?:no|nope|nah|not really|not yet|nothing|none|never|thanks|thank you|cheers|ha+|lol|ok|okay|sure|maybe|dunno|I don't know|idk|good|great|fine|mixed)\b[\s,.!]*$/i;
const SAYS_NO = /^(?:no|nope|nah|not really|nothing|none|not any ?more|no longer)\b/i;
/** "Not anymore, I switched to green tea": a no that says the person has changed. */
const NO_LONGER =
  /^\W*(?:(?:no|nope|nah)[\s,.!-]+)?(?:not any ?more|no longer|not these days)\b[\s,.!-]*/i;

function lastQuestion(text: string): string | null {
  const last = sentencesOf(text).at(-1)?.trim() ?? '';
  if (!last.endsWith('?')) return null;
  // "And outside work, what matters to you?", "Okay, and the job?": a lead-in before the question.
  return last
    .slice(0, -1)
    .replace(/^(?:ok|okay|right|great|good|lovely|nice|well|oh)\b[,!.]?\s*/i, '')
    .trim();
}

const isContent = (t: Term) =>
  (t.tags.includes('Noun') && !t.tags.includes('Pronoun')) ||
  t.tags.includes('Value') ||
  t.tags.includes('Date');

/** The reply's first sentence when it has no subject and verb of its own: the part the question completes. */
function fragmentOf(reply: string): { fragment: string; rest: string[] } | null {
  const sentences = sentencesOf(
    reply.replace(/^\W*(?:yes|yeah|yep|yup|ya|yea|well|um|uh|oh|so|mostly)\b[\s,.!-]*/i, ''),
  );
  const first = sentences[0]?.replace(/[.!]+$/, '').trim();
  if (!first || first.endsWith('?') || NO_STATEMENT.test(first) || SAYS_NO.test(first)) return null;
  const terms = termsOf(parse(first));
  if (terms.length === 0 || !terms.some(isContent)) return null;
  // "I keep forgetting…", "My granddaughter bought me one": a sentence with its own subject is no fragment.
  const ownSubject = parse(first).has(
    '^#Adverb? (i|we|my|our|#Pronoun|#ProperNoun|the #Noun|#Determiner? #Noun+) #Adverb? #Verb',
  );
  if (ownSubject && terms.some((t) => t.tags.includes('Verb'))) return null;
  return { fragment: first, rest: sentences.slice(1) };
}

/**
 * "Are you still walking?" "Round the park with Mabel every morning." → "I'm still walking, round the park
 * with Mabel every morning.": a polar question answered with a fragment (no yes said) states what was
 * asked, with the fragment as its detail. Null when the question is no such question or the reply has a
 * subject of its own.
 */
/** Whether a reply opens with "not anymore" (what follows is what the person does in its place). */
export const saysNoLonger = (reply: string): boolean => NO_LONGER.test(reply);

/** The reply without its "not anymore": the rest is read as the person's own statements. */
export const afterNoLonger = (reply: string): string => reply.replace(NO_LONGER, '');

/** The other speaker's "you" in a question, made the person's own. */
const mine = (form: string): string =>
  form.replace(/\b(your|yours|yourself|you)\b/gi, (w) => MINE[w.toLowerCase()] ?? w);

export function elidedStatement(question: string, reply: string): string | null {
  const asked = lastQuestion(question);
  if (!asked || /\b(?:want|like|need) me to\b/i.test(asked)) return null;
  const form = POLAR.map(([pattern, make]) => {
    const m = pattern.exec(asked);
    return m ? make(m) : null;
  }).find((s) => s !== null);
  if (!form) return null;
  // "Still on the coffee?" "Not anymore, I switched to green tea.": the question's statement undone; what
  // the person says in its place is read as their own statement.
  if (saysNoLonger(reply) && /^I(?:'m)? still /.test(form))
    return `${mine(form)
      .replace(/^I'm still (.+)$/, "I'm not $1 anymore")
      .replace(/^I still (.+)$/, "I don't $1 anymore")}.`;
  const said = fragmentOf(reply);
  if (!said) return null;
  return `${mine(form)}, ${lowerFirst(said.fragment)}.`;
}

/**
 * "And the metformin?" "Twice a day, but I keep forgetting the evening one." → the topic ("my metformin")
 * and the answer, as the person said it. Null when the question asks after no thing of the person's, asks
 * how they are, or the reply says no, reacts, or has a subject of its own in its first sentence.
 */
export function topicAnswer(
  question: string,
  reply: string,
): { topic: string; answer: string; whole: boolean } | null {
  const asked = lastQuestion(question);
  if (!asked) return null;
  const topic = TOPIC.map((pattern) => pattern.exec(asked)?.[1]).find((t) => t !== undefined);
  if (!topic || PASSING_TOPICS.test(topic.trim())) return null;
  const said = fragmentOf(reply);
  if (!said) return null;
  // A short reply is the answer whole; a longer one keeps its own statements for the rules to read.
  const whole = said.rest.length <= 2 && reply.split(/\s+/).length <= 25;
  const answer = [said.fragment, ...(whole ? said.rest : [])]
    // "…, before you ask": a clause said to the other speaker is no part of the fact.
    .map((s) =>
      s
        .split(/,\s+/)
        .filter((clause) => !/\b(?:you|your)\b/i.test(clause))
        .join(', ')
        .replace(/[.!]+$/, ''),
    )
    .filter((s) => s.length > 0)
    .map(lowerFirst)
    .join('; ');
  if (!answer) return null;
  return {
    topic: topic.replace(/^your\b/i, 'my').replace(/^the\b/i, 'the'),
    answer,
    whole,
  };
}

const MINE: Record<string, string> = { your: 'my', yours: 'mine', yourself: 'myself', you: 'me' };

/** "Round the park…" → "round the park…"; "I", names and places keep their capital. */
function lowerFirst(text: string): string {
  const first = termsOf(parse(text))[0];
  const keeps =
    !first ||
    first.normal === 'i' ||
    first.normal.startsWith("i'") ||
    first.tags.some((t) =>
      ['ProperNoun', 'Place', 'Person', 'Acronym', 'Month', 'WeekDay'].includes(t),
    );
  return keeps ? text : text.charAt(0).toLowerCase() + text.slice(1);
}
