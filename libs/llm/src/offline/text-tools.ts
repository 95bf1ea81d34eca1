/** Words that say nothing about a person's themes; kept short and plain on purpose. */
const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
  can could did do does doing done down during each even ever every few for from further get gets getting go goes going gone got
  had has have having he her here hers him his how i if in into is it its itself just know let like lot lots made make makes many
  may me might more most much must my myself need never no nor not now of off often on once one only or other our out over own
  per quite rather really said same say says see she should since so some something still such sure take than that the their
  them then there these they thing things think this those though through to too under until up upon us use used very want
  wanted wants was way we well were what when where which while who whom why will with would yeah yes yet you your yours
  assistant user coach human okay ok maybe actually kind sort feel felt tell told right also back around time times`
    .split(/\s+/)
    .filter(Boolean),
);

export const SPEAKER =
  /^\s*(?:\*\*)?(user|human|me|client|assistant|coach|ai|claude)(?:\*\*)?\s*:\s*(?:\*\*)?\s*/i;
const USER_SPEAKERS = new Set(['user', 'human', 'me', 'client']);

export interface Sentence {
  text: string;
  index: number;
}

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Splits on sentence ends and line breaks; keeps the speaker label on the first sentence of a turn. */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  for (const line of text.split(/\n+/)) {
    for (const part of line.split(/(?<=[.!?])\s+(?=["'([]?[A-Z0-9*])/)) {
      const sentence = collapse(part);
      if (sentence) out.push({ text: sentence, index: out.length });
    }
  }
  return out;
}

/**
 * The person's own words: when the text marks speakers, only user turns (an assistant's "I want to
 * help" is not a fact about the person); unmarked text is taken whole.
 */
export function userText(transcript: string): string {
  const lines = transcript.split(/\n/);
  if (!lines.some((line) => SPEAKER.test(line))) return transcript;
  const kept: string[] = [];
  let speakerIsUser = false;
  for (const line of lines) {
    const match = SPEAKER.exec(line);
    if (match) speakerIsUser = USER_SPEAKERS.has((match[1] ?? '').toLowerCase());
    if (speakerIsUser) kept.push(match ? line.slice(match[0].length) : line);
  }
  return kept.join('\n');
}

export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z'-]{2,}/g) ?? [])
    .map((w) => w.replace(/'s$/, ''))
    .filter((w) => !STOPWORDS.has(w));
}

export function termFrequencies(texts: readonly string[]): Map<string, number> {
  const tf = new Map<string, number>();
  for (const text of texts)
    for (const word of contentWords(text)) tf.set(word, (tf.get(word) ?? 0) + 1);
  return tf;
}

/** Cuts at a word boundary and marks the cut. */
export function clip(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= 1) return '…'.slice(0, maxChars);
  const cut = text.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxChars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// "Caroline: …", "**User:** …" at the start of a line: who spoke, not what was said.
const NAMED_SPEAKER =
  /^\s*(?:\*\*)?[A-Z][\p{L}'’.-]{0,24}(?: [A-Z][\p{L}'’.-]{0,24})?(?:\*\*)?\s*:\s*(?:\*\*)?\s*/gmu;
// "[image: a dog on a beach]", "(photo: …)", "[shares a photo of …]", "*sends a picture of …*": a caption, not the person's words.
const CAPTION =
  /[[(*](?:image|photo|picture|img|caption|shares?|sends?|sent|shared)\b[^\])*\n]*[\])*]/giu;

/** A turn's words without speaker labels or image captions, whitespace collapsed, texting spelled out. */
export function cleanTurnText(text: string): string {
  return spelledOut(
    text
      .replace(CAPTION, ' ')
      .replace(NAMED_SPEAKER, '')
      .replace(SPEAKER, '')
      .replace(/[ \t]+/g, ' ')
      .trim(),
  );
}

/** How people text, in the words the rules read: "im", "i", "wanna", "dont", "3x a week". */
const TEXTING: ReadonlyArray<[RegExp, string | ((match: string) => string)]> = [
  [/\b(?:lol|lmao|haha+|hehe|omg|tbh|ngl|xd)\b[.!]*/gi, ''],
  // "…is off btw.": an aside that ends a sentence leaves its full stop.
  [/\s*\b(?:btw|fyi)\b/gi, ''],
  [/\bi\b/g, 'I'],
  [/\bim\b/gi, "I'm"],
  [/\bive\b/gi, "I've"],
  [/\bi'm\b/g, "I'm"],
  [/\bi've\b/g, "I've"],
  [/\bi'd\b/g, "I'd"],
  [/\bi'll\b/g, "I'll"],
  [/\b(do|does|did|is|was|are|were|have|has|ca|wo|would|could|should)nt\b/gi, "$1n't"],
  [/\bcan't\b|\bcant\b/gi, "can't"],
  [/\bthats\b/gi, "that's"],
  [/\bwanna\b/gi, 'want to'],
  [/\bgonna\b/gi, 'going to'],
  [/\bgotta\b/gi, 'have to'],
  [/\bcuz\b|\bcos\b/gi, 'because'],
  [/\bu\b/g, 'you'],
  [/\bur\b/g, 'your'],
  [/\bthx\b|\bty\b/gi, 'thanks'],
  [/\b(\d+)x (a|per) (day|week|month)\b/gi, '$1 times a $3'],
  [/\b(?:tho|tbf|fr)\b/gi, ''],
  [/\bb4\b/gi, 'before'],
  [/\bw\/(?=\s)/gi, 'with'],
  [/\btmrw?\b|\btmw\b/gi, 'tomorrow'],
  [/\b(\d+) ?yrs?\b/gi, '$1 years'],
  [/\b(\d+) ?mins?\b/gi, '$1 minutes'],
  [/\b(\d+) ?hrs?\b/gi, '$1 hours'],
  [/\b(\d+) ?wks?\b/gi, '$1 weeks'],
  [/\byrs\b/gi, 'years'],
  [/\bwks\b/gi, 'weeks'],
  [/\bw (?=[a-z]+\b)/g, 'with '],
  [/\btil\b/gi, 'until'],
  [/\bprob\b/gi, 'probably'],
  [/\babt\b/gi, 'about'],
  [/\bgf\b/gi, 'girlfriend'],
  [/\bbf\b/gi, 'boyfriend'],
  [/\bbc\b/gi, 'because'],
  [/\bppl\b/gi, 'people'],
  [/\bidk\b/gi, "I don't know"],
  [/\brn\b/gi, 'right now'],
  // A weekday said short: "fri", "tues"; "sat" and "sun" only where they cannot be a verb or a noun.
  [
    /\b(mon|tues?|weds?|thu(?:rs?)?|fri)\b(?!\.\w)/gi,
    (d: string) => WEEKDAYS[d.toLowerCase().slice(0, 3)] ?? d,
  ],
  [
    /\b(?:sat|sun)(?= (?:morning|night|evening|afternoon)\b|[.!]?$)/gim,
    (d: string) => WEEKDAYS[d.toLowerCase()] ?? d,
  ],
];

const WEEKDAYS: Record<string, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

function spelledOut(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXTING)
    out =
      typeof replacement === 'string'
        ? out.replace(pattern, replacement)
        : out.replace(pattern, replacement);
  // A lowercase start is still a sentence start; sentences run on after a comma are split by the caller.
  return out
    .replace(/[ \t]+/g, ' ')
    .replace(/(^|[.!?]\s+)([a-z])/g, (_, lead: string, first: string) => lead + first.toUpperCase())
    .trim();
}

/** Dice coefficient of two texts' content-word sets, in [0, 1]. */
export function tokenDice(a: string, b: string): number {
  const left = new Set(contentWords(a));
  const right = new Set(contentWords(b));
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return (2 * shared) / (left.size + right.size);
}

/**
 * A transcript written as `User: …` / `Assistant: …` blocks back into turns (seq from 1, no dates);
 * text with no speaker labels is one turn of the person's.
 */
export function turnsFromTranscript(
  transcript: string,
): Array<{ seq: number; role: 'user' | 'assistant'; text: string }> {
  const turns: Array<{ seq: number; role: 'user' | 'assistant'; text: string }> = [];
  for (const line of transcript.split(/\n/)) {
    const match = SPEAKER.exec(line);
    const previous = turns.at(-1);
    if (match) {
      turns.push({
        seq: turns.length + 1,
        role: USER_SPEAKERS.has((match[1] ?? '').toLowerCase()) ? 'user' : 'assistant',
        text: line.slice(match[0].length),
      });
    } else if (previous) {
      previous.text += `\n${line}`;
    } else if (line.trim()) {
      turns.push({ seq: 1, role: 'user', text: line });
    }
  }
  return turns.filter((t) => t.text.trim().length > 0);
}
