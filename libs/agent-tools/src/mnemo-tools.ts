import { z } from 'zod';
import { MEMORY_CATEGORIES } from '@mnemo/contracts';
import {
  visitedPlace,
  type FailedClusterItem,
  type LogFact,
  type MnemoClient,
  type PriorDecision,
  type PriorWorkItem,
  type RecallHit,
  type RefactorPlanItem,
  type SkillCandidateItem,
  type VisitedEntry,
} from '@mnemo/mnemo-client';
import { decodeCursor, fitResult, pageOfItems, pageOfText } from './tool-output';

export interface ToolContext {
  client: MnemoClient;
  /** The repository the agent works in (stdio); recall looks there first. Over HTTP the caller names it. */
  project?: string;
  /** The agent's current session, when the transport knows it (stdio: set by the session-start hook). */
  sessionId?: () => string | undefined;
  /** Where a result over 50,000 characters is written (stdio); without it, the result is cut. */
  spillDir?: string;
  /**
   * A symbol of a file in the agent's working tree, as a snapshot reads it (stdio, where the files
   * are): its lines and body hash. Null when the file or the symbol is not there.
   */
  symbolAt?: (path: string, symbol: string) => Promise<LocatedSymbol | null>;
}

/** Where a symbol sits now, and a hash of its body (never the body). */
export interface LocatedSymbol {
  startLine: number;
  endLine: number;
  bodyHash: string;
}

export interface MnemoTool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  readOnly: boolean;
  run(input: z.infer<S>, context: ToolContext): Promise<string>;
}

const tool = <S extends z.ZodObject>(definition: MnemoTool<S>): MnemoTool<S> => definition;

const cursor = z
  .string()
  .max(200)
  .optional()
  .describe('Continue a previous call: the cursor its result ended with. Omit to start.');
const sessionId = z
  .string()
  .regex(/^[A-Za-z0-9_\-:]{1,128}$/, 'letters, digits, _, - and : only')
  .optional()
  .describe(
    'The Mnemo session id (given at session start as "Mnemo session id"). Omit to use the current session.',
  );
const RECALL_CAP = 50;
/** Sessions or decisions asked of each place (the routes' own default). */
const PRIOR_LIMIT = 10;
/** A decision's identity across the two asks: its id where the route gives it. */
const decisionKey = (d: PriorDecision) => String(d.decisionId ?? `${d.sessionId ?? ''}|${d.topic}`);

const day = (iso: string | undefined | null) => (iso ? iso.slice(0, 10) : 'undated');

function currentSession(input: string | undefined, context: ToolContext, toolName: string): string {
  const id = input ?? context.sessionId?.();
  if (!id)
    throw new ToolInputError(
      `sessionId: required here; ${toolName} cannot tell which session you are in`,
    );
  return id;
}

/** A refusal of the tool's own (not Mnemo's), with the field to fix. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}

/** An answer's item, and whether it came from outside the current project (said beside it, so the agent weighs it). */
interface Placed<T> {
  item: T;
  elsewhere: boolean;
}

/**
 * The current project's answer first; when it holds fewer than `want`, the best of everywhere else
 * after it, without repeats. A project the agent names is the only one asked; with no project known,
 * everywhere is asked once. `projectOf` tells an item's own project where the answer carries it.
 */
async function projectFirst<T>(
  ask: (project: string | undefined) => Promise<T[]>,
  options: {
    named?: string;
    current?: string;
    want: number;
    key: (item: T) => string;
    projectOf?: (item: T) => string | null | undefined;
  },
): Promise<Array<Placed<T>>> {
  const here = (items: T[]) => items.map((item) => ({ item, elsewhere: false }));
  if (options.named) return here(await ask(options.named));
  if (!options.current) return here(await ask(undefined));
  const scoped = await ask(options.current);
  if (scoped.length >= options.want) return here(scoped);
  const seen = new Set(scoped.map(options.key));
  const wider = (await ask(undefined)).filter((item) => !seen.has(options.key(item)));
  const elsewhere = (item: T) =>
    options.projectOf ? options.projectOf(item) !== options.current : true;
  return [...here(scoped), ...wider.map((item) => ({ item, elsewhere: elsewhere(item) }))].slice(
    0,
    options.want,
  );
}

