import type { ExtractedFact } from '../extraction/extracted-fact';
import {
  isFactsSource,
  parseArtifactSource,
  parseFactsSource,
  type FactLine,
} from './artifact-source';
import { extractPersonFacts } from './person-facts';
import { artifactGoal, isSomeoneElses } from './artifact-goal';
import { nounPhrasesOf, recurringTopics } from './profile-topics';
import { opposedOn, stancesOf } from './stance';
import { toThirdPerson } from './third-person';
import { clip, contentWords, splitSentences, termFrequencies, userText } from './text-tools';

export const PROFILE_MAX_CHARS = 1_200;
/** Below this the profile takes further facts, where the sources hold them. */
const PROFILE_MIN_CHARS = 600;
const CONTRAST =
  /\b(?:but|however|although|though|yet|torn between|on the other hand|struggle|conflicted|at the same time)\b/i;
const KEY_FACT_TYPES = new Set(['decision', 'relationship', 'event', 'fact']);
/** How a person names the aim a text is about: "my main goal", "what I really want", "the dream". */
const MAIN_AIM =
  /\b(?:(?:main|biggest|big|real|top|number one|ultimate|one|only) (?:goal|aim|dream|wish|priority)|goal is|dream is|aim is|priority is|really want|most want|determined|committed|this year|by (?:the end|next))\b/i;

const sentence = (fact: { content: string }): string => clip(fact.content, 160);
const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Opposite statements on one topic in two different texts: "X — yet: Y". */
function opposites(texts: readonly string[]): string[] {
  const stances = texts.map(stancesOf);
  const out: string[] = [];
  stances.forEach((earlier, i) => {
    for (const later of stances.slice(i + 1)) {
      for (const a of earlier) {
        const b = later.find((candidate) => opposedOn(a, candidate));
        if (b) {
          out.push(`${clip(a.sentence, 75)} — yet: ${clip(b.sentence, 75)}`);
          break;
        }
      }
    }
  });
  return out;
}

/** An artifact as the profile reads it: its title, the person's words, and the facts they state. */
interface ReadArtifact {
  title: string;
  text: string;
  facts: ExtractedFact[];
}

function readArtifact(source: string, index: number): ReadArtifact {
  const artifact = parseArtifactSource(source, index);
  const text = userText(artifact.content);
  const facts = extractPersonFacts([
    { seq: 0, role: 'user', text, ...(artifact.savedAt ? { occurredAt: artifact.savedAt } : {}) },
  ]);
  // a text with no header is titled "Source N", which names nothing to the reader
  const title = /^Source \d+$/.test(artifact.title) ? '' : artifact.title.trim();
  return { title, text, facts };
}

/**
 * The aim an artifact is about: among the goals it states, the one it names as its main aim, else the
 * one whose words the artifact keeps coming back to (a plan told over several paragraphs); with no goal
 * stated, the decision that sets one.
 */
function mainGoalOf(artifact: ReadArtifact): ExtractedFact | undefined {
  const mentions = termFrequencies([artifact.text]);
  const weight = (fact: ExtractedFact) => {
    const words = [...new Set(contentWords(fact.content))];
    const recurring = words.reduce((sum, w) => sum + Math.min(4, (mentions.get(w) ?? 1) - 1), 0);
    return (
      (MAIN_AIM.test(fact.content) ? 10 : 0) + recurring / Math.max(1, Math.sqrt(words.length))
    );
  };
  const pick = (facts: ExtractedFact[]) =>
    facts.reduce<ExtractedFact | undefined>(
      (best, fact) => (best === undefined || weight(fact) > weight(best) ? fact : best),
      undefined,
    );
  return (
    pick(artifact.facts.filter((f) => f.factType === 'goal')) ??
    pick(artifact.facts.filter((f) => f.factType === 'decision'))
  );
}

/** The topic a goal names: its first noun phrase ("a marathon next spring" → "marathon"). */
const topicOf = (goal: string): string | undefined => nounPhrasesOf(goal)[0]?.text;

/** Fills sections in order within PROFILE_MAX_CHARS; a section with nothing that fits is left out. */
function render(sections: ReadonlyArray<[string, string[]]>): string {
  const lines: string[] = [];
  let length = 0;
  for (const [heading, items] of sections) {
    const fitting: string[] = [];
    for (const item of items) {
      const added = (fitting.length === 0 ? heading.length + 6 : 0) + item.length + 3;
      if (length + added > PROFILE_MAX_CHARS) break;
      fitting.push(item);
      length += added;
    }
    if (fitting.length) lines.push(`**${heading}:**`, ...fitting.map((item) => `- ${item}`));
  }
  return clip(lines.join('\n'), PROFILE_MAX_CHARS);
}

