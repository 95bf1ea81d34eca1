import { MnemoApiError, MnemoUnavailableError } from './mnemo-client.errors';
import type {
  ClaudeMdAnswer,
  MemoryBlockAnswer,
  MemorySearchAnswer,
  PriorDecisionsAnswer,
  PriorWorkAnswer,
  RecallAnswer,
  RecallRequest,
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
 * Mnemo's public HTTP API, as an agent's tools and hooks use it (issue 9: they are clients like any
 * other, at MNEMO_URL with MNEMO_API_KEY). No retries: a caller with a deadline decides what to do.
 */
export class MnemoClient {
  constructor(private readonly options: MnemoClientOptions) {}

  recall(request: RecallRequest): Promise<RecallAnswer> {
    return this.send('POST', '/v1/recall', undefined, request);
  }

  priorWork(by: { file: string } | { task: string }): Promise<PriorWorkAnswer> {
    return this.send('GET', '/v1/prior-work', by);
  }

  priorDecisions(q: string): Promise<PriorDecisionsAnswer> {
    return this.send('GET', '/v1/prior-decisions', { q });
  }

  searchMemories(q: string, category: string | undefined, limit: number): Promise<MemorySearchAnswer> {
    return this.send('GET', '/v1/memories/search', { q, category, limit });
  }

  createMemory(body: { content: string; category?: string }): Promise<{ id: string; content: string; factType: string; version: number }> {
    return this.send('POST', '/v1/memories', undefined, body);
  }

  claudeMd(sessionId: string): Promise<ClaudeMdAnswer> {
    return this.send('GET', '/v1/context/claude-md', { sessionId, format: 'json' });
  }

  memoryBlock(): Promise<MemoryBlockAnswer> {
    return this.send('GET', '/v1/context/memory-block');
  }

  markVisited(sessionId: string, mark: VisitedMark): Promise<unknown> {
    return this.send('POST', `/v1/sessions/${encodeURIComponent(sessionId)}/visited`, undefined, mark);
  }

  visited(sessionId: string, filter?: string): Promise<VisitedAnswer> {
    return this.send('GET', `/v1/sessions/${encodeURIComponent(sessionId)}/visited`, { filter });
  }

  sessions(limit: number, cursor?: string): Promise<SessionListAnswer> {
    return this.send('GET', '/v1/sessions', { limit, cursor });
  }

  turns(sessionId: string, afterSeq: number, limit: number): Promise<TurnsAnswer> {
    return this.send('GET', `/v1/sessions/${encodeURIComponent(sessionId)}/turns`, { afterSeq, limit });
  }

  private async send<T>(method: 'GET' | 'POST', path: string, query?: Query, body?: unknown): Promise<T> {
    const url = new URL(path, this.options.url);
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const timeout = AbortSignal.timeout(Math.max(1, Math.floor(this.options.timeoutMs)));
    const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        signal,
        headers: { authorization: `Bearer ${this.options.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      const reason = timeout.aborted ? `no answer within ${this.options.timeoutMs} ms` : causeOf(error);
      throw new MnemoUnavailableError(`Mnemo at ${this.options.url} is not reachable (${reason})`, { cause: error });
    }
    const text = await response.text().catch(() => '');
    const json = parseJson(text);
    if (!response.ok) throw MnemoApiError.fromAnswer(response.status, method, path, json);
    return json as T;
  }
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    return { raw: text.slice(0, 500) };
  }
}

/** fetch hides the reason in `cause` (ECONNREFUSED, ENOTFOUND, …). */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
}
