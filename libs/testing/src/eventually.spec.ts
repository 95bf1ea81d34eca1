import { eventually, waitFor } from './eventually';

describe('waiting with a deadline', () => {
  it('returns as soon as the condition holds, with the value that met it', async () => {
    let calls = 0;
    await expect(
      eventually(
        () => Promise.resolve((calls += 1)),
        (n) => n >= 3,
      ),
    ).resolves.toBe(3);
    let polls = 0;
    await waitFor(() => (polls += 1) >= 2);
    expect(polls).toBe(2);
  });

  it('fails past the deadline, naming what was awaited and the last value seen', async () => {
    await expect(waitFor(() => false, 30, 'the queue draining')).rejects.toThrow(
      'the queue draining not met within 30 ms',
    );
    await expect(
      eventually(
        () => Promise.resolve({ pending: 2 }),
        () => false,
        30,
      ),
    ).rejects.toThrow('last value: {"pending":2}');
  });
});
