import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@mnemo/contracts';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

/** No key anywhere: every extraction runs on the offline rules. */
const ENV = { MNEMO_MEMORY_QUIET_SWEEP_MS: '300', ANTHROPIC_API_KEY: '' };

type Account = { accountId: string; apiKey: string };
interface ListedMemory {
  factType: string;
  category: string;
  content: string;
  source: string;
  origin: { session: string };
}

describe('offline memory of a coding session', () => {
  let harness: Harness;
  const auth = (account: Account) => ({ Authorization: `Bearer ${account.apiKey}` });

  beforeAll(async () => {
    harness = await startHarness({ env: ENV });
  });
  afterAll(async () => {
    await harness?.stop();
  });

  /** A Claude Code session that ended an hour ago (quiet since), its turns a minute apart. */
  const codingSession = (sessionId: string, texts: string[], endAt: number) => [
    {
      id: randomUUID(),
      type: 'SessionStarted',
      sessionId,
      occurredAt: new Date(endAt - 3_600_000).toISOString(),
      payload: { source: 'claude-code', developer: 'dana', project: '/work/shop' },
    },
    ...texts.map((text, i) => ({
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: new Date(endAt - (texts.length - i) * 60_000).toISOString(),
      payload: { seq: i + 1, role: i % 2 === 0 ? 'user' : 'assistant', text },
    })),
  ];
  const post = async (account: Account, events: object[]) => {
    const response = await harness.http().post('/v1/events').set(auth(account)).send({ events });
    expect([response.status, response.status === 202 ? null : response.body]).toEqual([202, null]);
  };
  /** What the Explorer lists under a tab. */
  const tab = async (account: Account, category: string): Promise<ListedMemory[]> => {
    const response = await harness
      .http()
      .get('/v1/memories')
      .query({ category, pageSize: 50 })
      .set(auth(account));
    expect(response.status).toBe(200);
    return (response.body as { memories: ListedMemory[] }).memories;
  };
  const quietMarks = async (accountId: string): Promise<StoredEvent[]> => {
    const out: StoredEvent[] = [];
    for await (const batch of harness.platform.infra.log.read('events', 1))
      out.push(
        ...batch.filter(
          (s) => s.event.accountId === accountId && s.event.type === 'SessionQuietExtracted',
        ),
      );
    return out;
  };

  it('keeps the decisions, conventions and preferences said to a coding agent, and none of the chatter', async () => {
    const account = await harness.createAccount('coding-offline');
    const hourAgo = Date.now() - 60 * 60_000;
    // Under 200 characters: too little to pay a model for, not too little for the rules to read.
    const short = [
      'We chose pnpm over yarn because of workspace speed; never use yarn here.',
      'Noted.',
    ];
    const work = [
      'Run the tests.',
      'Two fail in auth.spec.ts.',
      "TypeError: Cannot read properties of undefined (reading 'map')\n    at parse (src/auth.ts:12:5)\nLet me check the logs.",
      'The token parser gets undefined.',
      'Looks good. I prefer named exports, and always run the linter before you push.',
      'Understood.',
    ];
    await post(account, codingSession('cc-short', short, hourAgo));
    await post(account, codingSession('cc-work', work, hourAgo));

    const decisions = await eventually(
      () => tab(account, 'Decisions'),
      (rows) => rows.length >= 3,
    );
    expect(decisions.map((m) => [m.content, m.origin.session, m.source]).sort()).toEqual([
      ['Always run the linter before you push.', 'cc-work', 'extraction'],
      ['Never use yarn here.', 'cc-short', 'extraction'],
      ['We chose pnpm over yarn because of workspace speed.', 'cc-short', 'extraction'],
    ]);
    const preferences = await tab(account, 'Preferences');
    expect(preferences.map((m) => m.content)).toEqual(['Prefers named exports.']);

    // Both quiet stretches were read, the short one too; and nothing else became a memory.
    const marks = await eventually(
      () => quietMarks(account.accountId),
      (m) => m.length === 2,
    );
    expect(marks.map((m) => (m.event.payload as { outcome: string }).outcome)).toEqual([
      'extracted',
      'extracted',
    ]);
    expect((await tab(account, 'All')).map((m) => m.category).sort()).toEqual([
      'Decisions',
      'Decisions',
      'Decisions',
      'Preferences',
    ]);
  });
});
