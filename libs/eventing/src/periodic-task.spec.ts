import { startPeriodicTask } from './periodic-task';

const logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };

describe('startPeriodicTask', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs on its interval and never starts a run while one is in hand', async () => {
    let finish: () => void = () => undefined;
    const run = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const task = startPeriodicTask({
      name: 'sweep',
      intervalMs: 100,
      firstDelayMs: 10,
      logger,
      run,
    });
    await jest.advanceTimersByTimeAsync(10);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(300); // three ticks while the first run is still going
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await jest.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    finish();
    await task.stop();
  });

  it('logs a failed run and tries again on the next tick', async () => {
    const run = jest.fn().mockRejectedValueOnce(new Error('db down')).mockResolvedValue(undefined);
    const task = startPeriodicTask({ name: 'lapse sweep', intervalMs: 50, logger, run });
    await jest.advanceTimersByTimeAsync(50);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'lapse sweep', err: 'db down' }),
      'lapse sweep failed; the next run retries',
    );
    await jest.advanceTimersByTimeAsync(50);
    expect(run).toHaveBeenCalledTimes(2);
    await task.stop();
  });

  it('stops ticking once stopped, after the run in hand', async () => {
    const run = jest.fn().mockResolvedValue(undefined);
    const task = startPeriodicTask({ name: 't', intervalMs: 20, logger, run });
    await jest.advanceTimersByTimeAsync(20);
    await task.stop();
    await jest.advanceTimersByTimeAsync(200);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
