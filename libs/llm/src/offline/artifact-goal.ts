import { sentencesOf } from './nlp';
import { toThirdPerson } from './third-person';
import { lowerFirstWord } from './person-facts/wording';
import { clip, contentWords, termFrequencies } from './text-tools';

/**
 * The main goal of one written artifact (a CV, a journal page, a bucket list), offline (docs/profile.md):
 * a document is not a conversation, so its aim is read from its lines as written. A line (or a sentence of
 * a paragraph) is weighed by the words that say "this is what I am after", by a label or heading that
 * names an aim ("CAREER OBJECTIVE", "Next:"), by a time it is set for, and by how much of the rest of the
 * document is about its topic. Other people's aims, what is already done, quoted advice and maybes weigh
 * against it.
 */

/** A heading or label that names an aim: "CAREER OBJECTIVE", "Next:", "Deadline for the workshop:". */
const AIM_LABEL =
  /\b(?:goals?|objectives?|aims?|targets?|ambitions?|dreams?|priorit(?:y|ies)|next|plans?|bucket list|the one|to[- ]do|deadline|wish(?:es)?|resolutions?|intentions?|focus)\b/i;
/** Words a person uses for what they are after. */
const AIM_WORDS =
  /\b(?:want(?:s|ed)? (?:[\w'’()]+ ){0,6}to|wanna|gonna|going to|hope to|hoping to|plan(?:ning)? to|intend(?:ing)? to|mean to|aim(?:ing)? to|determined to|committed to|will|i'll|i'd love to|would love to|dream(?:ing)? of|trying to|working (?:towards?|on)|need to|have to|set (?:myself|a goal)|this is the one|that'?s the dream|the dream|my (?:goal|aim|plan|target|dream|ambition) (?:is|for)|(?:main|big) goal|this is what i'?m (?:doing|going to do))\b/i;
/** A time the aim is set for: "by March", "before I turn 40", "within two years", "next September". */
const SET_FOR =
  /\b(?:by (?:the end|end|next|[A-Z][a-z]+|\d)|in (?:january|february|march|april|may|june|july|august|september|october|november|december)|before (?:i|the|my|\d)|within (?:the next )?\w+ (?:years?|months?|weeks?)|next (?:year|month|spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december)|this (?:year|summer|spring|autumn|winter)|deadline|in \d{4}|\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\b/i;
/** Someone else's aim or words: "my sister wants", "Dad said", "Priti … keeps saying", "not mine". */
const OTHERS =
  /^(?:(?:my |our |his |her )?(?:mum|mom|dad|father|mother|sister|sis|brother|bro|boss|wife|husband|partner|friend|son|daughter|kids?|tutor|teacher|doctor|coach|manager|colleague|parents?|grandma|grandpa|aunt|uncle|cousin)\b|(?:(?:mr|mrs|ms|dr|miss)\.? )?(?!(?:i|we|i'd|i'll)\b)[A-Z]?[a-z]+ (?:\([^)]*\) |in \w+ |from the \w+ )?(?:says?|said|keeps? (?:saying|asking|telling)|wants?|thinks?|told|reckons)\b|not mine\b|(?:he|she|they)(?:'s| is| was| wants| said| says| keeps)\b)/;
/** Done already, or only wished in passing: not the aim the document sets. */
const DONE =
  /\b(?:already (?:did|done|have|got|made|booked)|achieved|accomplished|done,|tick(?:ed)?\b|used to|was my (?:goal|dream)|stopped|gave up|finished in|completed in)\b/i;
/** Steps taken towards an aim: "I've applied to volunteer", "signed up for the October race". */
const COMMITTED =
  /\b(?:applied (?:to|for)|signed up|enrolled|registered for|put my name down|started (?:training|saving|looking))\b/i;
const MAYBE = /\b(?:maybe|might|someday|some day|if i ever|not (?:a )?priority|one day)\b/i;
/** Below this a line is not read as an aim at all: a word like "will" alone does not make one. */
const MIN_AIM_WEIGHT = 3;
/** "ok so", "ngl", "honestly": how a line opens in talk, not part of the aim it states. */
const OPENERS =
  /^(?:(?:ok(?:ay)?|so|ngl|honestly|basically|lowkey|tbh|anyway|well|and|but)\b[,:]?\s*)+/i;
const QUOTED = /['"‘“][^'"’”]{6,}['"’”]/;

/** "This is the big one.", "thats the dream": a line that points back at the aim before it. */
const ENDORSES =
  /\b(?:(?:this|that|it)(?:'s|s| is| was)? (?:(?:the|my) (?:big |main |real |only )?(?:one|dream|goal|priority)|what i (?:really )?want)|this one)\b/i;

/** Someone else's aim or words, or a line the writer disowns ("not mine"). */
export const isSomeoneElses = (text: string): boolean => OTHERS.test(text.trim());

/** One line of the document, or one sentence of a paragraph, with the heading or label it sits under. */
interface Unit {
  text: string;
  label: string;
  /** The line it was written on: a bullet's sentences endorse each other. */
  line: number;
  /** Weight a following line gave it ("This is the big one."). */
  endorsed: number;
}

/** "Objective for the coming year.", "So this is what I'm doing now:": a lead-in to the next sentence. */
const isLeadIn = (sentence: string): boolean =>
  /:\s*$/.test(sentence) ||
  (sentence.split(/\s+/).length <= 6 &&
    AIM_LABEL.test(sentence) &&
    !/\b(?:i|i'm|my)\b/i.test(sentence));

/** Lines as written (bullets and list numbers dropped); a paragraph's sentences each on their own. */
function unitsOf(text: string): Unit[] {
  const units: Unit[] = [];
  let heading = '';
  // a "Plan:" heading covers the lines indented under it; a capitals heading, all lines to the next one
  let headingIndent = -1;
  for (const [lineNo, raw] of text.split(/\n+/).entries()) {
    const line = raw.replace(/^\s*(?:[-*•·>]+|\d+[.)])\s*/, '').trim();
    if (!line) continue;
    const indent = raw.search(/\S/);
    if (headingIndent >= 0 && indent <= headingIndent) heading = '';
    const capitals = line.length <= 60 && line === line.toUpperCase() && /[A-Z]{3}/.test(line);
    if (capitals || (line.length <= 60 && /:$/.test(line))) {
      heading = line.replace(/:$/, '');
      headingIndent = capitals ? -1 : indent;
      continue;
    }
    const labelled = /^([^:.!?]{2,40}):\s+(.+)$/.exec(line);
    const label = labelled ? `${heading} ${labelled[1]}` : heading;
    const body = labelled?.[2] ?? line;
    const sentences = sentencesOf(body);
    let leadIn = '';
    for (const sentence of sentences.map((s) => s.trim())) {
      const previous = units.at(-1);
      if (ENDORSES.test(sentence) && sentence.split(/\s+/).length <= 8 && previous) {
        // "Cabin on Dad's plot. Timber frame, my own hands. This is the one.": a short bullet is meant
        // whole; in a paragraph, one of the few sentences just before it, which its own words then pick
        const sameLine = units.filter((unit) => unit.line === lineNo);
        const bullet = sameLine.length > 0 && sameLine.length <= 3;
        for (const unit of bullet ? sameLine : units.slice(-3)) unit.endorsed += bullet ? 4 : 3;
        continue;
      }
      if (isLeadIn(sentence) && sentences.length > 1) {
        leadIn = sentence.replace(/[.:]\s*$/, '');
        continue;
      }
      units.push({
        text: sentence,
        label: leadIn ? `${label} ${leadIn}` : label,
        line: lineNo,
        endorsed: 0,
      });
      leadIn = '';
    }
  }
  return units;
}

function weigh(unit: Unit, mentions: ReadonlyMap<string, number>, title: string): number {
  const { label } = unit;
  // "not gonna lie", "no lie": a way of talking, not an aim
  const text = unit.text.replace(/\b(?:not gonna lie|not going to lie|no lie|ngl)\b/gi, '');
  if (isSomeoneElses(text) || /\bnot mine\b/i.test(label)) return -Infinity;
  const words = [...new Set(contentWords(text))];
  if (words.length === 0) return -Infinity;
  // what says this line is an aim: without any of it, no line is one, however central its topic
  let weight = unit.endorsed;
  if (AIM_LABEL.test(label)) weight += 3;
  if (AIM_WORDS.test(text)) weight += 2;
  if (/\b(?:goal|objective|dream|ambition|the one|priority|aim|target)\b/i.test(text)) weight += 2;
  if (SET_FOR.test(text)) weight += 1.5;
  if (COMMITTED.test(text)) weight += 1.5;
  if (/^to [a-z]+/i.test(text)) weight += 1; // "To secure a COO appointment …"
  if (weight === 0) return -Infinity;
  if (DONE.test(text)) weight -= 4;
  if (MAYBE.test(text) || MAYBE.test(label)) weight -= 2;
  if (QUOTED.test(text)) weight -= 2;
  if (text.endsWith('?')) weight -= 1;
  // what the document keeps coming back to, and what its title names
  const titled = new Set(contentWords(title));
  const recurring = words.reduce((sum, w) => sum + Math.min(3, (mentions.get(w) ?? 1) - 1), 0);
  weight += Math.min(3, recurring / Math.sqrt(words.length));
  weight += Math.min(2, words.filter((w) => titled.has(w)).length);
  return weight;
}

/** The document's lines that read as an aim, the weightiest first. */
export function aimsOf(title: string, text: string): Array<Unit & { weight: number }> {
  const mentions = termFrequencies([text]);
  return unitsOf(text)
    .map((unit) => ({ ...unit, weight: weigh(unit, mentions, title) }))
    .filter((unit) => unit.weight > MIN_AIM_WEIGHT)
    .sort((a, b) => b.weight - a.weight);
}

/** The document's main goal as one line in the third person, or none when no line reads as an aim. */
export function artifactGoal(title: string, text: string): string | undefined {
  const [best] = aimsOf(title, text);
  if (!best) return undefined;
  const label = best.label.trim();
  const line = toThirdPerson(best.text.replace(OPENERS, '')).replace(/\s+/g, ' ');
  // a label that says more than "goal" is part of what the line means: "Deadline for the workshop: open before 40"
  const said =
    label && !/^(?:goals?|objectives?|aims?|next|plans?|the one)$/i.test(label) && line.length < 60
      ? `${sentenceCase(label)}: ${lowerFirstWord(line)}`
      : line;
  return clip(said.replace(/[.!]*$/, '.'), 160);
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
