import type { z } from 'zod';
import type { CallLabel, CostPool } from '@mnemo/contracts';

export type CostPoolName = z.infer<typeof CostPool>;
export type CallLabelName = z.infer<typeof CallLabel>;

/** Daily caps in USD, reset at UTC midnight (docs/costs.md); configuration may override each. */
export const DEFAULT_CAPS: Readonly<Record<CostPoolName, number>> = Object.freeze({
  compaction: 0.5,
  session: 0.35,
  profile: 0.15,
});

/**
 * Which daily pools a call counts against. A call must find room in every one of them.
 * - compaction: its own $0.50 pool and the session pool it shares with memory extraction.
 * - memory: the session pool only, so extraction never competes with profile generation.
 * - profile: the profile pool.
 * - insight: the session pool, so detection after every artifact save never eats the profile's
 *   small pool and the core profile keeps its $0.15.
 * - decision: our choice: decisions are extracted from one session's transcript, like memories, so they
 *   count against the session pool.
 * - skill: the session pool: a skill candidate's name and description are written from the sessions
 *   it came from, a session's own spend like its decisions.
 * - embedding: the session pool too: recall embeds the chunks of sessions (and the questions asked of
 *   them), a session's own spend like its summary and decisions.
 */
const POOLS_BY_LABEL: Readonly<Record<CallLabelName, readonly CostPoolName[]>> = {
  compaction: ['compaction', 'session'],
  memory: ['session'],
  profile: ['profile'],
  insight: ['session'],
  decision: ['session'],
  skill: ['session'],
  embedding: ['session'],
};

export function poolsForLabel(label: CallLabelName): CostPoolName[] {
  return [...POOLS_BY_LABEL[label]];
}
