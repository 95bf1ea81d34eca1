import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { personOverMcp } from '../support/person-over-mcp';

type Driver = Awaited<ReturnType<typeof personOverMcp>>;

type ToolAnswer = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const textOf = (answer: unknown) =>
  (answer as ToolAnswer).content.map((c) => c.text ?? '').join('\n');
interface Listed {
  id: string;
  factType: string;
  content: string;
  source: string;
  confirmed: boolean;
  version: number;
}

/**
 * One memory for one thing: MCP remember_fact types a fact by what it says when no category is
 * given, a second remember_fact of the same fact updates the one kept instead of adding a row, and the
 * agent's fact is the agent's (`source: agent`), confirmed in the API, the Explorer's list and the memory
 * block only once the person stands behind it (here: edits it).
 */
describe('remember_fact keeps one memory for one thing', () => {
  let harness: Harness;
  let mcp: Client;
  let auth: Driver['auth'];
  let get: Driver['get'];
  let say: Driver['say'];
  const aboutPnpm = async (): Promise<Listed[]> =>
    ((await get('/v1/memories?category=All&pageSize=100')).body.memories as Listed[]).filter((m) =>
      /pnpm/i.test(m.content),
    );
  const remember = (args: Record<string, string>) =>
    mcp.callTool({ name: 'remember_fact', arguments: { sessionId: 's-pm', ...args } });

  beforeAll(async () => {
    harness = await startHarness({
      target: 'gateway,redaction,cost-ledger,ingest,compaction,memory,context',
    });
    ({ mcp, auth, get, say } = await personOverMcp(harness, {
      name: 'remember-once',
      source: { source: 'claude-code', developer: 'dana' },
      clockFrom: '2026-12-02T08:00:00Z',
    }));
  });
  afterAll(async () => {
    await mcp?.close().catch(() => undefined);
    await harness?.stop();
  });

  it('types, updates instead of copying, and labels the agent’s fact as the API does', async () => {
    await say('s-pm', 1, 'user', 'I prefer pnpm over npm for every install in this repo.');
    const first = await remember({ fact: 'Prefers pnpm over npm' });
    expect(textOf(first)).toMatch(/^Remembered \(preference, memory /);

    // The next answer says it again, in other words and naming its category: still one memory.
    await say('s-pm', 2, 'assistant', 'Noted, pnpm it is.');
    await say('s-pm', 3, 'user', 'Again: I prefer pnpm over npm for installs, always.');
    const second = await remember({
      fact: 'Prefers pnpm over npm for installs',
      category: 'Preferences',
    });
    expect(second.isError).toBeFalsy();

    const kept = await aboutPnpm();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      content: 'Prefers pnpm over npm for installs',
      factType: 'preference',
      source: 'agent',
      confirmed: false,
      version: 2,
    });
    // The memory block says what the API says: the agent's fact is not "(confirmed)".
    const block = await eventually(
      () => get('/v1/context/memory-block'),
      (r) => r.status === 200 && /pnpm over npm for installs/.test(r.body.text as string),
    );
    expect(block.body.text).not.toMatch(/pnpm[^\n]*\(confirmed\)/);

    // The person edits it in the Explorer: now it is theirs, confirmed everywhere.
    const edited = await harness
      .http()
      .patch(`/v1/memories/${kept[0]?.id}`)
      .set(auth())
      .send({ version: 2, content: 'Prefers pnpm over npm for installs.' });
    expect([edited.status, edited.body.confirmed]).toEqual([200, true]);
    await eventually(
      () => get('/v1/context/memory-block'),
      (r) =>
        r.status === 200 &&
        /pnpm over npm for installs\. \(confirmed\)/.test(r.body.text as string),
    );
    expect(await aboutPnpm()).toHaveLength(1);
  });
});
