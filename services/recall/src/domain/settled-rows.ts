import { settledStatements, type SettledStance, type SettledTurn } from '@mnemo/coding-talk';
import { topicKey } from './distill-decisions';

/** A statement's stance as recall keeps it: a decision's, or `preference` for a way of working. */
export type SettledRowStance = SettledStance | 'preference';

/** One settled statement of a session, as recall_decisions keeps it beside the distilled decisions. */
export interface SettledRow {
  /** The session and turn it came from (`<session>#<turn>`, `.n` for the n-th rule of a numbered list). */
  decisionId: string;
  turnSeq: number;
  topic: string;
  stance: SettledRowStance;
  rationale: string;
  occurredAt: string;
}

/**
 * What the person settled in a session's turns from `fromSeq` on (docs/coding-memory.md): decisions,
 * conventions and ways of working, read by the settlement rules (@mnemo/coding-talk). `turns` are the
 * session's prose turns in order, starting with the one before `fromSeq` where there is one: a yes
 * answers the turn before it. A rationale that only says the topic again is dropped.
 */
export function settledRows(
  sessionId: string,
  turns: readonly SettledTurn[],
  fromSeq: number,
): SettledRow[] {
  const { decisions, preferences } = settledStatements(sessionId, turns);
  return [
    ...decisions.map((d) => ({
      decisionId: d.id,
      turnSeq: d.turnSeq,
      topic: d.topic,
      stance: d.stance,
      rationale: saysMore(d.rationale, d.topic) ? d.rationale : '',
      occurredAt: d.occurredAt,
    })),
    ...preferences.map((p) => ({
      decisionId: p.id,
      turnSeq: p.turnSeq,
      topic: p.content,
      stance: 'preference' as const,
      rationale: '',
      occurredAt: p.occurredAt,
    })),
  ].filter((row) => row.turnSeq >= fromSeq);
}

/** A rationale adds something when its words are not the topic's words already. */
function saysMore(rationale: string, topic: string): boolean {
  const said = topicKey(rationale);
  return said !== '' && !` ${topicKey(topic)} `.includes(` ${said} `);
}
