import { BAKERY_ARTIFACTS, BAKERY_TRANSCRIPT } from './offline.fixtures';
import { OfflineAdapter } from './offline.adapter';
import { synthesizeProfile } from './synthesize-profile';

const adapter = new OfflineAdapter();
const base = {
  messages: [{ role: 'user' as const, content: `Summarize this:\n${BAKERY_TRANSCRIPT}` }],
  maxOutputTokens: 200,
};

describe('OfflineAdapter', () => {
  it('says it is offline and reports no spend', async () => {
    expect(adapter.model).toBe('offline');
    expect(adapter.provider).toBe('offline');
    await expect(adapter.call({ ...base, label: 'compaction' })).resolves.toMatchObject({
      ok: true,
      usage: { inputTokens: 0, outputTokens: 0 },
    });
  });

  it('works on the source rather than the prompt when given one', async () => {
    const outcome = await adapter.call({
      ...base,
      label: 'compaction',
      source: 'I decided to learn the cello this winter. My cello teacher lives nearby.',
    });
    expect(outcome).toEqual({
      ok: true,
      text: '- User: I decided to learn the cello this winter.\n- User: My cello teacher lives nearby.',
      usage: { inputTokens: 0, outputTokens: 0 },
    });
  });

  it('answers facts as the JSON object the caller asked for', async () => {
    const outcome = await adapter.call({
      ...base,
      label: 'memory',
      json: { listKey: 'facts' },
      source: 'I value honesty above all.',
    });
    expect(outcome.ok && JSON.parse(outcome.text)).toEqual({
      facts: [
        {
          factType: 'value',
          content: 'Values honesty above all.',
          confidence: 'high',
          sourceTurns: [1],
        },
      ],
    });
  });

  it('reads the turns, with their seqs and dates, in preference to the source text', async () => {
    const turns = [
      {
        seq: 41,
        role: 'assistant' as const,
        text: 'How was your week?',
        occurredAt: '2023-05-08T18:00:00Z',
      },
      {
        seq: 42,
        role: 'user' as const,
        text: 'I passed the adoption agency interviews last Friday!',
        occurredAt: '2023-05-08T18:01:00Z',
      },
    ];
    const outcome = await adapter.call({
      ...base,
      label: 'memory',
      json: { listKey: 'facts' },
      source: 'I value honesty above all.',
      turns,
    });
    expect(outcome.ok && JSON.parse(outcome.text)).toEqual({
      facts: [
        {
          factType: 'event',
          content: 'Passed the adoption agency interviews on 5 May 2023.',
          confidence: 'high',
          sourceTurns: [42],
          occurredOn: '2023-05-05',
        },
      ],
    });
  });

  it('answers decisions only for a decision call', async () => {
    const outcome = await adapter.call({
      ...base,
      label: 'decision',
      json: { listKey: 'decisions' },
      source: BAKERY_TRANSCRIPT,
    });
    expect(outcome.ok && JSON.parse(outcome.text)).toEqual({
      decisions: [
        {
          factType: 'decision',
          content: 'I decided to take a weekend pastry course in March.',
          confidence: 'high',
        },
      ],
    });
  });

  it('synthesizes a profile from several sources', async () => {
    const outcome = await adapter.call({ ...base, label: 'profile', source: BAKERY_ARTIFACTS });
    expect(outcome.ok && outcome.text).toBe(synthesizeProfile(BAKERY_ARTIFACTS));
  });
});
