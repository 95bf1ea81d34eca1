import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Harness } from './platform-harness';
import { eventually } from './servers';

/**
 * A person's account on a running harness, an agent's MCP client on the gateway's /mcp with its key,
 * and `say`: one turn of a session, waited for until ingest's read model has it (a remember of the
 * current message reads it there). Sessions start with `source` at their first turn.
 */
export async function personOverMcp(
  harness: Harness,
  options: { name: string; source: Record<string, string>; clockFrom: string },
) {
  const person = await harness.createAccount(options.name);
  const mcp = new Client({ name: `${options.name}-test`, version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(
      new URL('/mcp', `http://127.0.0.1:${harness.platform.httpPort}`),
      { requestInit: { headers: { Authorization: `Bearer ${person.apiKey}` } } },
    ),
  );
  const auth = () => ({ Authorization: `Bearer ${person.apiKey}` });
  const get = (url: string) => harness.http().get(url).set(auth());
  let clock = Date.parse(options.clockFrom);
  const next = () => new Date((clock += 60_000)).toISOString();
  const say = async (sessionId: string, seq: number, role: 'user' | 'assistant', text: string) => {
    const started = {
      id: randomUUID(),
      type: 'SessionStarted',
      sessionId,
      occurredAt: next(),
      payload: options.source,
    };
    const turn = {
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: next(),
      payload: { seq, role, text },
    };
    const events = seq === 1 ? [started, turn] : [turn];
    await harness.http().post('/v1/events').set(auth()).send({ events }).expect(202);
    await eventually(
      () => get(`/v1/sessions/${sessionId}/turns`),
      (r) =>
        r.status === 200 &&
        ((r.body as { turns?: Array<{ seq: number }> }).turns ?? []).some((t) => t.seq === seq),
      30_000,
    );
  };
  return { person, mcp, auth, get, say, next };
}