/** Said after an item from outside the current project. */
const ELSEWHERE = (project: unknown) =>
  ` · another project${typeof project === 'string' && project ? ` (${project})` : ''}`;

const projectInput = (what: string) =>
  z
    .string()
    .max(2000)
    .optional()
    .describe(
      `Only this repository (its root path). Default: ${what} in the current repository first, then from others, marked as such.`,
    );

const renderHit = ({ item: hit, elsewhere }: Placed<RecallHit>, index: number) =>
  `${index + 1}. [${hit.score.toFixed(2)}] ${day(hit.occurredAt)} · session ${hit.sessionId} · turns ${hit.turnSeqs.join(', ')}${elsewhere ? ELSEWHERE(undefined) : ''}\n   ${hit.snippet.replace(/\n/g, '\n   ')}`;

export const recallConversation = tool({
  name: 'recall_conversation',
  title: 'Recall past conversations',
  description:
    "Search what was said in earlier sessions (yours and other agents', in this repository first, then everywhere): " +
    'use it before re-deriving something that may have been worked out already, when the user refers to an earlier ' +
    'discussion ("as we said last week"), or to find why code is the way it is. Returns dated snippets with the session id ' +
    'and turn numbers, best match first. Query with the words the earlier conversation would have used: a file name, an error message, a library.',
  input: z.object({
    query: z
      .string()
      .trim()
      .min(2)
      .max(500)
      .describe(
        'What to look for, e.g. "redis connection pool timeout" or "why we dropped GraphQL".',
      ),
    limit: z.number().int().min(1).max(20).default(5).describe('Hits per page (default 5).'),
    project: projectInput('conversations'),
    since: z.iso
      .datetime({ offset: true })
      .or(z.iso.date())
      .optional()
      .describe('Only conversations on or after this date, e.g. 2026-11-01.'),
    sessionIds: z.array(z.string().max(128)).max(20).optional().describe('Only these sessions.'),
    cursor,
  }),
  readOnly: true,
  async run(input, context) {
    const offset = decodeCursor(this.name, input.cursor);
    const want = Math.min(RECALL_CAP, offset + input.limit);
    const since =
      input.since && input.since.length === 10 ? `${input.since}T00:00:00Z` : input.since;
    const asking = context.sessionId?.();
    const base = {
      query: input.query,
      limit: want,
      ...(since ? { since } : {}),
      ...(input.sessionIds ? { sessionIds: input.sessionIds } : {}),
      // the agent's own session is in its context already (unless it names it in sessionIds)
      ...(asking ? { askingSessionId: asking } : {}),
    };
    const hits = await projectFirst(
      async (project) => (await context.client.recall(project ? { ...base, project } : base)).hits,
      {
        named: input.project,
        current: context.project,
        want,
        key: (hit) => hit.chunkId,
      },
    );
    if (hits.length <= offset)
      return offset === 0
        ? `No earlier conversation matches "${input.query}". Try other words, or drop filters.`
        : 'No more results.';
    const page = pageOfItems(hits.slice(0, offset + input.limit), offset, renderHit, {
      tool: this.name,
      moreMayExist: hits.length === want && want < RECALL_CAP,
    });
    return fitResult(this.name, page.text, context.spillDir);
  },
});

const listOf = (label: string, values: unknown) =>
  Array.isArray(values) && values.length > 0
    ? `\n   ${label}: ${values.slice(0, 20).join(', ')}`
    : '';

/** The route's verdict (template, avoid, caution, unknown) as advice an agent can follow. */
const ADVICE: Record<string, string> = {
  template: 'a template to follow',
  avoid: 'avoid repeating it',
  caution: 'go carefully',
};

