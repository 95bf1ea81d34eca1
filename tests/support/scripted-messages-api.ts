import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export type ScriptedBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export interface MessagesRequest {
  model: string;
  system?: unknown;
  messages: Array<{ role: string; content: unknown }>;
  tools?: Array<{ name: string }>;
  stream?: boolean;
}

/** Everything a request carries as text (system, messages, tool results), for assertions. */
export const requestText = (request: MessagesRequest): string =>
  JSON.stringify([request.system ?? '', request.messages]);

/**
 * A local Anthropic Messages API that answers from a script, in the streaming event format the
 * Claude Code CLI expects (CLAUDE-CODE.md Part D), and keeps every request it was sent.
 */
export class ScriptedMessagesApi {
  readonly requests: MessagesRequest[] = [];
  private server: Server | null = null;

  constructor(
    private readonly script: (request: MessagesRequest, index: number) => ScriptedBlock[],
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
      res
        .writeHead(req.method === 'HEAD' ? 200 : 404, { 'content-type': 'application/json' })
        .end(req.method === 'HEAD' ? undefined : '{}');
      return;
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    const request = JSON.parse(body) as MessagesRequest;
    if (req.url.startsWith('/v1/messages/count_tokens')) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ input_tokens: 100 }));
      return;
    }
    const index = this.requests.push(request) - 1;
    const blocks = this.script(request, index);
    if (request.stream === false) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(message(request.model, index, blocks)));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const [event, data] of streamEvents(request.model, index, blocks))
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    res.end();
  }
}

const usage = {
  input_tokens: 100,
  output_tokens: 20,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};
const stopReason = (blocks: ScriptedBlock[]) =>
  blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';

function message(model: string, index: number, blocks: ScriptedBlock[]) {
  return {
    id: `msg_scripted_${index}`,
    type: 'message',
    role: 'assistant',
    model,
    content: blocks,
    stop_reason: stopReason(blocks),
    stop_sequence: null,
    usage,
  };
}

function streamEvents(
  model: string,
  index: number,
  blocks: ScriptedBlock[],
): Array<[string, unknown]> {
  const events: Array<[string, unknown]> = [
    [
      'message_start',
      {
        type: 'message_start',
        message: {
          ...message(model, index, []),
          stop_reason: null,
          usage: { ...usage, output_tokens: 1 },
        },
      },
    ],
  ];
  blocks.forEach((block, i) => {
    if (block.type === 'text') {
      events.push([
        'content_block_start',
        { type: 'content_block_start', index: i, content_block: { type: 'text', text: '' } },
      ]);
      events.push([
        'content_block_delta',
        { type: 'content_block_delta', index: i, delta: { type: 'text_delta', text: block.text } },
      ]);
    } else {
      events.push([
        'content_block_start',
        {
          type: 'content_block_start',
          index: i,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        },
      ]);
      events.push([
        'content_block_delta',
        {
          type: 'content_block_delta',
          index: i,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
        },
      ]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index: i }]);
  });
  events.push([
    'message_delta',
    {
      type: 'message_delta',
      delta: { stop_reason: stopReason(blocks), stop_sequence: null },
      usage: { output_tokens: 20 },
    },
  ]);
  events.push(['message_stop', { type: 'message_stop' }]);
  return events;
}
