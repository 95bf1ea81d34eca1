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
 * polar question about the person states what was asked (issue 11: the turns where the conversation holds a
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
  const statement = `${form.replace(/\b(your|yours|yourself|you)\b/gi, (w) => POSSESSIVES[w.toLowerCase()])}.`;
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