function renderPriorWork({ item, elsewhere }: Placed<PriorWorkItem>, index: number): string {
  const outcome = String(item.outcome ?? 'unknown');
  const advice = ADVICE[String(item.verdict)];
  const when = day(item.endedAt ?? item.startedAt);
  return (
    `${index + 1}. ${when} · session ${item.sessionId} · ${outcome}${advice ? ` (${advice})` : ''}${elsewhere ? ELSEWHERE(item.project) : ''}` +
    (item.summary ? `\n   ${String(item.summary).replace(/\n/g, '\n   ')}` : '') +
    listOf('files', item.filesEdited ?? item.files) +
    listOf('lessons', item.lessons) +
    listOf('commits', item.commitShas)
  );
}

/** Earlier failed attempts at the same thing, said before the sessions: "3 earlier attempts at this failed: …". */
function renderFailedClusters(clusters: readonly FailedClusterItem[]): string {
  return clusters
    .slice(0, 3)
    .map(
      (cluster) =>
        `${cluster.sessions.length} earlier attempts at this failed: ${cluster.label}` +
        `\n   sessions: ${cluster.sessions.map((s) => `${s.sessionId} (${s.outcome ?? 'unknown'})`).join(', ')}` +
        listOf('shared files', cluster.sharedFiles) +
        (cluster.commonFailure ? `\n   common failure: ${cluster.commonFailure}` : ''),
    )
    .join('\n');
}

function renderRefactorPlan(plan: RefactorPlanItem, index: number): string {
  return (
    `${index + 1}. ${plan.goal} [${plan.status}] · id ${plan.planId}` +
    (plan.project ? ` · ${plan.project}` : '') +
    (plan.steps.length
      ? `\n   steps: ${plan.steps.map((step, i) => `(${i + 1}) ${step}`).join(' ')}`
      : '') +
    listOf('files', plan.files)
  );
}

/** A change still under way that touches the file, said before the sessions so the agent works with it. */
function renderOpenPlans(plans: readonly RefactorPlanItem[]): string {
  return `An open refactor plan touches this file:\n${plans.slice(0, 3).map(renderRefactorPlan).join('\n')}`;
}

export const priorWork = tool({
  name: 'prior_work',
  title: 'Prior work on a file or task',
  description:
    'Has anyone worked on this before? Give a file path (matched by its end, e.g. "src/auth/session.ts") or a task in a ' +
    'sentence. Returns earlier sessions (in this repository first, then others, marked as such), newest or best first, each with its outcome: merged (a template to follow), ' +
    'reverted (avoid it), abandoned (caution) or unknown, with its summary, files edited, lessons and commits; for a file, first any open ' +
    'refactor plan that touches it. Call it before starting a change.',
  input: z
    .object({
      file: z
        .string()
        .trim()
        .min(1)
        .max(1000)
        .optional()
        .describe('A file path or its end, e.g. "services/gateway/src/auth.guards.ts".'),
      task: z
        .string()
        .trim()
        .min(3)
        .max(1000)
        .optional()
        .describe('The task in a sentence, e.g. "add rate limiting to the login route".'),
      project: projectInput('sessions'),
      cursor,
    })
    .refine((v) => (v.file === undefined) !== (v.task === undefined), {
      message: 'give exactly one of file or task',
      path: ['file'],
    }),
  readOnly: true,
  async run(input, context) {
    const offset = decodeCursor(this.name, input.cursor);
    const by = input.file !== undefined ? { file: input.file } : { task: input.task! };
    const failed = new Map<string, FailedClusterItem>();
    const plans = new Map<string, RefactorPlanItem>();
    const items = await projectFirst(
      async (project) => {
        const answer = await context.client.priorWork(by, { project, limit: PRIOR_LIMIT });
        for (const cluster of answer.failedClusters ?? [])
          if (!failed.has(cluster.clusterId)) failed.set(cluster.clusterId, cluster);
        for (const plan of answer.refactorPlans ?? [])
          if (!plans.has(plan.planId)) plans.set(plan.planId, plan);
        return answer.sessions ?? answer.items ?? [];
      },
      {
        named: input.project,
        current: context.project,
        want: PRIOR_LIMIT,
        key: (item) => item.sessionId,
        projectOf: (item) => item.project,
      },
    );
    const warning =
      (offset === 0 && plans.size > 0 ? `${renderOpenPlans([...plans.values()])}\n\n` : '') +
      (offset === 0 && failed.size > 0 ? `${renderFailedClusters([...failed.values()])}\n\n` : '');
    if (items.length <= offset)
      return offset === 0
        ? `${warning}No earlier session worked on ${input.file ?? `"${input.task}"`}.`
        : 'No more results.';
    return fitResult(
      this.name,
      warning +
        pageOfItems(items, offset, renderPriorWork, { tool: this.name, moreMayExist: false }).text,
      context.spillDir,
    );
  },
});

