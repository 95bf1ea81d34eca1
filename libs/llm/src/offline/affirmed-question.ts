import { parse } from './nlp';
import { tokenDice } from './text-tools';

/** A reply that says yes to what was asked, before anything else. */
const AFFIRMATION = /^(?:yes|yeah|yep|yup|sure|definitely|absolutely|of course|indeed)\b/i;
/** Questions that offer, ask for something, or ask what: a yes to them states nothing about the person. */
const NOT_ABOUT_THEM =
  /^(?:what|where|when|why|how|who|which|shall|should|can|could|would|may|might)\b|\b(?:want|like|need) me to\b|^(?:do|did|would) you (?:want|like|need|mind)\b/i;

/** The polar question and the statement a yes makes of it, the other speaker's "you" made the person's "I". */
const FORMS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^(?:and |so )?still (.+)$/i, (m) => `I'm still ${m[1]}`],
  [/^are you (.+)$/i, (m) => `I'm ${m[1]}`],
  [/^were you (.+)$/i, (m) => `I was ${m[1]}`],
  [/^have you (.+)$/i, (m) => `I have ${m[1]}`],
  [/^do you (.+)$/i, (m) => `I ${m[1]}`],
  [/^will you (.+)$/i, (m) => `I will ${m[1]}`],
  [/^is your (\w+) (.+)$/i, (m) => `My ${m[1]} is ${m[2]}`],
];

const POSSESSIVES: Record<string, string> = {
  your: 'my',
  yours: 'mine',
  yourself: 'myself',
  you: 'me',
};

/**
 * "A: Still living in the student dorm?" "U: Yes, I share a room there…": a yes to the other speaker's
 * polar question about the person states what was asked (the turns where the conversation holds a
 * durable fact). The statement, or null when the question is not such a question, the reply is no plain
 * yes, or the reply already says it in the person's own words (same verb, or mostly the same words).
 */
export function affirmedStatement(question: string, reply: string): string | null {
  if (!AFFIRMATION.test(reply.trim())) return null;
  const asked = lastQuestion(question);
  if (asked === null || NOT_ABOUT_THEM.test(asked)) return null;
  const form = FORMS.map(([pattern, make]) => {
    const m = pattern.exec(asked);
    return m ? make(m) : null;
  }).find((s) => s !== null);
  if (!form) return null;
  // "Do you have any pets?" "Yes, two dogs": the "any" of the question is no part of the answer.
  const statement = `${form
    .replace(/\b(your|yours|yourself|you)\b/gi, (w) => POSSESSIVES[w.toLowerCase()] ?? w)
    .replace(/\bany /i, '')}.`;
  return restates(reply, statement) ? null : statement;
}

function lastQuestion(text: string): string | null {
  const sentences = parse(text).sentences().out('array') as string[];
  const last = sentences.at(-1)?.trim() ?? '';
  return last.endsWith('?') ? last.slice(0, -1).trim() : null;
}

const BARE = new Set(['be', 'have', 'do', 'will']);
const mainVerbs = (text: string): Set<string> =>
  new Set(
    (parse(text).verbs().json() as Array<{ verb?: { infinitive?: string } }>)
      .map((v) => v.verb?.infinitive?.toLowerCase() ?? '')
      .filter((v) => v.length > 0 && !BARE.has(v)),
  );

function restates(reply: string, statement: string): boolean {
  const said = mainVerbs(reply);
  return [...mainVerbs(statement)].some((v) => said.has(v)) || tokenDice(reply, statement) >= 0.5;
}

const hasVerb = (text: string): boolean => parse(text).has('#Verb');

/** "Manchester", "Bella and Max": a piece of an answer that opens with a name keeps its capital. */
const isName = (piece: string): boolean =>
  parse(piece).terms().first().has('(#ProperNoun|#Place|#Person|#Acronym)');

/** Questions about who the person is that a bare answer completes: the statement the answer makes. */
const ANSWERED: ReadonlyArray<[RegExp, (answer: string, asked: RegExpExecArray) => string]> = [
  [
    /^what do you do(?: for (?:work|a living))?$|^what(?:'s| is) your (?:job|work)$/i,
    (a) =>
      `I work as ${/^(?:a|an|the|my)\b/i.test(a) ? '' : /^[aeiou]/i.test(a) ? 'an ' : 'a '}${a}`,
  ],
  [
    /^where (?:do you live|are you (?:based|living)(?: now| these days)?)$/i,
    (a) => `I live ${/^(?:in|near|just|outside|on|at|by|close)\b/i.test(a) ? '' : 'in '}${a}`,
  ],
  [/^where are you from$/i, (a) => `I am from ${a.replace(/^from /i, '')}`],
  [/^how old are you$/i, (a) => `I am ${a.replace(/ (?:years old|yrs|y\/o)$/i, '')} years old`],
  [/^do you have (?:any )?(.+)$/i, (a) => `I have ${a}`],
  [
    /^what (?:matters|is important|is most important|do you value)(?: most)?(?: to you)?(?: most)?$/i,
    (a) => `I value ${a}`,
  ],
  [/^what(?:'s| is) your favou?rite (\w+)$/i, (a, m) => `My favourite ${m[1]} is ${a}`],
];
/** "What's your main goal?" "To run a marathon.": an aim answered with its verb. */
const GOAL_QUESTION =
  /^what(?:'s| is| are) your (?:biggest |main |big |top )?(?:goal|goals|dream|aim|plan|plans)(?: [\w ]+)?$/i;

/**
 * "What do you do?" "Teacher. Primary school." → "I work as a teacher, primary school": a bare answer (no
 * verb of its own) to a question about who the person is makes the statement the question asks for.
 */
export function answeredStatement(question: string, reply: string): string | null {
  // "And outside work, what matters to you?": the question is what follows the lead-in.
  const asked = lastQuestion(question)?.replace(
    /^(?:and|so|ok|okay|now|well)\b[^,]*,\s*(?=(?:what|where|how|do)\b)/i,
    '',
  );
  if (!asked) return null;
  const answer = reply
    .trim()
    .replace(/^(?:yes|yeah|yep|yup|sure|well|um|uh|oh|so)\b[\s,.!-]*/i, '')
    .split(/[.!]+\s+/)
    // The answer is the words before the first sentence of the reply's own ("… first and foremost. I have two boys").
    .filter((piece, i, pieces) => i === 0 || pieces.slice(1, i + 1).every((p) => !hasVerb(p)))
    .map((piece, i) =>
      i === 0 || isName(piece) ? piece : piece.charAt(0).toLowerCase() + piece.slice(1),
    )
    .join(', ')
    .replace(/[.!]+$/, '')
    .trim();
  if (!answer || answer.split(/\s+/).length > 12) return null;
  if (GOAL_QUESTION.test(asked) && /^to \w+/i.test(answer))
    return `My goal is ${answer.replace(/^T/, 't')}.`;
  if (hasVerb(answer) || /^(?:I|I'm|I've|we|it|not|no|nope)\b/i.test(answer)) return null;
  for (const [pattern, make] of ANSWERED) {
    const m = pattern.exec(asked);
    if (m)
      return `${make(isName(answer) ? answer : answer.replace(/^./, (c) => c.toLowerCase()), m)}.`;
  }
  return null;
}