/**
 * Offline core profile from the artifacts and the stored facts (a `factsSource` among the sources), in
 * the coach's voice about the person (docs/profile.md): the topics that recur across the artifacts and
 * the values stated; each artifact's main goal; key facts, the confirmed and high-confidence stored ones
 * first; tensions, opposite statements across artifacts first, then sentences that hold a contrast; open
 * questions, the person's own, else one that sets two of their goals side by side. Sections fill in
 * order within ~1,200 characters; below 600, further facts the sources state are added.
 */
export function synthesizeProfile(sources: readonly string[]): string {
  const stored = sources.filter(isFactsSource).flatMap(parseFactsSource);
  const artifacts = sources.filter((s) => !isFactsSource(s)).map(readArtifact);
  const own = artifacts.map((a) => a.text);
  const facts = artifacts.flatMap((a) => a.facts);
  const seen = new Set<string>();
  const fresh = (content: string) => !seen.has(key(content)) && Boolean(seen.add(key(content)));

  const goals = artifacts
    .map((artifact) => {
      const fact = mainGoalOf(artifact);
      // the document's own line first: its facts are read as talk, and a CV or a list is not talk
      const content = artifactGoal(artifact.title, artifact.text) ?? fact?.content;
      return content ? { artifact, content } : null;
    })
    .filter((g): g is { artifact: ReadArtifact; content: string } => g !== null)
    .filter(({ content }) => fresh(content));
  const themes = recurringTopics(own, 5);
  const values = facts
    .filter((f) => f.factType === 'value')
    .filter((f) => fresh(f.content))
    .slice(0, 2);
  const strongStored = stored
    .filter((f: FactLine) => f.confidence === 'high' || f.confirmed)
    .sort((a, b) => Number(b.confirmed) - Number(a.confirmed));
  const keyFacts = [
    ...strongStored,
    ...facts.filter((f) => KEY_FACT_TYPES.has(f.factType) && f.confidence !== 'low'),
  ].filter((f) => fresh(f.content));
  // what else they said about themselves, for a profile the key facts leave short
  const further = facts
    .filter((f) => f.factType === 'preference' || f.factType === 'goal' || f.factType === 'value')
    .filter((f) => !seen.has(key(f.content)));

  const sentences = own.flatMap((text) => splitSentences(text).map((s) => s.text));
  const contrasts = sentences.filter(
    (s) => CONTRAST.test(s) && /\b(?:I|my|me)\b/i.test(s) && !s.endsWith('?') && !isSomeoneElses(s),
  );
  const tensions = [...new Set([...opposites(own), ...contrasts])]
    .slice(0, 2)
    .map((t) => clip(toThirdPerson(t), 160));
  const asked = [
    ...new Set(sentences.filter((s) => s.endsWith('?') && /\b(?:I|my)\b/i.test(s))),
  ].slice(0, 2);
  const goalTopics = [...new Set(goals.map(({ content }) => topicOf(content)).filter(Boolean))];
  const [first, second] = goalTopics.length >= 2 ? goalTopics : themes;
  const questions =
    asked.length > 0
      ? asked.map((q) => clip(toThirdPerson(q), 160))
      : first && second
        ? [`How do ${first} and ${second} fit together in their week, and which comes first?`]
        : [];

  const themeLines = [
    ...(themes.length ? [`Keeps coming back to ${listed(themes)}.`] : []),
    ...values.map(sentence),
  ];
  const goalLines = goals.map(({ artifact, content }) =>
    artifact.title
      ? clip(`${content.replace(/\.$/, '')} (${clip(artifact.title, 40)}).`, 180)
      : clip(content, 160),
  );
  const draft = (extra: number) =>
    render([
      ['Themes and values', themeLines],
      ['Goals', goalLines],
      ['Key facts', [...keyFacts, ...further.slice(0, extra)].slice(0, 4 + extra).map(sentence)],
      ['Tensions', tensions],
      ['Open questions', questions],
    ]);
  let profile = draft(0);
  for (let extra = 1; profile.length < PROFILE_MIN_CHARS && extra <= further.length; extra += 1)
    profile = draft(extra);
  return profile;
}

/** "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
