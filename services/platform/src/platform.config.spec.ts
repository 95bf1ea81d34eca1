import { ConfigError, loadConfig } from './platform.config';

describe('loadConfig', () => {
  it('runs on embedded defaults when no server URL is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ MNEMO_HTTP_PORT: 8080, MNEMO_DATA_DIR: './.mnemo' });
    expect([config.NATS_URL, config.DATABASE_URL, config.REDIS_URL]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('names the variable and the reason when a value is bad', () => {
    expect(() => loadConfig({ MNEMO_HTTP_PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ MNEMO_HTTP_PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const text = (error as ConfigError).message;
      expect(text).toContain('MNEMO_HTTP_PORT');
      expect(text).toMatch(/DATABASE_URL: must start with postgres:\/\//);
    }
  });

  it('stops the start on a malformed trail key, naming the key and what is wrong', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ MNEMO_TRAIL_KEYS: `new:${key},old:${key}` }).MNEMO_TRAIL_KEYS).toBe(
      `new:${key},old:${key}`,
    );
    for (const [spec, problem] of [
      [`new:${Buffer.alloc(16).toString('base64')}`, 'key "new": 16 bytes, AES-256 needs 32'],
      [key, 'entry 1: expected id:base64key'],
      [`new:${key},new:${key}`, 'key "new" is given twice'],
    ]) {
      let thrown: unknown;
      try {
        loadConfig({ MNEMO_TRAIL_KEYS: spec });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConfigError);
      expect((thrown as ConfigError).problems).toEqual([
        expect.stringContaining(`MNEMO_TRAIL_KEYS: ${problem}`),
      ]);
      // the key itself is never echoed
      expect(String((thrown as Error).message)).not.toContain(key);
    }
  });

  it('treats an empty URL variable as unset', () => {
    expect(loadConfig({ NATS_URL: '' }).NATS_URL).toBeUndefined();
  });

  it("takes the nodes of a NATS cluster as a comma-separated list, and the streams' replicas", () => {
    const config = loadConfig({
      NATS_URL: 'nats://127.0.0.1:4222, nats://127.0.0.1:4223,nats://127.0.0.1:4224',
      MNEMO_STREAM_REPLICAS: '3',
    });
    expect([config.NATS_URL, config.MNEMO_STREAM_REPLICAS]).toEqual([
      'nats://127.0.0.1:4222, nats://127.0.0.1:4223,nats://127.0.0.1:4224',
      3,
    ]);
    expect(loadConfig({}).MNEMO_STREAM_REPLICAS).toBe(1);
    expect(() => loadConfig({ NATS_URL: 'nats://127.0.0.1:4222,http://127.0.0.1:4223' })).toThrow(
      /NATS_URL: must be one URL or a comma-separated list/,
    );
  });
});