export const priorDecisions = tool({
  name: 'prior_decisions',
  title: 'Prior decisions on a topic',
  description:
    'What was decided before about a topic (in this repository first, then others, marked as such): each decision with its stance (chose, rejected, deferred) and rationale. ' +
    'Use it before proposing a design, a library or an approach. A rejection is context to revisit, never a veto: ' +
    'say so if you go against one, with what changed.',
  input: z.object({
    query: z
      .string()
      .trim()
      .min(2)
      .max(500)
      .describe('The topic, e.g. "message queue" or "ORM for the billing service".'),
    project: projectInput('decisions'),
    cursor,
  }),
  readOnly: true,
  async run(input, context) {
    const offset = decodeCursor(this.name, input.cursor);
    let note: string | undefined;
    const decisions = await projectFirst(
      async (project) => {
        const answer = await context.client.priorDecisions(input.query, {
          project,
          limit: PRIOR_LIMIT,
        });
        note ??= answer.note;
        return answer.decisions ?? [];
      },
      {
        named: input.project,
        current: context.project,
        want: PRIOR_LIMIT,
        key: decisionKey,
        projectOf: (d) => d.project,
      },
    );
    if (decisions.length <= offset)
      return offset === 0 ? `No earlier decision about "${input.query}".` : 'No more results.';
    const page = pageOfItems(
      decisions,
      offset,
      ({ item: d, elsewhere }, i) =>
        `${i + 1}. ${d.stance.toUpperCase()}: ${d.topic} (${day(d.decidedAt ?? d.occurredAt)}${d.sessionId ? `, session ${d.sessionId}` : ''}${elsewhere ? ELSEWHERE(d.project).replace(' · ', ', ') : ''})` +
        (d.rationale ? `\n   why: ${d.rationale}` : ''),
      { tool: this.name, moreMayExist: false },
    );
    return fitResult(this.name, page.text + (note ? `\n\n${note}` : ''), context.spillDir);
  },
});

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
    'the whole picture after a long session or a compaction. Long documents come in pages with a cursor.',
  input: z.object({
    kind: z
      .enum(['claude_md', 'memory_block'])
      .default('claude_md')
      .describe('claude_md (the full document) or memory_block (the short block).'),
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

export const markVisited = tool({
  name: 'mark_visited',
  title: 'Mark code as looked at',
  description:
    'Record that you have read a file or a part of it in this session, with a note of what you learned, so that later ' +
    '(after a compaction, or in a subagent) recall_visited tells you not to read it again. Marking the same place again refreshes it.',
  input: z.object({
    path: z.string().trim().min(1).max(2000).describe('The file path (or URL) you looked at.'),
    startLine: z.number().int().min(1).optional().describe('First line read, if only a part.'),
    endLine: z.number().int().min(1).optional().describe('Last line read, if only a part.'),
    symbol: z
      .string()
      .max(500)
      .optional()
      .describe('The function, class or section, e.g. "ApiKeyGuard.canActivate".'),
    note: z
      .string()
      .max(1000)
      .optional()
      .describe(
        'What you learned there, in a sentence, e.g. "keys are compared in constant time".',
      ),
    sessionId,
  }),
  readOnly: false,
  async run(input, context) {
    const id = currentSession(input.sessionId, context, this.name);
    const { sessionId: _s, ...given } = input;
    // a symbol found in the working tree is cited by its lines and remembered by its body's hash
    const located =
      given.symbol && context.symbolAt
        ? await context.symbolAt(given.path, given.symbol).catch(() => null)
        : null;
    const mark = located
      ? {
          ...given,
          startLine: given.startLine ?? located.startLine,
          endLine: given.endLine ?? located.endLine,
          bodyHash: located.bodyHash,
        }
      : given;
    await context.client.markVisited(id, mark);
    return `Marked ${visitedPlace(mark)} as visited in session ${id}.`;
  },
});

const renderVisited = (entry: VisitedEntry, index: number) => {
  const at = entry.verifiedAt ?? entry.visitedAt;
  const when = typeof at === 'string' ? ` (${at.slice(0, 16).replace('T', ' ')})` : '';
  const fresh = typeof entry.freshness === 'string' ? ` [${entry.freshness}]` : '';
  return `${index + 1}. ${visitedPlace(entry)}${when}${fresh}${entry.note ? `\n   ${entry.note}` : ''}`;
};

export const recallVisited = tool({
  name: 'recall_visited',
  title: 'What this session already looked at',
  description:
    'List the files and symbols already marked as visited in this session, newest first, with their notes: check it ' +
    'before reading a file again, especially after a compaction. Filter by a part of the path or symbol.',
  input: z.object({
    filter: z
      .string()
      .max(500)
      .optional()
      .describe('Only entries whose path or symbol contains this, e.g. "auth/".'),
    sessionId,
    cursor,
  }),
  readOnly: true,
  async run(input, context) {
    const id = currentSession(input.sessionId, context, this.name);
    const offset = decodeCursor(this.name, input.cursor);
    const answer = await context.client.visited(id, input.filter);
    const entries = answer.visited ?? answer.entries ?? [];
    if (entries.length <= offset)
      return offset === 0
        ? `Nothing marked as visited in session ${id}${input.filter ? ` matching "${input.filter}"` : ''}.`
        : 'No more results.';
    const checked = await Promise.all(entries.map((entry) => freshness(entry, context)));
    return fitResult(
      this.name,
      pageOfItems(checked, offset, renderVisited, { tool: this.name, moreMayExist: false }).text,
      context.spillDir,
    );
  },
});

/**
 * An entry marked with a symbol's body hash, checked against the working tree: unchanged (cite it),
 * changed since it was verified (read it again), or gone.
 */
async function freshness(entry: VisitedEntry, context: ToolContext): Promise<VisitedEntry> {
  if (!context.symbolAt || !entry.symbol || !entry.bodyHash || !entry.path) return entry;
  const now = await context.symbolAt(entry.path, entry.symbol).catch(() => undefined);
  if (now === undefined) return entry;
  const state =
    now === null
      ? 'not found in the file now: read it again'
      : now.bodyHash === entry.bodyHash
        ? `unchanged since verified, now at L${now.startLine}-L${now.endLine}`
        : `changed since verified (now L${now.startLine}-L${now.endLine}): read it again`;
  return { ...entry, freshness: state };
}

export const driftSince = tool({
  name: 'drift_since',
  title: "What changed in a file's structure",
  description:
    'What changed in the structure of a file since a time, e.g. since you last read it: symbols added, removed, ' +
    'renamed, moved, with a changed signature or body, each with its line range now. Far cheaper than reading the ' +
    'file again. When no snapshot of the file predates the time, it says so and lists its symbols now instead.',
  input: z.object({
    path: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .describe('The file, from the repository root or absolute, e.g. "src/auth/session.ts".'),
    since: z.iso
      .datetime({ offset: true })
      .or(z.iso.date())
      .describe('The time to compare with, e.g. 2026-12-01 or 2026-12-01T14:30:00Z.'),
    project: z
      .string()
      .max(2000)
      .optional()
      .describe('The repository (its root path) the path is in. Default: the current one.'),
  }),
  readOnly: true,
  async run(input, context) {
    // an absolute path names its project itself (the snapshots may come from another checkout)
    const project = input.project ?? (input.path.startsWith('/') ? undefined : context.project);
    const answer = await context.client.drift({
      path: input.path,
      since: input.since,
      ...(project ? { project } : {}),
    });
    return fitResult(this.name, answer.text, context.spillDir);
  },
});

function renderSkillCandidate(candidate: SkillCandidateItem, index: number): string {
  return (
    `${index + 1}. ${candidate.name} [${candidate.status}] · id ${candidate.candidateId}\n   ${candidate.description}` +
    (candidate.steps.length
      ? `\n   steps: ${candidate.steps.map((step, i) => `(${i + 1}) ${step}`).join(' ')}`
      : '') +
    listOf('files', candidate.files) +
    listOf('commands', candidate.commands) +
    listOf('from sessions', candidate.sourceSessionIds)
  );
}

export const skillCandidates = tool({
  name: 'skill_candidates',
  title: 'Skill candidates from repeated work',
  description:
    'Recurring successful work Mnemo found in earlier sessions, proposed as Claude Code skills (name, when to use it, steps, ' +
    'files, commands). action "list" (default) shows them; "accept", "dismiss" or "edit" (with name, description or steps) ' +
    'decides one by its candidateId. Accepted ones are written out with `npx mnemo skills export DIR`. Decide only when the person asks.',
  input: z.object({
    action: z
      .enum(['list', 'accept', 'dismiss', 'edit'])
      .default('list')
      .describe('list (default) shows the candidates; accept, dismiss or edit decides one.'),
    status: z
      .enum(['proposed', 'accepted', 'dismissed'])
      .optional()
      .describe('list only: candidates of this status (default: all).'),
    candidateId: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('accept, dismiss, edit: which candidate.'),
    name: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      .max(64)
      .optional()
      .describe('edit: the new name (lowercase letters, digits, hyphens).'),
    description: z.string().trim().min(1).max(1024).optional().describe('edit: when to use it.'),
    steps: z
      .array(z.string().trim().min(1).max(500))
      .max(30)
      .optional()
      .describe('edit: the steps.'),
  }),
  readOnly: false,
  async run(input, context) {
    if (input.action === 'list') {
      const { candidates } = await context.client.skillCandidates(input.status);
      if (candidates.length === 0) return 'No skill candidates yet.';
      return fitResult(
        this.name,
        candidates.map(renderSkillCandidate).join('\n'),
        context.spillDir,
      );
    }
    if (!input.candidateId) throw new ToolInputError(`candidateId: required to ${input.action}`);
    if (input.action === 'edit') {
      const patch = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.steps !== undefined ? { steps: input.steps } : {}),
      };
      if (Object.keys(patch).length === 0)
        throw new ToolInputError('name: give a name, a description or steps to edit');
      return `Edited:\n${renderSkillCandidate(await context.client.editSkillCandidate(input.candidateId, patch), 0)}`;
    }
    const decided = await context.client.decideSkillCandidate(input.candidateId, input.action);
    return `${input.action === 'accept' ? 'Accepted' : 'Dismissed'}:\n${renderSkillCandidate(decided, 0)}`;
  },
});

