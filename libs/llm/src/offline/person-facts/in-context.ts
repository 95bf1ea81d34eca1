/**
 * A reply read against the other speaker's question: the detail after a yes, and the "she", "them" or
 * "it" that names one of the person's people or the thing asked after.
 */

import type { SourceTurn } from '../../extraction/source-turn';
import { parse, termsOf, sentencesOf } from '../nlp';
import { KIN_WORDS, isContentNoun } from './words';

/**
 * "Still taking the ibuprofen?" "Yes, 400 milligrams twice a day with food.": the words after the yes that
 * are no sentence of their own (no verb) say more of what was asked, so they join the statement.
 */
export function withDetail(statement: string, reply: string): string {
  const rest = reply.replace(
    /^\W*(?:yes|yeah|yep|yup|sure|definitely|absolutely|of course|indeed)\b[\s,.!-]*/i,
    '',
  );
  const detail = sentencesOf(rest)[0]?.replace(/[.!]+$/, '');
  if (!detail || detail.split(/\s+/).length < 2) return statement;
  const terms = termsOf(parse(detail));
  const saysSomething = terms.some(
    (t) => isContentNoun(t) || t.tags.includes('Value') || t.tags.includes('Duration'),
  );
  if (terms.some((t) => t.tags.includes('Verb')) || !saysSomething) return statement;
  const joined = /^I\b/.test(detail)
    ? detail
    : `${detail.charAt(0).toLowerCase()}${detail.slice(1)}`;
  return `${statement.replace(/[.!]+$/, '')}, ${joined}.`;
}

const SHE = new Set(
  'wife partner fiancee girlfriend daughter mother mom mum sister grandmother grandma aunt niece cousin friend boss manager'.split(
    ' ',
  ),
);

const HE = new Set(
  'husband partner fiance boyfriend son father dad brother grandfather grandpa uncle nephew cousin friend boss manager'.split(
    ' ',
  ),
);

/** "my sister", "my sister Moira", "my sister called, Moira": someone of the person's, named or not. */
const KIN_MENTION = new RegExp(
  `\\b(?:my|your) (parents|grandparents|kids|children|sons|daughters|brothers|sisters|siblings|cousins|grandchildren|grandkids|${KIN_WORDS.slice(1, -1)})\\b(?:(?: \\w+)?, | )?([A-Z][a-z]+)?`,
  'g',
);

/**
 * "How's your mum?" "She lives with us now": a clause that opens with "she" or "he" is about the one of the
 * person's people named last (in the other speaker's question or earlier in the turn), when that one can be
 * a she or a he: "My mum lives with us now" is a fact about the person's life; "She lives with us" is not.
 */
export function withKinNamed(
  clauses: readonly string[],
  question: SourceTurn | undefined,
): string[] {
  let last: { kin: string; name?: string } | undefined;
  const mention = (text: string) => {
    for (const m of text.matchAll(KIN_MENTION))
      last = {
        kin: (m[1] ?? '').toLowerCase(),
        ...(m[2] && !/^(?:I|And|But|So)$/.test(m[2]) ? { name: m[2] } : {}),
      };
  };
  if (question?.role === 'assistant') mention(question.text);
  const topic = question?.role === 'assistant' ? topicAsked(question.text) : undefined;
  return clauses.map((clause, i) => {
    const lead = /^(?:(?:and|so|but|oh|yes|yeah|well),? )?(she|he)(?='s\b|\b)/i.exec(clause);
    let out = clause;
    if (lead && last && (lead[1]?.toLowerCase() === 'she' ? SHE : HE).has(last.kin)) {
      const who = `My ${last.kin}${last.name ? ` ${last.name}` : ''}`;
      out = who + clause.slice(lead[0].length);
    } else if (
      last &&
      PLURAL_KIN.has(last.kin) &&
      /\bthem\b/.test(clause) &&
      !/\bthey\b/i.test(clause)
    ) {
      // "I'm saving up to visit my grandparents. I haven't seen them in five years."
      out = clause.replace(/\bthem\b/, `my ${last.kin}`);
    } else if (
      i === 0 &&
      topic &&
      /^(?:\w+ )?(?:dropped|ditched|quit|sold|finished|started|love|loved|hate|hated|booked|cancelled|canceled) it\b/i.test(
        clause,
      )
    ) {
      // "And the gap year idea?" "Dropped it.": the thing asked about.
      out = clause.replace(/\bit\b/, topic);
    }
    mention(clause);
    return out;
  });
}

const PLURAL_KIN = new Set(
  'parents grandparents kids children sons daughters brothers sisters siblings cousins grandchildren grandkids'.split(
    ' ',
  ),
);

/** "And the gap year idea?", "What about your bike?": the thing a short question asks after, as the person's. */
function topicAsked(question: string): string | undefined {
  const m =
    /(?:^|[.!]\s+)(?:and|so|what about|how about)\s+((?:the|your)\s+[\w' -]{2,40}?)\s*\?\s*$/i.exec(
      question.trim(),
    );
  return m?.[1]?.replace(/^your\b/i, 'my');
}
