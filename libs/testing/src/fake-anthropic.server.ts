import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer. `delayMs` holds any answer back, to drive client timeouts. */
export type FakeReply = (
  | {
      kind: 'text';
      text: string;
      inputTokens?: number;
      outputTokens?: number;
      model?: string;
      stopReason?: string;
    }
  | { kind: 'status'; status: number; message?: string; retryAfterMs?: number }
  | { kind: 'malformed'; body?: string }
) & { delayMs?: number };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
}

export interface FakeAnthropic {
  /** `http://127.0.0.1:<port>`: pass as the SDK's baseURL (or ANTHROPIC_BASE_URL). */
  url: string;
  /** Queues answers, served in order; an empty queue answers with the default reply. */
  script(...replies: FakeReply[]): void;
  /**
   * Answers by request instead of by order, for several callers at once (a reply for the profile, another
   * for insights): a route's reply wins over the queue; `undefined` falls through to it. Null removes it.
   */
  route(responder: FakeResponder | null): void;
  readonly requests: RecordedRequest[];
  /** The requests answered 200 with a message, in answer order: what a provider would bill (a client that gave up is not answered). */
  readonly billed: RecordedRequest[];
  close(): Promise<void>;
}

/** Picks the reply for one request body, or `undefined` to leave it to the queue. */
export type FakeResponder = (body: unknown) => FakeReply | undefined;

/** The system prompt of a Messages API request body, whatever its shape (a string or text blocks). */
export function systemOf(body: unknown): string {
  const system = (body as { system?: unknown } | null)?.system;
  if (typeof system === 'string') return system;
  if (Array.isArray(system))
    return system.map((block) => (block as { text?: string }).text ?? '').join('\n');
  return '';
}

export interface FakeAnthropicOptions {
  port?: number;
  defaultReply?: FakeReply;
}

export const textReply = (
  text: string,
  usage: { inputTokens?: number; outputTokens?: number } = {},
): FakeReply => ({ kind: 'text', text, ...usage });

const errorType = (status: number): string =>
  status === 429
    ? 'rate_limit_error'
    : status === 529
      ? 'overloaded_error'
      : status >= 500
        ? 'api_error'
        : status === 401
          ? 'authentication_error'
          : 'invalid_request_error';

const chars = (body: unknown): number => JSON.stringify(body ?? '').length;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, reply: FakeReply, body: unknown, seq: number): boolean {
  if (res.destroyed) return false; // the client gave up (timeout); nothing to answer
  switch (reply.kind) {
    case 'text': {
      const request = (body ?? {}) as { model?: string };
      const message = {
        id: `msg_fake_${seq}`,
        type: 'message',
        role: 'assistant',
        model: reply.model ?? request.model ?? 'claude-haiku-4-5',
        content: [{ type: 'text', text: reply.text }],
        stop_reason: reply.stopReason ?? 'end_turn',
        stop_sequence: null,
        usage: {
          // Defaults mimic a tokenizer at about four characters a token.
          input_tokens: reply.inputTokens ?? Math.ceil(chars(body) / 4),
          output_tokens: reply.outputTokens ?? Math.ceil(reply.text.length / 4),
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      };
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_fake_${seq}` });
      res.end(JSON.stringify(message));
      return true;
    }
    case 'status': {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'request-id': `req_fake_${seq}`,
      };
      if (reply.retryAfterMs !== undefined) {
        headers['retry-after-ms'] = String(reply.retryAfterMs);
        headers['retry-after'] = String(Math.ceil(reply.retryAfterMs / 1000));
      }
      res.writeHead(reply.status, headers);
      res.end(
        JSON.stringify({
          type: 'error',
          error: {
            type: errorType(reply.status),
            message: reply.message ?? `fake ${reply.status}`,
          },
        }),
      );
      return false;
    }
    case 'malformed':
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_fake_${seq}` });
      res.end(reply.body ?? '{"id": "msg_broken", "content": [ {"type": "text", "text": "cut off');
      return false;
    default: {
      const _never: never = reply;
      throw new Error(`unknown fake reply ${JSON.stringify(_never)}`);
    }
  }
}

/**
 * A local Messages API (POST /v1/messages) that the real @anthropic-ai/sdk talks to in tests:
 * real HTTP, scripted answers, usage numbers, error statuses with retry hints, slow and broken bodies.
 */
export async function startFakeAnthropic(
  options: FakeAnthropicOptions = {},
): Promise<FakeAnthropic> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const billed: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const defaultReply = options.defaultReply ?? textReply('ok');
  let responder: FakeResponder | null = null;

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // recorded as text: a test may want to see what a client sent
      }
      const recorded = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
      };
      requests.push(recorded);
      if (req.method !== 'POST' || !(req.url ?? '').startsWith('/v1/messages')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            type: 'error',
            error: { type: 'not_found_error', message: `no route ${req.method} ${req.url}` },
          }),
        );
        return;
      }
      const reply = responder?.(body) ?? queue.shift() ?? defaultReply;
      const seq = requests.length;
      const answer = () => {
        if (send(res, reply, body, seq)) billed.push(recorded);
      };
      if (!reply.delayMs) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, reply.delayMs);
      timers.add(timer);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    script: (...replies) => void queue.push(...replies),
    route: (next) => {
      responder = next;
    },
    requests,
    billed,
    close: async () => {
      if (!server.listening) return;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
