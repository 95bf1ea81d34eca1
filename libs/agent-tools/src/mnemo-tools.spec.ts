import type { MnemoClient, PriorDecision, PriorWorkItem, RecallHit } from '@mnemo/mnemo-client';
import { logFacts, priorDecisions, priorWork, recallConversation } from './mnemo-tools';

const HERE = '/src/mnemo';
const THERE = '/src/billing';

const session = (sessionId: string, project: string | null): PriorWorkItem => ({
  sessionId,
  project,
  outcome: 'merged',
  verdict: 'template',
  summary: `summary of ${sessionId}`,
});
const decision = (decisionId: string, project: string | null): PriorDecision => ({
  decisionId,
  project,
  topic: `topic ${decisionId}`,
  stance: 'rejected',
  rationale: 'too slow',
});
const hit = (chunkId: string): RecallHit => ({
  chunkId,
  sessionId: `s-${chunkId}`,
  turnSeqs: [1],
  occurredAt: '2026-11-01T00:00:00.000Z',
  snippet: `[2026-11-01] said in ${chunkId}`,
  text: `said in ${chunkId}`,
  highlights: [],
  score: 0.9,
});

/** A client whose answers depend only on the project asked for (undefined: everywhere); it records what was asked. */
function fakeClient(answers: {
  work?: Record<string, PriorWorkItem[]>;
  decisions?: Record<string, PriorDecision[]>;
  hits?: Record<string, RecallHit[]>;
}) {
  const asked: Array<string | undefined> = [];
  const pick = <T>(table: Record<string, T[]> | undefined, project: string | undefined) => (
    asked.push(project),
    table?.[project ?? '*'] ?? []
  );
  const client = {
    priorWork: async (_by: unknown, scope: { project?: string }) => ({
      sessions: pick(answers.work, scope.project),
    }),
    priorDecisions: async (_q: string, scope: { project?: string }) => ({
      decisions: pick(answers.decisions, scope.project),
      note: 'advisory',
    }),
    recall: async (request: { project?: string }) => ({
      hits: pick(answers.hits, request.project),
    }),
  } as unknown as MnemoClient;
  return { client, asked };
}

const lines = (text: string) => text.split('\n').filter((line) => /^\d+\. /.test(line));

describe('prior_work, prior_decisions and recall_conversation put the current project first', () => {
  it('answers prior work from the current project first, then fills from others, each marked with its project', async () => {
    const { client, asked } = fakeClient({
      work: {
        [HERE]: [session('a', HERE)],
        '*': [session('b', THERE), session('a', HERE), session('c', null)],
      },
    });
    const text = await priorWork.run({ task: 'add a cache' }, { client, project: HERE });
    expect(asked).toEqual([HERE, undefined]);
    expect(lines(text)).toEqual([
      expect.stringMatching(/^1\. .* session a · merged \(a template to follow\)$/),
      expect.stringMatching(
        /^2\. .* session b · merged \(a template to follow\) · another project \(\/src\/billing\)$/,
      ),
      expect.stringMatching(
        /^3\. .* session c · merged \(a template to follow\) · another project$/,
      ),
    ]);
  });

  it('asks no other project when the current one fills the answer', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => session(`s${i}`, HERE));
    const { client, asked } = fakeClient({ work: { [HERE]: ten, '*': [session('b', THERE)] } });
    const text = await priorWork.run({ file: 'src/cache.ts' }, { client, project: HERE });
    expect(asked).toEqual([HERE]);
    expect(text).not.toContain('another project');
  });

  it('asks only the project the agent names, and everywhere once when no project is known', async () => {
    const named = fakeClient({ decisions: { [THERE]: [decision('d1', THERE)] } });
    await priorDecisions.run(
      { query: 'message queue', project: THERE },
      { client: named.client, project: HERE },
    );
    expect(named.asked).toEqual([THERE]);
    const unknown = fakeClient({ decisions: { '*': [decision('d1', THERE)] } });
    const text = await priorDecisions.run({ query: 'message queue' }, { client: unknown.client });
    expect(unknown.asked).toEqual([undefined]);
    expect(text).not.toContain('another project');
  });

  it('answers prior decisions from the current project first, without repeats, with the advisory note', async () => {
    const { client } = fakeClient({
      decisions: {
        [HERE]: [decision('d1', HERE)],
        '*': [decision('d2', THERE), decision('d1', HERE)],
      },
    });
    const text = await priorDecisions.run({ query: 'message queue' }, { client, project: HERE });
    expect(lines(text)).toEqual([
      '1. REJECTED: topic d1 (undated)',
      '2. REJECTED: topic d2 (undated, another project (/src/billing))',
    ]);
    expect(text).toMatch(/advisory$/);
  });

  it('marks recalled conversations that came from outside the current project', async () => {
    const { client } = fakeClient({ hits: { [HERE]: [hit('c1')], '*': [hit('c2'), hit('c1')] } });
    const text = await recallConversation.run(
      { query: 'pool timeouts', limit: 5 },
      { client, project: HERE },
    );
    expect(lines(text)).toEqual([
      expect.not.stringContaining('another project'),
      expect.stringMatching(/session s-c2 · turns 1 · another project$/),
    ]);
  });
});

describe('log_facts', () => {
  it("asks GET /v1/log-facts with a date as its day's start, and renders each template's facts", async () => {
    const asked: unknown[] = [];
    const client = {
      logFacts: async (query: unknown) => (
        asked.push(query),
        {
          since: '2026-12-01T00:00:00.000Z',
          until: '2026-12-02T00:00:00.000Z',
          facts: [
            {
              templateId: 'a1b2c3d4e5f60718',
              template: 'disk quota exceeded on volume <*>',
              severity: 'error',
              change: 'new',
              count: 9,
              countInWindow: 4,
              countBefore: 0,
              ratePerHour: 0.17,
              firstSeenAt: '2026-12-01T10:00:00.000Z',
              lastSeenAt: '2026-12-01T11:00:00.000Z',
              units: { 'shop-api': 4 },
              hosts: {},
              examples: ['disk quota exceeded on volume vol-1'],
              shapes: {},
            },
          ],
        }
      ),
    } as unknown as MnemoClient;
    const text = await logFacts.run(
      { since: '2026-12-01', severity: 'error', limit: 10 },
      { client },
    );
    expect(asked).toEqual([{ limit: 10, severity: 'error', since: '2026-12-01T00:00:00Z' }]);
    expect(text.split('\n')).toEqual([
      'Log templates from 2026-12-01T00:00:00.000Z to 2026-12-02T00:00:00.000Z:',
      '1. [new · error] disk quota exceeded on volume <*>',
      '   4 lines in the window (0.17/h, 0 the window before), 9 in all; first seen 2026-12-01T10:00:00.000Z, last 2026-12-01T11:00:00.000Z · template a1b2c3d4e5f60718',
      '   units: shop-api (4)',
      '   e.g. disk quota exceeded on volume vol-1',
    ]);
  });
});
