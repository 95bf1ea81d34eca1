import { loadFailOpen } from './fail-open';

const logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: jest.fn(),
  error: () => undefined,
};

describe('loadFailOpen', () => {
  it('passes a loaded value through, empty arrays included', async () => {
    const failed: string[] = [];
    await expect(
      loadFailOpen('memories', async () => [], { timeoutMs: 100, failed, logger, accountId: 'a' }),
    ).resolves.toEqual([]);
    expect(failed).toEqual([]);
  });

  it('turns a throwing source into undefined, names it and logs it', async () => {
    const failed: string[] = [];
    const value = await loadFailOpen(
      'memories',
      () => Promise.reject(new Error('relation "memory_facts" does not exist')),
      { timeoutMs: 100, failed, logger, accountId: 'a' },
    );
    expect(value).toBeUndefined();
    expect(failed).toEqual(['memories']);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'memories', err: expect.stringContaining('memory_facts') }),
      expect.any(String),
    );
  });

  it('gives up on a source slower than its timeout', async () => {
    const failed: string[] = [];
    // The source answers only after the assertion: an answer before it proves the timeout, not the source, ended the wait.
    let answer!: (value: string) => void;
    const slow = new Promise<string>((resolve) => (answer = resolve));
    await expect(
      loadFailOpen('insights', () => slow, { timeoutMs: 20, failed, logger, accountId: 'a' }),
    ).resolves.toBeUndefined();
    expect(failed).toEqual(['insights']);
    answer('late');
    await slow;
  });
});
