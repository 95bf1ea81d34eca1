import { whileStarting } from './patience';

const timeout = () => Object.assign(new Error('timeout'), { name: 'TimeoutError' });

describe('whileStarting', () => {
  it('asks again while the server does not answer, and answers with the first reply', async () => {
    let calls = 0;
    const answer = await whileStarting(async () => {
      calls += 1;
      if (calls < 3) throw timeout();
      return 'stream added';
    });
    expect([answer, calls]).toEqual(['stream added', 3]);
  });

  it('throws a refusal at once', async () => {
    let calls = 0;
    const refusal = new Error('subjects overlap with an existing stream');
    await expect(
      whileStarting(async () => {
        calls += 1;
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(calls).toBe(1);
  });
});