const LOG_SEVERITIES = ['fatal', 'error', 'warn', 'info', 'debug'] as const;
const dateOrTime = z.iso.datetime({ offset: true }).or(z.iso.date());
/** A date alone is its day's start (UTC). */
const startOf = (value: string | undefined) =>
  value && value.length === 10 ? `${value}T00:00:00Z` : value;

const counted = (label: string, values: Record<string, number> | undefined) => {
  const top = Object.entries(values ?? {})
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3);
  return top.length ? `\n   ${label}: ${top.map(([name, n]) => `${name} (${n})`).join(', ')}` : '';
};

function renderLogFact(fact: LogFact, index: number): string {
  const examples = (fact.examples ?? []).slice(0, 3);
  return (
    `${index + 1}. [${fact.change ?? 'seen'} · ${fact.severity ?? 'unknown'}] ${fact.template}` +
    `\n   ${fact.countInWindow ?? 0} lines in the window (${fact.ratePerHour ?? 0}/h, ${fact.countBefore ?? 0} the window before), ` +
    `${fact.count ?? 0} in all; first seen ${fact.firstSeenAt ?? '?'}, last ${fact.lastSeenAt} · template ${fact.templateId}` +
    counted('units', fact.units) +
    counted('hosts', fact.hosts) +
    (examples.length
      ? `\n   e.g. ${examples.map((e) => e.slice(0, 300)).join('\n        ')}`
      : '') +
    counted('values', fact.shapes)
  );
}

