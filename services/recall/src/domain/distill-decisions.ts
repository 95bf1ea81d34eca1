export type Stance = 'chose' | 'rejected' | 'deferred';

export interface Decision {
  topic: string;
  stance: Stance;
  rationale: string;
}

export interface Distilled {
  decisions: Decision[];
  lessons: string[];
}

export const MAX_DECISIONS = 8;
export const MAX_LESSONS = 5;
const MAX_TOPIC = 160;
const MAX_RATIONALE = 600;
const MAX_LESSON = 300;

// Checked in this order: "decided against" is a rejection before it is a choice.
const STANCES: Array<[Stance, RegExp]> = [
  [
    'rejected',
    /\b(?:decided against|rejected|ruled out|dropped|abandoned|gave up on|won't use|will not use|not going to use|decided not to|chose not to|reverted)\b/i,
  ],
  [
    'deferred',
    /\b(?:deferred|postponed|put off|parked|punted|decided to wait|revisit (?:it |this )?later|left for later|not yet|for a later)\b/i,
  ],
  [
    'chose',
    /\b(?:decided to|decided on|we decided|i decided|chose|chosen|went with|going with|opted for|settled on|agreed to|agreed on|switched to|picked|will use)\b/i,
  ],
];
const REASON = /\b(?:because|since|as it|as they|so that|due to|given that)\b|\s[—–-]\s|:\s/i;
const LESSON =
  /\b(?:lesson|learned|learnt|turns out|turned out|note to self|next time|gotcha|remember to|the trick is|pitfall)\b/i;

// A line break ends a sentence (a summary is the opening request, a blank line, the closing answer): folded
// into spaces first, "… within a day" and "Reverted." read as one sentence and one decision.
const sentences = (text: string): string[] =>
  text
    .split(/\n+/)
    .flatMap((line) => line.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/))
    .map((s) => s.trim())
    .filter((s) => s.length >= 12);

const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

const PASSIVE = /\b(?:was|were|is|are|has been|have been|got)\s*$/i;

/**
 * The phrase the stance verb governs, cut at the reason: "we chose Redis for the ledger because …" →
 * "Redis for the ledger"; in the passive, its subject: "sharding was deferred until …" → "sharding".
 */
function topicOf(sentence: string, verb: RegExp): string {
  const match = verb.exec(sentence);
  const before = match ? sentence.slice(0, match.index) : '';
  if (PASSIVE.test(before))
    return clip(
      before
        .replace(PASSIVE, '')
        .replace(/^(?:the|a|an)\s+/i, '')
        .trim() || sentence,
      MAX_TOPIC,
    );
  const after = match ? sentence.slice(match.index + match[0].length) : sentence;
  const reason = REASON.exec(after);
  const phrase = (reason ? after.slice(0, reason.index) : after)
    .replace(/^[\s,:;]+|[\s.,;:!?]+$/g, '')
    .replace(/^(?:to|on|with|for|the|a|an)\s+/i, '');
  return clip(phrase || sentence, MAX_TOPIC);
}

/**
 * Offline distillation (no model, $0): decisions and lessons by their phrasing in a redacted session
 * summary. A sentence that says what was chosen, rejected or deferred is a decision on the phrase its
 * verb governs, the sentence (with its reason) the rationale, unless it only says the topic again; one
 * that says what was learned is a lesson. The same topic twice keeps the first.
 */
export function distillOffline(
  summary: string,
  conventionsOf: (sentence: string) => Decision[] = () => [],
): Distilled {
  const decisions: Decision[] = [];
  const lessons: string[] = [];
  const seen = new Set<string>();
  for (const sentence of sentences(summary)) {
    const stance = STANCES.find(([, pattern]) => pattern.test(sentence));
    if (stance && decisions.length < MAX_DECISIONS) {
      const topic = topicOf(sentence, stance[1]);
      const key = topicKey(topic);
      if (key && !seen.has(key)) {
        seen.add(key);
        decisions.push({
          topic,
          stance: stance[0],
          rationale: addsTo(sentence, topic, stance[1]) ? clip(sentence, MAX_RATIONALE) : '',
        });
      }
    }
    // A project's conventions ("never use yarn here", "always run lint before pushing") are decisions too,
    // read by the rules the caller hands in (the same that keep them as memories).
    for (const rule of conventionsOf(sentence)) {
      const key = topicKey(rule.topic);
      if (!key || seen.has(key) || decisions.length >= MAX_DECISIONS) continue;
      seen.add(key);
      decisions.push({
        topic: clip(rule.topic, MAX_TOPIC),
        stance: rule.stance,
        rationale: clip(rule.rationale, MAX_RATIONALE),
      });
    }
    if (LESSON.test(sentence) && lessons.length < MAX_LESSONS)
      lessons.push(clip(sentence, MAX_LESSON));
  }
  return { decisions, lessons };
}

/** Words a sentence may hold beside its topic and still say nothing more than it. */
const FILLER = new Set(
  'a an and are as be been has have i in is it its of on so that the then this to was we were'.split(
    ' ',
  ),
);

/**
 * Whether a decision's sentence says more than its topic and its stance verb: "Reverted both files." says no
 * more than ⛔ "both files", and a rationale equal to its topic is not kept (docs/coding-memory.md).
 */
function addsTo(sentence: string, topic: string, verb: RegExp): boolean {
  const said = new Set(topicKey(topic).split(' '));
  return topicKey(sentence.replace(verb, ' '))
    .split(' ')
    .some((word) => word !== '' && !said.has(word) && !FILLER.has(word));
}

/** What makes two topics the same decision: lowercased words, so a re-run with other casing or punctuation updates it in place. */
export const topicKey = (topic: string): string =>
  (topic.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

/** The model's answer, tolerated: `{ decisions, lessons }` with bad items dropped and sizes capped. */
export function acceptDistilled(value: unknown): Distilled | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as { decisions?: unknown; lessons?: unknown };
  const decisions = (Array.isArray(raw.decisions) ? raw.decisions : []).flatMap(
    (item): Decision[] => {
      const d = item as Partial<Decision> | null;
      if (
        !d ||
        typeof d.topic !== 'string' ||
        !d.topic.trim() ||
        !['chose', 'rejected', 'deferred'].includes(d.stance as string)
      )
        return [];
      return [
        {
          topic: clip(d.topic.trim(), MAX_TOPIC),
          stance: d.stance as Stance,
          rationale: clip(typeof d.rationale === 'string' ? d.rationale.trim() : '', MAX_RATIONALE),
        },
      ];
    },
  );
  const lessons = (Array.isArray(raw.lessons) ? raw.lessons : [])
    .filter((l): l is string => typeof l === 'string' && l.trim().length > 0)
    .map((l) => clip(l.trim(), MAX_LESSON));
  return { decisions: decisions.slice(0, MAX_DECISIONS), lessons: lessons.slice(0, MAX_LESSONS) };
}
