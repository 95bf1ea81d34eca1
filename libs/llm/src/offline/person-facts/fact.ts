/**
 * One statement made into an extracted fact (judged, dated, typed, given its subject, in the third
 * person), and the list that keeps one fact per statement.
 */

import { isoDay, type SourceTurn } from '../../extraction/source-turn';
import type { ExtractedFact } from '../../extraction/extracted-fact';
import { parse, termsOf } from '../nlp';
import {
  factTypeOfStatement,
  noteOfStatement,
  type DeveloperStatement,
} from '../developer-statements';
import { resolveDates } from '../resolve-dates';
import { tokenDice } from '../text-tools';
import { toThirdPerson } from '../third-person';
import { judgeSentence } from './judge-sentence';
import { classifyStatement, tenseOf } from './fact-type';
import { subjectOf } from './subject';
import { meaningWords } from '../meaning-words';

/** Words a note may have that say nothing of what it is about. */
const EMPTY_WORDS = new Set(
  'go come do make take thing stuff lot bit way one time day week now still again back there'.split(
    ' ',
  ),
);

/**
 * Too thin to keep: fewer than two words that say what it is about, or two that lean on "it" or "them"
 * for the rest ("Their cousin wants it.", "Is not going.", "Stopped; no point now."): what a friend keeps
 * names what it is about (docs/memory-facts.md).
 */
export function tooThin(content: string): boolean {
  // "Is vegan.", "Retired.": a state or a change of life in one word is a whole fact.
  if (
    /^(?:is|has been|became|went|got|retired|graduated)(?: (?:now|still|fully))?(?: [a-z-]+)?[.!]?$/i.test(
      content,
    )
  )
    return false;
  const words = meaningWords(content).filter((w) => !EMPTY_WORDS.has(w.lemma));
  // A name says what it is about on its own: "Is going with Edinburgh."
  const named = /\s[A-Z][a-z]/.test(content);
  // "Got the job.", "Got engaged.": "get" is a stop word to meaning words, but here it is what happened.
  const got = /^(?:got|gets|has got|getting)\b/i.test(content) ? 1 : 0;
  if (words.length + got < (named ? 1 : 2)) return true;
  return !named && words.length < 3 && /\b(?:it|them|one|that|this)\b[.!]?$/i.test(content);
}
import { withoutOpeners } from './clauses';
import { statementOf } from './wording';

/** Two statements whose content tokens overlap this much are one fact said twice. */
const SAME_FACT_DICE = 0.8;

/**
 * The fact an answer to "And the metformin?" makes: "Metformin: twice a day; they keep forgetting the
 * evening one." — the thing asked after, then the answer in the person's third person, dated and typed
 * by what the answer says.
 */
export function factOfTopic(
  asked: { topic: string; answer: string },
  turn: SourceTurn,
): ExtractedFact | null {
  const doc = parse(asked.answer);
  const tense = tenseOf(doc);
  const resolved = resolveDates(doc, turn.occurredAt, tense === 'past');
  const { factType, explicit } = classifyStatement(parse(`I ${asked.answer}`), {
    dated: resolved.day !== undefined,
    tense,
  });
  const topic = asked.topic.replace(/^the\s+/i, '');
  const answer = toThirdPerson(`, ${resolved.text}`, { past: tense === 'past' }).slice(2);
  let content = `${toThirdPerson(topic)}: ${answer}`.replace(/\s+([.,!?;])/g, '$1');
  if (!/[.!?]$/.test(content)) content += '.';
  const said = turn.occurredAt ? isoDay(turn.occurredAt) : undefined;
  const occurredOn = factType === 'event' ? (resolved.day ?? said) : resolved.day;
  return {
    factType,
    content,
    confidence: explicit || resolved.day ? 'high' : 'medium',
    sourceTurns: [turn.seq],
    ...(occurredOn ? { occurredOn } : {}),
  };
}

/** One fact per statement even when it is said twice: the turns of both are kept. */
export function addFact(facts: ExtractedFact[], fact: ExtractedFact): void {
  const same = facts.find(
    (f) => f.factType === fact.factType && tokenDice(f.content, fact.content) >= SAME_FACT_DICE,
  );
  if (same)
    same.sourceTurns = [...new Set([...(same.sourceTurns ?? []), ...(fact.sourceTurns ?? [])])];
  else facts.push(fact);
}

/** A developer's decision, convention or preference as a fact: said outright, so held with high confidence. */
export function developerFact(statement: DeveloperStatement, turn: SourceTurn): ExtractedFact {
  return {
    factType: factTypeOfStatement(statement),
    content: noteOfStatement(statement, (text) => toThirdPerson(text)),
    confidence: 'high',
    sourceTurns: [turn.seq],
  };
}

export function factOf(raw: string, turn: SourceTurn): ExtractedFact | null {
  const text = statementOf(withoutOpeners(raw));
  if (!text) return null;
  const doc = parse(text);
  if (!judgeSentence(doc, termsOf(doc)).keep) return null;
  const tense = tenseOf(doc);
  const resolved = resolveDates(doc, turn.occurredAt, tense === 'past');
  const { factType, explicit } = classifyStatement(doc, {
    dated: resolved.day !== undefined,
    tense,
  });
  const said = turn.occurredAt ? isoDay(turn.occurredAt) : undefined;
  // A like sets nothing single-valued that a newer statement would replace; a relationship only where
  // the person lives or works ("I live in London with my wife").
  const found = factType === 'preference' ? undefined : subjectOf(doc, factType);
  const subject =
    factType === 'relationship' && found && !/^(?:home|job|partner)\b/.test(found)
      ? undefined
      : found;
  let content = toThirdPerson(resolved.text, { past: tense === 'past' })
    .replace(/[!]+$/, '.')
    .replace(/\s+([.,!?;])/g, '$1');
  if (!/[.!?]$/.test(content)) content += '.';
  if (tooThin(content)) return null;
  // Every event dated: with no time said, the day it was told is the best bound there is. The date
  // lives in occurredOn; the text names a time only when the person did.
  const occurredOn = factType === 'event' ? (resolved.day ?? said) : resolved.day;
  return {
    factType,
    content,
    confidence: explicit || resolved.day ? 'high' : 'medium',
    sourceTurns: [turn.seq],
    ...(occurredOn ? { occurredOn } : {}),
    ...(subject ? { subject } : {}),
  };
}
