import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@mnemo/contracts';
import { createLogger } from './logger';
import { loadConfig } from './platform.config';
import { startPlatform } from './platform';
import { checkServiceConfigs, SERVICES } from './service-registry';

/** One bad value per service config: the variable, a value its schema refuses. */
const BAD_VALUES: Record<string, [string, string]> = {
  'cost-ledger': ['MNEMO_CAP_SESSION_USD', 'lots'],
  ingest: ['MNEMO_SESSION_INGEST_INTERVAL_HOURS', '0'],
  compaction: ['MNEMO_COMPACTION_MAX_OUTPUT_TOKENS', 'many'],
  // used to fall back to its default silently
  memory: ['MNEMO_MEMORY_SWEEP_MS', '10'],
  context: ['MNEMO_CONTEXT_CACHE_TTL_MS', 'soon'],
  recall: ['MNEMO_RECALL_MIN_SCORE', '2'],
  profile: ['MNEMO_PROFILE_MAX_FACTS', '-3'],
  insight: ['MNEMO_INSIGHT_MAX_COMPARED', 'all'],
  logs: ['MNEMO_LOGS_FLUSH_MS', '10'],
};

const withConfig = SERVICES.filter((service) => service.config);

describe('service configs', () => {
  it('gives every service with a <service>.config.ts its config in the registry, and only those', () => {
    const hasFile = (name: string) =>
      existsSync(path.join(__dirname, '../..', name, 'src', `${name}.config.ts`));
    expect(SERVICES.filter((service) => hasFile(service.name)).map((s) => s.name)).toEqual(
      withConfig.map((s) => s.name),
    );
    expect(Object.keys(BAD_VALUES).sort()).toEqual(withConfig.map((s) => s.name).sort());
  });

  it.each(withConfig.map((service) => [service.name, service] as const))(
    '%s starts on its defaults',
    (_, service) => {
      expect(() => service.config!({})).not.toThrow();
    },
  );

  it.each(Object.entries(BAD_VALUES).map(([name, [variable, value]]) => [name, variable, value]))(
    '%s refuses %s=%s, naming the variable and the reason',
    (name, variable, value) => {
      const service = SERVICES.find((s) => s.name === name)!;
      let thrown: unknown;
      try {
        service.config!({ [variable]: value });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConfigError);
      expect((thrown as ConfigError).problems).toEqual([
        expect.stringMatching(new RegExp(`^${variable}: \\S`)),
      ]);
    },
  );

  it('names every bad variable of every service at once', () => {
    const env = Object.fromEntries(Object.values(BAD_VALUES));
    expect(() => checkServiceConfigs(env)).toThrow(ConfigError);
    try {
      checkServiceConfigs(env);
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual(
        Object.keys(env).sort(),
      );
    }
  });

  it('stops the platform start before it connects to anything', async () => {
    // Servers nobody listens on: a start that got past the check would fail on them, with another message.
    const nowhere = {
      NATS_URL: 'nats://127.0.0.1:1',
      DATABASE_URL: 'postgres://127.0.0.1:1/none',
      REDIS_URL: 'redis://127.0.0.1:1',
    };
    const config = loadConfig({ ...nowhere, LOG_LEVEL: 'silent' });
    const start = startPlatform(config, [], createLogger('silent'), {
      MNEMO_MEMORY_SWEEP_MS: '10',
    });
    await expect(start).rejects.toThrow(/MNEMO_MEMORY_SWEEP_MS: /);
  });
});
