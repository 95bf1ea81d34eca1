import { z } from 'zod';
import { MEMORY_CATEGORIES } from '@mnemo/contracts';
import { decodeCursor, fitResult, pageOfText } from '../tool-output';
import { currentSession, cursor, sessionId, tool } from '../tool';

export const searchMemories = tool({
  name: 'search_memories',
  title: 'Search memories about the user',
  description:
    'Search the durable facts Mnemo keeps about the user (preferences, goals, decisions, relationships, facts): use it ' +
    'when an answer depends on who they are or what they prefer ("which editor do I use?", "my deploy target"). ' +
    'Full-text: give key words, not a question. For past conversations use recall_conversation instead.',
  input: z.object({
    query: z
      .string()
      .trim()
      .min(3)
      .max(200)
      .describe('Key words, at least 3 characters, e.g. "typescript strict".'),
    category: z
      .enum(MEMORY_CATEGORIES)
      .default('All')
      .describe('Limit to one category (default All).'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(10)
      .describe('At most this many memories (default 10).'),
  }),
  readOnly: true,
  async run(input, context) {
    const { hits } = await context.client.searchMemories(input.query, input.category, input.limit);
    if (hits.length === 0) return `No memory matches "${input.query}".`;
    const text = hits
      .map((h, i) => `${i + 1}. (${h.factType}) ${h.content} [memory ${h.id}]`)
      .join('\n');
    return fitResult(this.name, text, context.spillDir);
  },
});

export const rememberFact = tool({
  name: 'remember_fact',
  title: 'Remember a fact about the user',
  description:
    'Save one durable fact about the user or their project that should hold in later sessions, in their own terms: ' +
    'a preference ("prefers pnpm over npm"), a goal, a decision and its reason. One fact per call, one sentence, ' +
    'taken from what the user said in their current message; one fact per answer. A health detail (a condition, ' +
    'limitation, symptom, sleep or medication) is only proposed: the user confirms it before it is kept. ' +
    'Do not save secrets, passing moods, or what the repository itself already records.',
  input: z.object({
    fact: z
      .string()
      .trim()
      .min(3)
      .max(400)
      .describe('The fact in one sentence, at most 400 characters.'),
    category: z
      .enum(MEMORY_CATEGORIES)
      .exclude(['All'])
      .optional()
      .describe('What kind of fact it is; default Facts.'),
    sessionId,
  }),
  readOnly: false,
  async run(input, context) {
    // Memory's one health rule decides (services/memory/src/domain/remember.ts): the fact must be in the
    // person's current message of this session, one per answer, and a health detail is only proposed.
    const answer = await context.client.rememberFact({
      sessionId: currentSession(input.sessionId, context, this.name),
      fact: input.fact,
      ...(input.category ? { category: input.category } : {}),
    });
    if (answer.status === 'proposed')
      return (
        `Not remembered yet: it is a health detail (${answer.proposal.reason}), so it is only proposed ` +
        `(proposal ${answer.proposal.id}) and the user is asked once whether to keep it: ${answer.proposal.content}`
      );
    return `Remembered (${answer.memory.factType}, memory ${answer.memory.id}): ${answer.memory.content}`;
  },
});

export const getContext = tool({
  name: 'get_context',
  title: "Get the user's context document",
  description:
    'The context Mnemo assembled for this user: kind "claude_md" is the full CLAUDE.md (profile, memories, plans, ' +
    'recent decisions, artifacts); kind "memory_block" is the short per-turn memory block. Use claude_md when you need ' +
    'the whole picture after a long session or a compaction; kind "briefing" is at most two lines on how the active ' +
    "plans are going, from the user's own measurements. Long documents come in pages with a cursor.",
  input: z.object({
    kind: z
      .enum(['claude_md', 'memory_block', 'briefing'])
      .default('claude_md')
      .describe(
        'claude_md (the full document), memory_block (the short block) or briefing (two lines on the plans).',
      ),
    sessionId,
    full: z
      .boolean()
      .default(false)
      .describe(
        'true: the whole document at once (over 50,000 characters it is saved to a file and the path returned).',
      ),
    cursor,
  }),
  readOnly: true,
  async run(input, context) {
    const offset = decodeCursor(this.name, input.cursor);
    if (input.kind === 'briefing') {
      const { lines } = await context.client.briefing();
      return lines.length ? lines.join('\n') : 'No active plans: nothing to brief.';
    }
    const text =
      input.kind === 'memory_block'
        ? (await context.client.memoryBlock()).text
        : (await context.client.claudeMd(input.sessionId ?? context.sessionId?.() ?? 'agent'))
            .markdown;
    if (text.trim() === '')
      return `The ${input.kind === 'memory_block' ? 'memory block' : 'CLAUDE.md'} is empty: Mnemo knows nothing about this user yet.`;
    return fitResult(
      this.name,
      input.full ? text : pageOfText(this.name, text, offset),
      context.spillDir,
    );
  },
});
