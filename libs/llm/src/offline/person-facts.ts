/**
 * Durable facts about the person from their own turns, offline: the entry that walks a session's turns.
 * The rules live in person-facts/, one file per role (docs/memory-facts.md).
 */

import type { SourceTurn } from '../extraction/source-turn';
import type { ExtractedFact } from '../extraction/extracted-fact';
import { sentencesOf } from './nlp';
import { affirmedStatement, answeredStatement } from './affirmed-question';
import { afterNoLonger, elidedStatement, saysNoLonger, topicAnswer } from './answer-in-context';
import {
  CODING_TALK_SHARE,
  developerStatements,
  isShopTalk,
  isTradeTalk,
  proseOf,
} from './developer-statements';
import { cleanTurnText } from './text-tools';
import { clausesOf } from './person-facts/clauses';
import { withDetail, withKinNamed } from './person-facts/in-context';
import { factOf, factOfTopic, addFact, developerFact } from './person-facts/fact';
import { withReasons } from './person-facts/change-of-mind';

export { judgeSentence } from './person-facts/judge-sentence';
export { classifyStatement } from './person-facts/fact-type';
export { subjectOf } from './person-facts/subject';

export const MAX_PERSON_FACTS = 20;

export interface PersonFactOptions {
  /** Keep at most this many (default 20). */
  max?: number;
  /**
   * A coding session: the developer's decisions, conventions and preferences are read, and the rest of
   * their shop talk is work in progress. Default: when the person's own words mostly talk shop.
   */
  coding?: boolean;
}

/**
 * Offline extraction of durable facts about the person from their own turns: sentences split
 * and tagged by compromise, kept only when they are a self-contained statement about the person, relative
 * times resolved against the turn's date, every event dated, typed by what they say, and one fact per
 * statement even when it is said twice (the turns of both are kept). Deterministic.
 */
export function extractPersonFacts(
  turns: readonly SourceTurn[],
  options: PersonFactOptions = {},
): ExtractedFact[] {
  const facts: ExtractedFact[] = [];
  const coding = options.coding ?? talksShop(turns);
  turns.forEach((turn, i) => {
    if (turn.role !== 'user') return;
    const previous = turns[i - 1];
    // Code, Claude Code's wrappers and pasted output are not what the person said.
    const text = cleanTurnText(proseOf(turn.text));
    // A yes to the other speaker's question about the person states what was asked.
    const yes =
      previous?.role === 'assistant' ? affirmedStatement(cleanTurnText(previous.text), text) : null;
    const answered =
      previous?.role === 'assistant' && yes === null
        ? answeredStatement(cleanTurnText(previous.text), text)
        : null;
    const asked = previous?.role === 'assistant' ? cleanTurnText(previous.text) : undefined;
    const affirmed =
      yes === null
        ? (answered ?? (asked ? elidedStatement(asked, text) : null))
        : withDetail(yes, text);
    // "And the metformin?" "Twice a day, but I keep forgetting the evening one.": the thing asked after
    // and the answer are one fact; the answer's own clauses are part of it.
    const topical = affirmed === null && asked ? topicAnswer(asked, text) : null;
    const topicFact = topical ? factOfTopic(topical, turn) : null;
    if (topicFact) addFact(facts, topicFact);
    const personal: string[] = [];
    // "Not anymore, I switched to green tea": the no is the question's statement undone (above); the rest is read.
    const own = affirmed !== null && saysNoLonger(text) ? afterNoLonger(text) : text;
    for (const [index, sentence] of sentencesOf(own).entries()) {
      if (topicFact && (topical!.whole || index === 0)) continue;
      // What a developer settles is read by its own rules; in a session that talks shop, the rest of
      // their shop talk is work in progress (requests, status, errors), not facts about them.
      // Outside a coding session "I decided to take the test" is the person's: their rules read it.
      const settled = coding ? developerStatements(sentence) : [];
      for (const statement of settled) addFact(facts, developerFact(statement, turn));
      if (settled.length > 0) continue;
      // "I'm off on leave from June 2, so Priyank owns the repo": the clause about the person is theirs.
      personal.push(...clausesOf(sentence).filter((clause) => !(coding && isTradeTalk(clause))));
    }
    for (const { sentence: raw, change } of withReasons(
      withKinNamed([...(affirmed ? [affirmed] : []), ...personal], previous),
      turn,
    )) {
      const fact = factOf(raw, turn);
      if (!fact) continue;
      // A change joined with its reason changes what the change names, not what the reason does.
      const changed = change === undefined ? undefined : factOf(change, turn)?.subject;
      if (changed) fact.subject = changed;
      addFact(facts, fact);
    }
  });
  return facts.slice(0, options.max ?? MAX_PERSON_FACTS);
}

/** The person talks shop: CODING_TALK_SHARE of their sentences or more name what only software work names. */
function talksShop(turns: readonly SourceTurn[]): boolean {
  // "yes please", "thanks", "nice": a short answer is said in any register and tells none.
  const sentences = turns
    .filter((t) => t.role === 'user')
    .flatMap((t) => sentencesOf(cleanTurnText(proseOf(t.text))))
    .filter((sentence) => sentence.split(/\s+/).length >= 3);
  if (sentences.length === 0) return false;
  return sentences.filter(isShopTalk).length / sentences.length >= CODING_TALK_SHARE;
}
