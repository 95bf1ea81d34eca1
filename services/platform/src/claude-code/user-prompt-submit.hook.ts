import type { MnemoClient, PriorDecision, RecallHit } from '@mnemo/mnemo-client';
import { buildPromptBlock } from './domain/prompt-block';
import { mnemoSessionId, type HookInput } from './hook-input';

const RECALL_HITS = 3;
const MAX_QUERY_CHARS = 500;
const DECISIONS = 3;
/**
 * The score a recall hit needs to be a candidate for the prompt's block, not the service's fixed 0.30: recall's
 * score barely tells a needed hit from an unneeded one on the agent-context bench's dev splits, so it only cuts
 * the tail (a hit holding about a twentieth of the prompt's weight, docs/recall.md); the block's own floor
 * (PROMPT_BLOCK_FLOOR, prompt-block.ts) decides what is shown.
 */
export const PROMPT_RECALL_FLOOR = 0.25;

/**
 * Recall for the prompt in this repository first, then anywhere; no recall route yet is no hits. Both
 * are asked at once: asked one after the other, a prompt with fewer than RECALL_HITS hits in the
 * repository waited for two searches in turn.
 */
async function recallFor(
  client: MnemoClient,
  input: HookInput,
  project: Promise<string>,
): Promise<RecallHit[]> {
  // its file, package, symbol and flag names weigh most: recall counts them as names (recall's plan-query)
  const query = (input.prompt ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS);
  if (query.length < 3) return [];
  // this session's own turns are in the agent's context already
  const asked = {
    query,
    limit: RECALL_HITS,
    askingSessionId: mnemoSessionId(input.session_id),
    minScore: PROMPT_RECALL_FLOOR,
  };
  const wider = client.recall(asked);
  wider.catch(() => undefined); // awaited below only when the repository's hits fall short
  const scoped = await client.recall({ ...asked, project: await project });
  if (scoped.hits.length >= RECALL_HITS) return scoped.hits;
  const seen = new Set(scoped.hits.map((h) => h.chunkId));
  return [...scoped.hits, ...(await wider).hits.filter((h) => !seen.has(h.chunkId))].slice(
    0,
    RECALL_HITS,
  );
}

/** This project's decisions the prompt touches (prior_decisions' own floor), best first. */
async function decisionsFor(
  client: MnemoClient,
  input: HookInput,
  project: Promise<string>,
): Promise<PriorDecision[]> {
  const q = (input.prompt ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS);
  if (q.length < 3) return [];
  return (await client.priorDecisions(q, { project: await project, limit: DECISIONS })).decisions;
}

/**
 * UserPromptSubmit: the memory block for this prompt, fenced as data, at most 1,500 characters. The block is
 * the account's, asked before the input was read (hook-runner.ts); '' when Mnemo had none to give. Nothing is
 * injected when nothing clears the block's floor (`floor`, PROMPT_BLOCK_FLOOR by default).
 */
export async function userPromptSubmitHook(
  input: HookInput,
  client: MnemoClient,
  memoryBlock: Promise<string>,
  project: Promise<string>,
  options: { floor?: number } = {},
) {
  const [block, hits, decisions] = await Promise.all([
    memoryBlock,
    recallFor(client, input, project).catch(() => [] as RecallHit[]),
    decisionsFor(client, input, project).catch(() => [] as PriorDecision[]),
  ]);
  const additionalContext = buildPromptBlock(block, hits, undefined, {
    prompt: input.prompt ?? '',
    floor: options.floor,
    decisions: decisions.map((d) => ({
      topic: d.topic,
      stance: d.stance,
      rationale: d.rationale,
      sessionId: d.sessionId ?? null,
      occurredAt: d.occurredAt ?? d.decidedAt,
    })),
  });
  if (!additionalContext) return null;
  return { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext } };
}