export const logFacts = tool({
  name: 'log_facts',
  title: 'What the running system logged',
  description:
    'What the running system said in its logs (journald, log files, OpenTelemetry), folded into templates with the ' +
    'variable parts as <*>: each with its lines in a time window, rate per hour, change against the window before ' +
    '(new, rising, steady, falling), severity, units, hosts and up to 3 redacted examples. Use it to set an error, a ' +
    'slow request or a failed deploy beside what the code does, or to ask what was emitted while a session ran. ' +
    'Default window: the last 24 hours, busiest first.',
  input: z.object({
    words: z
      .string()
      .trim()
      .max(500)
      .optional()
      .describe(
        'Words that must all appear in the template or its examples, e.g. "timeout redis".',
      ),
    unit: z
      .string()
      .trim()
      .min(1)
      .max(256)
      .optional()
      .describe('Only lines of this unit or service, e.g. "nginx.service".'),
    severity: z
      .enum(LOG_SEVERITIES)
      .optional()
      .describe('Only templates with lines of this severity or a graver one, e.g. "error".'),
    change: z
      .enum(['new', 'rising'])
      .optional()
      .describe(
        'new: first seen in the window; rising: at least twice as many lines as the window before.',
      ),
    since: dateOrTime
      .optional()
      .describe(
        'The window starts here, e.g. 2026-12-01 or 2026-12-01T14:30:00Z (default 24 h ago).',
      ),
    until: dateOrTime.optional().describe('The window ends here (default now).'),
    sessionId: z
      .string()
      .regex(/^[A-Za-z0-9_\-:]{1,128}$/, 'letters, digits, _, - and : only')
      .optional()
      .describe(
        "The window is the time this Mnemo session ran, e.g. the current one's id: what the system emitted meanwhile. Instead of since/until.",
      ),
    project: z
      .string()
      .trim()
      .min(1)
      .max(1000)
      .optional()
      .describe(
        'Only the logs written for this project (the name or repository root its log sources were set up with). Default: every project.',
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(10)
      .describe('At most this many templates (default 10).'),
  }),
  readOnly: true,
  async run(input, context) {
    if (input.sessionId && (input.since || input.until))
      throw new ToolInputError('sessionId: give a session or a since/until window, not both');
    const answer = await context.client.logFacts({
      limit: input.limit,
      ...(input.words ? { q: input.words } : {}),
      ...(input.unit ? { unit: input.unit } : {}),
      ...(input.severity ? { severity: input.severity } : {}),
      ...(input.change ? { change: input.change } : {}),
      ...(input.since ? { since: startOf(input.since) } : {}),
      ...(input.until ? { until: startOf(input.until) } : {}),
      ...(input.sessionId ? { sessionId: input.sessionId } : {}),
      ...(input.project ? { project: input.project } : {}),
    });
    const window = `${answer.since ?? '?'} to ${answer.until ?? '?'}${input.sessionId ? ` (session ${input.sessionId})` : ''}`;
    if (answer.facts.length === 0)
      return `No log template matches in ${window}. Widen the window, or drop filters.`;
    return fitResult(
      this.name,
      `Log templates from ${window}:\n${answer.facts.map(renderLogFact).join('\n')}`,
      context.spillDir,
    );
  },
});

const planSteps = z.array(z.string().trim().min(1).max(500)).min(1).max(50);
const planFiles = z.array(z.string().trim().min(1).max(1000)).max(200);

export const refactorPlans = tool({
  name: 'refactor_plans',
  title: 'Refactor plans across sessions',
  description:
    'Plans for a change that spans sessions (goal, steps, files, status), so the next session picks it up. action "list" ' +
    '(default) shows them (open ones by default); "record" saves a new plan (goal, steps, files); "update" changes one by its ' +
    'planId (status done or abandoned, or new steps). prior_work names an open plan that touches the file asked about.',
  input: z.object({
    action: z
      .enum(['list', 'record', 'update'])
      .default('list')
      .describe('list (default), record a new plan, or update one.'),
    status: z
      .enum(['open', 'done', 'abandoned'])
      .optional()
      .describe('list: plans of this status (default open); update: the new status.'),
    planId: z.string().trim().min(1).max(200).optional().describe('update: which plan.'),
    goal: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .optional()
      .describe('record: what the change is for, in a sentence.'),
    steps: planSteps.optional().describe('record (required), update: the steps, in order.'),
    files: planFiles
      .optional()
      .describe('record, update: the files the change touches (repository-relative paths).'),
    project: projectInput('plans'),
  }),
  readOnly: false,
  async run(input, context) {
    const project = input.project ?? context.project;
    if (input.action === 'list') {
      const { plans } = await context.client.refactorPlans({
        status: input.status ?? 'open',
        ...(input.project !== undefined ? { project: input.project } : {}),
      });
      if (plans.length === 0) return `No ${input.status ?? 'open'} refactor plans.`;
      return fitResult(this.name, plans.map(renderRefactorPlan).join('\n'), context.spillDir);
    }
    if (input.action === 'record') {
      if (!input.goal) throw new ToolInputError('goal: required to record a plan');
      if (!input.steps) throw new ToolInputError('steps: required to record a plan');
      const sessionId = context.sessionId?.();
      const plan = await context.client.recordRefactorPlan({
        goal: input.goal,
        steps: input.steps,
        files: input.files ?? [],
        ...(project ? { project } : {}),
        ...(sessionId ? { sessionId } : {}),
      });
      return `Recorded:\n${renderRefactorPlan(plan, 0)}`;
    }
    if (!input.planId) throw new ToolInputError('planId: required to update a plan');
    const patch = {
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.steps !== undefined ? { steps: input.steps } : {}),
      ...(input.files !== undefined ? { files: input.files } : {}),
    };
    if (Object.keys(patch).length === 0)
      throw new ToolInputError('status: give a status, steps or files to update');
    return `Updated:\n${renderRefactorPlan(await context.client.updateRefactorPlan(input.planId, patch), 0)}`;
  },
});

/**
 * Every tool, in the order an agent sees them. Twelve: each definition costs context on every turn,
 * so a new tool must earn its place.
 */
export const MNEMO_TOOLS: readonly MnemoTool[] = [
  recallConversation,
  priorWork,
  priorDecisions,
  searchMemories,
  rememberFact,
  getContext,
  markVisited,
  recallVisited,
  driftSince,
  skillCandidates,
  logFacts,
  refactorPlans,
];
