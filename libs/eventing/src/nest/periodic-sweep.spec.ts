import { PeriodicSweep, type SweepSchedule } from './periodic-sweep';

const logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };

class CountingSweep extends PeriodicSweep {
  protected readonly logger = logger;
  passes = 0;
  finish: () => void = () => undefined;
  constructor(private readonly when: SweepSchedule) {
    super();
  }
  protected schedule(): SweepSchedule {
    return this.when;
  }
  protected runPass(): Promise<void> {
    this.passes += 1;
    return new Promise((resolve) => (this.finish = resolve));
  }
}

describe('PeriodicSweep', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts its passes when the application is up and, going down, waits for the pass in hand', async () => {
    const sweep = new CountingSweep({ name: 'counting', intervalMs: 100, firstDelayMs: 0 });
    await jest.advanceTimersByTimeAsync(500);
    expect(sweep.passes).toBe(0);
    sweep.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(0);
    expect(sweep.passes).toBe(1);
    let stopped = false;
    const stopping = sweep.onModuleDestroy().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    sweep.finish();
    await stopping;
    await jest.advanceTimersByTimeAsync(500);
    expect(sweep.passes).toBe(1);
  });

  it('never runs where its schedule is null (nothing configured here)', async () => {
    const sweep = new CountingSweep(null);
    sweep.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(sweep.passes).toBe(0);
    await sweep.onModuleDestroy();
  });
});
