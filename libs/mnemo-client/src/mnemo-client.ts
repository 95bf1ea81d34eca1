import { MnemoApiError, MnemoUnavailableError } from './mnemo-client.errors';
import type {
  BriefingAnswer,
  MetricDaysAnswer,
  ClaudeMdAnswer,
  DriftAnswer,
  IngestEvent,
  LogFactsAnswer,
  LogFactsQuery,
  MeasurementInput,
  MemoryListAnswer,
  MemoryBlockAnswer,
  MemorySearchAnswer,
  PlanItem,
  PlanMeasureInput,
  PriorDecisionsAnswer,
  PriorWorkAnswer,
  RecallAnswer,
  RecallRequest,
  RefactorPlanItem,
  RefactorPlansAnswer,
  RefactorPlanStatus,
  SkillCandidateItem,
  SkillCandidatesAnswer,
  RememberAnswer,
  SessionListAnswer,
  TurnsAnswer,
  VisitedAnswer,
  VisitedMark,
} from './mnemo-client.types';

export interface MnemoClientOptions {
  /** The gateway, e.g. http://127.0.0.1:8080. */
  url: string;
  apiKey: string;
  /** Each request is aborted after this long: a slow Mnemo answers an error, never a hang. */
  timeoutMs: number;
  /** Aborts every request of this client at once (a hook's overall deadline). */
  signal?: AbortSignal;
}

type Query = Record<string, string | number | undefined>;

/**
 * Mnemo's public HTTP API, as an agent's tools and hooks use it: they are clients like any other, at
 * MNEMO_URL with MNEMO_API_KEY. No retries: a caller with a deadline decides what to do.
 */
export class MnemoClient {
  constructor(private readonly options: MnemoClientOptions) {}

  recall(request: RecallRequest): Promise<RecallAnswer> {
    return this.send('POST', '/v1/recall', undefined, request);
  }

  priorWork(
    by: { file: string } | { task: string },
    scope: { project?: string; limit?: number } = {},
  ): Promise<PriorWorkAnswer> {
    return this.send('GET', '/v1/prior-work', { ...by, ...scope });
  }

  /** A project's newest sessions with their verdicts and edited files (prior-work with neither file nor task). */
  projectSessions(project: string, limit: number): Promise<PriorWorkAnswer> {
    return this.send('GET', '/v1/prior-work', { project, limit });
  }

  /**
   * A project's newest decisions, distilled from summaries and settled in its sessions' talk, with the
   * person's stated ways of working when asked (prior-decisions with no question).
   */
  projectDecisions(
    project: string,
    limit: number,
    options: { preferences?: boolean } = {},
  ): Promise<PriorDecisionsAnswer> {
    return this.send('GET', '/v1/prior-decisions', {
      project,
      limit,
      ...(options.preferences ? { preferences: 'true' } : {}),
    });
  }

  /** The account's newest memories of one category (`Decisions`, `Preferences`, …). */
  memories(category: string, pageSize: number): Promise<MemoryListAnswer> {
    return this.send('GET', '/v1/memories', { category, pageSize });
  }

  /** Runtime log templates seen lately, with their change against the window before (GET /v1/log-facts). */
  logFacts(query: LogFactsQuery): Promise<LogFactsAnswer> {
    return this.send('GET', '/v1/log-facts', query);
  }

  /** Skill candidates (docs/learning.md), of one status or all. */
  skillCandidates(status?: 'proposed' | 'accepted' | 'dismissed'): Promise<SkillCandidatesAnswer> {
    return this.send('GET', '/v1/skills/candidates', { status });
  }

  decideSkillCandidate(
    candidateId: string,
    decision: 'accept' | 'dismiss',
  ): Promise<SkillCandidateItem> {
    return this.send(
      'POST',
      `/v1/skills/candidates/${encodeURIComponent(candidateId)}/${decision}`,
    );
  }

  editSkillCandidate(
    candidateId: string,
    patch: { name?: string; description?: string; steps?: string[] },
  ): Promise<SkillCandidateItem> {
    return this.send(
      'PATCH',
      `/v1/skills/candidates/${encodeURIComponent(candidateId)}`,
      undefined,
      patch,
    );
  }

  /** Refactor plans (docs/learning.md), of one status or all, in a project or all. */
  refactorPlans(
    filter: { status?: RefactorPlanStatus; project?: string } = {},
  ): Promise<RefactorPlansAnswer> {
    return this.send('GET', '/v1/refactor-plans', filter);
  }

  recordRefactorPlan(plan: {
    goal: string;
    steps: string[];
    files?: string[];
    project?: string;
    sessionId?: string;
  }): Promise<RefactorPlanItem> {
    return this.send('POST', '/v1/refactor-plans', undefined, plan);
  }

  updateRefactorPlan(
    planId: string,
    patch: { status?: RefactorPlanStatus; steps?: string[]; files?: string[] },
  ): Promise<RefactorPlanItem> {
    return this.send('PATCH', `/v1/refactor-plans/${encodeURIComponent(planId)}`, undefined, patch);
  }

  /** The accepted candidates as SKILL.md files. */
  exportSkills(): Promise<{ skills: Array<{ name: string; path: string; content: string }> }> {
    return this.send('GET', '/v1/skills/export');
  }

  priorDecisions(
    q: string,
    scope: { project?: string; limit?: number } = {},
  ): Promise<PriorDecisionsAnswer> {
    return this.send('GET', '/v1/prior-decisions', { q, ...scope });
  }

  searchMemories(
    q: string,
    category: string | undefined,
    limit: number,
  ): Promise<MemorySearchAnswer> {
    return this.send('GET', '/v1/memories/search', { q, category, limit });
  }

