/**
 * A change of mind kept together with its reason, so the reason is not stored as a fact of its own.
 */

import type { SourceTurn } from '../../extraction/source-turn';
import { parse } from '../nlp';
import { CHANGE_OF_MIND } from './subject';
import { lowerFirstWord } from './wording';
import { factOf } from './fact';

/** What the person does now in place of what they dropped. */
const REPLACES =
  /\b(?:instead|these days|from now on|switched|switching|changed to|moved to|gone over to|staying|sticking with)\b|\b(?:now|again)[.!]?$/i;

const AIMS = /\b(?:want|wanted|plan|planned|prefer|like|love|into)\b/i;

/** Stopping or dropping something: the moments a person changes their mind. */
const changesMind = (sentence: string): boolean => {
  const doc = parse(sentence);
  return (
    doc.has(CHANGE_OF_MIND) ||
    doc.has('(stopped|quit|quitting)') ||
    /\b(?:is|'s|has been) (?:off|cancell?ed)\b/i.test(sentence)
  );
};

/**
 * A change of mind and the sentence right after it in the same turn are one statement when that sentence
 * sets nothing of its own (no subject) or is part of the same change: "I'm not running the marathon anymore.
 * I don't have the time, so I've stopped training." The reason stays with the change instead of standing
 * alone as a fact that leans on it, or as a second fact of the same change.
 */
export function withReasons(
  sentences: readonly string[],
  turn: SourceTurn,
): Array<{ sentence: string; change?: string }> {
  const out: Array<{ sentence: string; change?: string }> = [];
  for (let k = 0, sentence = sentences[0]; sentence !== undefined; sentence = sentences[++k]) {
    const next = sentences[k + 1];
    if (next !== undefined && changesMind(sentence)) {
      const follow = factOf(next, turn);
      // A goal, preference or anything with a subject of its own stands alone; a plain event is the change's reason,
      // and what the person does instead is the rest of the change ("I quit the cello, I'm doing pottery instead").
      if (
        changesMind(next) ||
        !follow ||
        (follow.factType === 'event' && !follow.subject) ||
        REPLACES.test(next) ||
        // "I don't want to be a manager anymore. I want to stay technical": the new aim for the old.
        ((follow.factType === 'goal' || follow.factType === 'preference') && AIMS.test(sentence))
      ) {
        const joined = `${sentence.replace(/[.!]+$/, '')}; ${lowerFirstWord(next)}`;
        const made = factOf(joined, turn)?.content;
        // Joined only when the note keeps what was joined: a restatement may drop it ("…idea is off" → "Dropped the … idea.").
        if (made && made !== factOf(sentence, turn)?.content) {
          // "The marathon is off. I did a long run and my shins screamed. I'm doing the half instead.": what
          // replaces it, said after the reason, is the rest of the same change.
          const then = sentences[k + 2];
          const whole =
            then !== undefined && REPLACES.test(then) && !changesMind(then)
              ? `${joined.replace(/[.!]+$/, '')}; ${lowerFirstWord(then)}`
              : undefined;
          const all = whole && factOf(whole, turn) ? whole : joined;
          out.push({ sentence: all, change: sentence });
          k += all === joined ? 1 : 2;
          continue;
        }
      }
    }
    out.push({ sentence });
  }
  return out;
}
