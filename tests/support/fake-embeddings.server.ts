import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Words that mean the same here: a paraphrase lands on the same coordinates, as with a real model. */
const CONCEPTS: ReadonlyArray<readonly string[]> = [
  ['car', 'automobile', 'vehicle', 'sedan'],
  ['fix', 'fixed', 'repair', 'repaired', 'mend', 'mended', 'patch', 'patched'],
  ['break', 'broke', 'broken', 'fail', 'failed', 'failure', 'stall', 'stalled', 'start'],
  ['garage', 'mechanic', 'workshop'],
  ['money', 'cost', 'price', 'paid', 'pay', 'bill', 'invoice'],
];
const CONCEPT_OF = new Map(
  CONCEPTS.flatMap((words, i) => words.map((word) => [word, `concept:${i}`] as const)),
);
const STOP = new Set([
  'the',
  'a',
  'an',
  'and',
  'or',
  'to',
  'of',
  'in',
  'on',
  'for',
  'it',
  'is',
  'was',
  'we',
  'i',
  'my',
  'did',
  'do',
  'so',
  'had',
  'when',
  'what',
  'how',
  'get',
  'got',
  'would',
  'not',
  'user',
  'assistant',
]);

/**
 * A deterministic embedding: a hashed bag of words, each word first mapped to its concept, normalized
 * to unit length. Texts sharing words or concepts point the same way.
 */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (STOP.has(word)) continue;
    const key = CONCEPT_OF.get(word) ?? word;
    const digest = createHash('sha256').update(key).digest();
    const at = digest.readUInt32BE(0) % dimensions;
    vector[at] = (vector[at] ?? 0) + (digest.readUInt8(4) & 1 ? 1 : -1);
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((x) => x / norm);
}

export type FakeEmbeddingsMode = 'ok' | 'slow' | 'failing';

export interface FakeEmbeddings {
  /** The base URL the OpenAI SDK takes (`…/v1`). */
  url: string;
  mode: FakeEmbeddingsMode;
  /** Texts embedded, in the order asked. */
  inputs: string[];
  /** Requests whose caller hung up before the answer (a slow mode's requests, once the caller's bound passed). */
  abandoned: number;
  close(): Promise<void>;
}

const body = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const parts: Buffer[] = [];
    request
      .on('data', (part: Buffer) => parts.push(part))
      .on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
      .on('error', reject);
  });

/**
 * A local OpenAI-compatible `POST /v1/embeddings` of our own making: `ok` answers fakeEmbedding of
 * each input, `slow` never answers (until the caller gives up), `failing` answers 503.
 */
export async function startFakeEmbeddings(dimensions = 64): Promise<FakeEmbeddings> {
  const fake: Omit<FakeEmbeddings, 'url' | 'close'> = { mode: 'ok', inputs: [], abandoned: 0 };
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
      response.writeHead(404).end();
      return;
    }
    if (fake.mode === 'slow') {
      // listened for before the body is read: on a busy machine the caller's bound can pass while it still arrives
      response.on('close', () => {
        if (!response.writableEnded) fake.abandoned += 1;
      });
      return;
    }
    const parsed = JSON.parse(await body(request)) as {
      input: string | string[];
      model: string;
      encoding_format?: string;
    };
    const inputs = Array.isArray(parsed.input) ? parsed.input : [parsed.input];
    if (fake.mode === 'failing') {
      response
        .writeHead(503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'overloaded' } }));
      return;
    }
    fake.inputs.push(...inputs);
    const data = inputs.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: fakeEmbedding(text, dimensions),
    }));
    // billed as a real endpoint would: a token per word, give or take
    const tokens = inputs.reduce((sum, text) => sum + text.split(/\s+/).filter(Boolean).length, 0);
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        object: 'list',
        data,
        model: parsed.model,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      }),
    );
  };
  const server: Server = createServer((request, response) => {
    // a body the fake cannot read is the caller's bug: it answers 500 rather than crash the test run
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
