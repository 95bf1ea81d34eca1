import type { MnemoClient, RecallHit } from '@mnemo/mnemo-client';
import { buildPromptBlock } from './domain/prompt-block';
import { mnemoSessionId, type HookInput } from './hook-input';

const RECALL_HITS = 3;
const MAX_QUERY_CHARS = 500;

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
  const query = (input.prompt ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS);
  if (query.length < 3) return [];
  // this session's own turns are in the agent's context already
  const asked = { query, limit: RECALL_HITS, askingSessionId: mnemoSessionId(input.session_id) };
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

/**
 * UserPromptSubmit: the memory block for this prompt, fenced as data, at most 1,500 characters. The block is
 * the account's, asked before the input was read (hook-runner.ts); '' when Mnemo had none to give.
 */
export async function userPromptSubmitHook(
  input: HookInput,
  client: MnemoClient,
  memoryBlock: Promise<string>,
  project: Promise<string>,
) {
  const [block, hits] = await Promise.all([
    memoryBlock,
    recallFor(client, input, project).catch(() => [] as RecallHit[]),
  ]);
  const additionalContext = buildPromptBlock(block, hits);
  if (!additionalContext) return null;
  return { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext } };
}
