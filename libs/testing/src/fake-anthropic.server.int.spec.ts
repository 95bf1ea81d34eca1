import {
  startFakeAnthropic,
  systemOf,
  textReply,
  type FakeAnthropic,
} from './fake-anthropic.server';
import { eventually, waitFor } from './eventually';
import { itemAt } from './item-at';

describe('fake Anthropic Messages API', () => {
  let fake: FakeAnthropic;
  beforeEach(async () => {
    fake = await startFakeAnthropic();
  });
  afterEach(() => fake.close());

  const post = (body: unknown) =>
    fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers scripted replies in order, then the default', async () => {
    fake.script(textReply('first', { inputTokens: 11, outputTokens: 7 }), {
      kind: 'status',
      status: 429,
      retryAfterMs: 1500,
    });
    const first = await post({ model: 'claude-haiku-4-5', messages: [] });
    expect(first.status).toBe(200);
    await expect(first.json()).resolves.toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-haiku-4-5',
      content: [{ type: 'text', text: 'first' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 11, output_tokens: 7 },
    });
    const limited = await post({});
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.headers.get('retry-after-ms')).toBe('1500');
    await expect(limited.json()).resolves.toMatchObject({
      type: 'error',
      error: { type: 'rate_limit_error' },
    });
    await expect((await post({})).json()).resolves.toMatchObject({ content: [{ text: 'ok' }] });
  });

  it('answers a routed request by its body before the queue, and leaves the rest to the queue', async () => {
    fake.script(textReply('queued'));
    fake.route((body) => (systemOf(body).includes('profile') ? textReply('routed') : undefined));
    const text = async (body: unknown) =>
      ((await (await post(body)).json()) as { content: Array<{ text: string }> }).content[0]?.text;
    await expect(
      text({ system: [{ type: 'text', text: 'write a profile' }], messages: [] }),
    ).resolves.toBe('routed');
    await expect(text({ system: 'something else', messages: [] })).resolves.toBe('queued');
    fake.route(null);
    await expect(text({ system: 'write a profile', messages: [] })).resolves.toBe('ok');
  });

  it('records every request body', async () => {
    await post({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(fake.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/messages',
        body: { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
      }),
    ]);
  });

  it('serves a malformed body with a 200', async () => {
    fake.script({ kind: 'malformed' });
    const response = await post({});
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow();
  });

  it('holds a slow reply back: a request sent after it is answered first', async () => {
    fake.script({ ...textReply('late'), delayMs: 1_500 }, textReply('quick'));
    const order: string[] = [];
    const answer = async () => {
      const body = (await (await post({})).json()) as { content: Array<{ text: string }> };
      order.push(itemAt(body.content, 0).text);
    };
    const slow = answer();
    await eventually(
      async () => fake.requests.length,
      (n) => n === 1,
    );
    await answer();
    await slow;
    expect(order).toEqual(['quick', 'late']);
  });

  it('closes even while a slow reply is pending', async () => {
    fake.script({ ...textReply('never'), delayMs: 60_000 });
    const pending = post({}).catch((error: unknown) => error);
    await waitFor(() => fake.requests.length > 0, 2_000, 'the request reaching the fake');
    await fake.close();
    await expect(pending).resolves.toMatchObject({ name: 'TypeError' }); // fetch failed: the socket closed
    fake = await startFakeAnthropic(); // afterEach closes this one
  });
});