  createMemory(body: {
    content: string;
    category?: string;
  }): Promise<{ id: string; content: string; factType: string; version: number }> {
    return this.send('POST', '/v1/memories', undefined, body);
  }

  /**
   * A fact the coach heard in the person's current message of a session (memory's health rule: one per
   * answer; a health detail is only proposed).
   */
  rememberFact(body: {
    sessionId: string;
    fact: string;
    category?: string;
  }): Promise<RememberAnswer> {
    return this.send('POST', '/v1/memories/remember', undefined, body);
  }

  /** A batch of the person's own measurements (POST /v1/measurements): all or nothing, a retry counted as duplicates. */
  recordMeasurements(
    measurements: readonly MeasurementInput[],
  ): Promise<{ accepted: number; duplicates: number }> {
    return this.send('POST', '/v1/measurements', undefined, { measurements });
  }

  /** propose_plan (POST /v1/plans): one per answer, three open at most; the person activates it. */
  proposePlan(body: {
    sessionId: string;
    title: string;
    steps?: string[];
    reviewDays?: number;
    measure?: PlanMeasureInput;
  }): Promise<PlanItem> {
    return this.send('POST', '/v1/plans', undefined, body);
  }

  plans(): Promise<{ plans: PlanItem[] }> {
    return this.send('GET', '/v1/plans');
  }

  /** A metric's days per unit, with its robust baseline and band (GET /v1/measurements/{metric}). */
  measurementDays(metric: string, lookbackDays?: number): Promise<MetricDaysAnswer> {
    return this.send('GET', `/v1/measurements/${encodeURIComponent(metric)}`, { lookbackDays });
  }

  /** The two-line briefing on the active plans' progress (GET /v1/briefing). */
  briefing(): Promise<BriefingAnswer> {
    return this.send('GET', '/v1/briefing');
  }

  claudeMd(sessionId: string): Promise<ClaudeMdAnswer> {
    return this.send('GET', '/v1/context/claude-md', { sessionId, format: 'json' });
  }

  memoryBlock(): Promise<MemoryBlockAnswer> {
    return this.send('GET', '/v1/context/memory-block');
  }

  markVisited(sessionId: string, mark: VisitedMark): Promise<unknown> {
    return this.send(
      'POST',
      `/v1/sessions/${encodeURIComponent(sessionId)}/visited`,
      undefined,
      mark,
    );
  }

  visited(sessionId: string, filter?: string): Promise<VisitedAnswer> {
    return this.send('GET', `/v1/sessions/${encodeURIComponent(sessionId)}/visited`, { filter });
  }

  /** drift_since: what changed in a file's structure since a time (GET /v1/drift). */
  drift(query: {
    path: string;
    since: string;
    project?: string;
    baselineSymbols?: 'true' | 'false';
  }): Promise<DriftAnswer> {
    return this.send('GET', '/v1/drift', query);
  }

  /**
   * Events this machine produced (symbol snapshots, …) through `POST /v1/events`; the account and
   * producer are the gateway's to set. At most 1,000 events and 5 MB a call.
   */
  sendEvents(events: readonly IngestEvent[]): Promise<{ accepted: number; duplicates: number }> {
    return this.send('POST', '/v1/events', undefined, { events });
  }

  /** The account's sessions, newest first; with `project`, only that project's (GET /v1/sessions?project=). */
  sessions(
    limit: number,
    options: { cursor?: string; project?: string } = {},
  ): Promise<SessionListAnswer> {
    return this.send('GET', '/v1/sessions', {
      limit,
      cursor: options.cursor,
      project: options.project,
    });
  }

  turns(sessionId: string, afterSeq: number, limit: number): Promise<TurnsAnswer> {
    return this.send('GET', `/v1/sessions/${encodeURIComponent(sessionId)}/turns`, {
      afterSeq,
      limit,
    });
  }

  private async send<T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    query?: Query,
    body?: unknown,
  ): Promise<T> {
    const url = new URL(path, this.options.url);
    for (const [key, value] of Object.entries(query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const timeout = AbortSignal.timeout(Math.max(1, Math.floor(this.options.timeoutMs)));
    const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let answer: { status: number; text: string };
    try {
      answer = await exchange(url, {
        method,
        signal,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
              }),
        },
        body: payload,
      });
    } catch (error) {
      const reason = timeout.aborted
        ? `no answer within ${this.options.timeoutMs} ms`
        : causeOf(error);
      throw new MnemoUnavailableError(`Mnemo at ${this.options.url} is not reachable (${reason})`, {
        cause: error,
      });
    }
    const json = parseJson(answer.text);
    if (answer.status < 200 || answer.status >= 300)
      throw MnemoApiError.fromAnswer(answer.status, method, path, json);
    return json as T;
  }
}

/**
 * One request over node:http(s) rather than fetch: a hook is a new process per prompt, and fetch's
 * first call loads and compiles Node's bundled undici, the largest part of a hook's start-up (docs/cli.md).
 * It asks for no compression: the gateway would gzip a cached context, and loading zlib in a fresh
 * process (5-7 ms here) costs a hook more than the bytes it saves from a gateway on the same machine.
 */
function exchange(
  url: URL,
  init: { method: string; signal: AbortSignal; headers: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    // https (and TLS with it) only for an https URL
    const transport: Pick<typeof import('node:http'), 'request'> =
      url.protocol === 'https:'
        ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when used
          (require('node:https') as typeof import('node:https'))
        : // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when used
          (require('node:http') as typeof import('node:http'));
    const request = transport.request(
      url,
      { method: init.method, headers: init.headers, signal: init.signal },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    return { raw: text.slice(0, 500) };
  }
}

/** The reason a request failed: the socket's code (ECONNREFUSED, ENOTFOUND, …) where there is one. */
function causeOf(error: unknown): string {
  const e = error as {
    code?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  return e?.code ?? e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error);
}
