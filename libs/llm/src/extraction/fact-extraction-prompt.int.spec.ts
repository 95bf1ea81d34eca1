import { startFakeAnthropic, systemOf, textReply, type FakeAnthropic } from '@mnemo/testing';
import { AnthropicAdapter } from '../anthropic/anthropic.adapter';
import { InMemoryCostGuard } from '../cost-guard/in-memory-cost-guard';
import { InMemoryLlmKeyStore } from '../credentials/llm-key-store.port';
import { LlmRuntime } from '../llm-runtime';
import { ExtractedFact } from './extracted-fact';
import {
  EXTRACTION_MAX_OUTPUT_TOKENS,
  factExtractionPrompt,
  PLAN_RULE,
} from './fact-extraction-prompt';
import type { SourceTurn } from './source-turn';

const turns: SourceTurn[] = [
  {
    seq: 11,
    role: 'assistant',
    text: 'Hey Caroline! How was your week?',
    occurredAt: '2023-05-08T18:00:00Z',
  },
  {
    seq: 12,
    role: 'user',
    text: 'I passed the adoption agency interviews last Friday!',
    occurredAt: '2023-05-08T18:01:00Z',
  },
];

describe('the fact extraction prompt, sent through the Anthropic adapter to a fake Messages API', () => {
  let fake: FakeAnthropic;
  beforeEach(async () => {
    fake = await startFakeAnthropic();
  });
  afterEach(() => fake.close());

  /** The runtime as memory builds it, its adapter pointed at the fake, with no retries. */
  const runtimeOnFake = () =>
    new LlmRuntime({
      keyStore: new InMemoryLlmKeyStore(),
      costGuard: new InMemoryCostGuard(),
      model: 'claude-haiku-4-5',
      deploymentKey: 'sk-ant-api03-deployment-key-for-tests',
      createAdapter: (apiKey, model) =>
        new AnthropicAdapter({ apiKey, model, baseURL: fake.url, timeoutMs: 5_000, maxRetries: 0 }),
    });

  const extract = async (reply: string) => {
    fake.script(textReply(reply, { inputTokens: 900, outputTokens: 120 }));
    const runtime = runtimeOnFake();
    const prompt = factExtractionPrompt({
      kind: 'conversation',
      turns,
      person: { name: 'Caroline', role: 'a coaching client' },
    });
    return runtime.complete({
      account: 'acc-extract',
      label: 'memory',
      pools: ['session'],
      system: prompt.system,
      messages: prompt.messages,
      maxOutputTokens: EXTRACTION_MAX_OUTPUT_TOKENS,
      json: { listKey: 'facts' },
      schema: ExtractedFact,
      turns,
    });
  };

  it("sends the person's name and role, each turn's number and date, the rules, and asks for source turns", async () => {
    await extract('{"facts": []}');
    const body = fake.requests[0]?.body as {
      system: string;
      messages: Array<{ role: string; content: string }>;
      max_tokens: number;
    };
    expect(body.max_tokens).toBe(EXTRACTION_MAX_OUTPUT_TOKENS);
    expect(body.system).toContain('The person is Caroline, a coaching client.');
    expect(body.system).toContain('"last Friday" said on Monday 8 May 2023 is 5 May 2023');
    expect(body.system).toContain(
      'no pronoun (it, they, she, this, that) whose referent is outside the fact',
    );
    expect(body.system).toContain(
      'Leave out greetings, small talk, questions, thanks, compliments, offers',
    );
    expect(body.system).toContain("Never store the other speaker's news");
    expect(body.system).toContain('"sourceTurns":[turn numbers]');
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]?.content).toContain(
      '[turn 11 · Monday 8 May 2023 · the other speaker]\nHey Caroline! How was your week?',
    );
    expect(body.messages[0]?.content).toContain(
      '[turn 12 · Monday 8 May 2023 · Caroline (the person)]\nI passed the adoption agency interviews last Friday!',
    );
    expect(body.messages[0]?.content).toContain('each with its source turn numbers');
  });

  it('reads what comes back tolerantly: fenced JSON, turn numbers as strings, datetimes, odd case, nulls', async () => {
    const answer = [
      'Here are the facts:',
      '```json',
      JSON.stringify({
        facts: [
          {
            factType: 'Event',
            content: 'Passed the adoption agency interviews on 5 May 2023.',
            confidence: ' HIGH',
            sourceTurns: ['12'],
            occurredOn: '2023-05-05T00:00:00Z',
            subject: null,
            category: 'none',
          },
          {
            factType: 'goal',
            content: 'Wants to adopt a child.',
            confidence: 'medium',
            sourceTurns: 'turn 12',
            occurredOn: null,
            subject: 'Goal: Adoption',
          },
          { factType: 'mood', content: 'Happy.', confidence: 'high', sourceTurns: [12] },
          { factType: 'medication', content: 'Takes metformin.', confidence: 'high' },
        ],
      }),
      '```',
    ].join('\n');
    const result = await extract(answer);
    expect(result).toMatchObject({
      ok: true,
      dropped: 2,
      data: [
        {
          factType: 'event',
          content: 'Passed the adoption agency interviews on 5 May 2023.',
          confidence: 'high',
          sourceTurns: [12],
          occurredOn: '2023-05-05',
        },
        {
          factType: 'goal',
          content: 'Wants to adopt a child.',
          confidence: 'medium',
          sourceTurns: [12],
          subject: 'goal:adoption',
        },
      ],
    });
  });

  it('asked for plans too, tells the model what a plan is and asks for {"facts":[…],"plans":[…]}', async () => {
    fake.script(
      textReply(
        JSON.stringify({
          facts: [],
          plans: [{ title: 'Walk 8,000 steps a day', sourceTurns: [12] }],
        }),
      ),
    );
    const runtime = runtimeOnFake();
    const prompt = factExtractionPrompt({ kind: 'conversation', turns, plans: true });
    const answer = await runtime.complete({
      account: 'acc-extract',
      label: 'memory',
      pools: ['session'],
      system: prompt.system,
      messages: prompt.messages,
      maxOutputTokens: EXTRACTION_MAX_OUTPUT_TOKENS,
      json: { listKey: 'facts', alsoLists: ['plans'] },
      turns,
    });
    const system = systemOf(fake.requests.at(0)?.body);
    expect(system).toContain(PLAN_RULE);
    expect(system).toContain('"plans":[{"title":"a short imperative title"');
    expect(system).toContain('{"facts": [ ... ], "plans": [ ... ]}');
    // the text comes back whole: memory reads the plans beside the facts
    expect(answer).toMatchObject({ ok: true, text: expect.stringContaining('"plans"') });
    // without plans asked for, the prompt says nothing of them
    expect(factExtractionPrompt({ kind: 'conversation', turns }).system).not.toContain('"plans"');
  });
});
