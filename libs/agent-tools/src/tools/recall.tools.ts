import { z } from 'zod';
import type {
  FailedClusterItem,
  PriorDecision,
  PriorWorkItem,
  RecallHit,
  RefactorPlanItem,
} from '@mnemo/mnemo-client';
import { decodeCursor, fitResult, pageOfItems } from '../tool-output';
import { cursor, day, tool } from '../tool';
import { ELSEWHERE, type Placed, projectFirst, projectInput } from '../project-first';
import { listOf, renderRefactorPlan } from '../render';

const RECALL_CAP = 50;
/** Sessions or decisions asked of each place (the routes' own default). */
const PRIOR_LIMIT = 10;
/** A decision's identity across the two asks: its id where the route gives it. */
const decisionKey = (d: PriorDecision) => String(d.decisionId ?? `${d.sessionId ?? ''}|${d.topic}`);

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
    'What was decided before about a topic (in this repository first, then others, marked as such): each decision with its stance (chose, rejected, deferred, or convention for a standing rule) and rationale. ' +
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
