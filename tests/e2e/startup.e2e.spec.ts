import { readFileSync } from 'node:fs';
import { SERVICES } from '@mnemo/platform-service';
import {
  freePort,
  OwnNats,
  OwnPostgres,
  OwnRedis,
  portOpen,
  removeDir,
  scratchDir,
  until,
} from '../support/own-servers';
import { ownServersEnv, ServiceProcess } from '../support/service-fleet';

/**
 * `mnemo start --target all` on servers of its own: its HTTP edge must not take a request before the
 * services behind it are up. It opened with the gateway, the first service, and the soak's first context
 * read met a context responder not yet subscribed (503 "no responders for mnemo.rpc.context.memory-block").
 */
describe('a platform process starting', () => {
  const dir = scratchDir('mnemo-startup');
  let nats: OwnNats;
  let redis: OwnRedis;
  let postgres: OwnPostgres;
  let platform: ServiceProcess | undefined;

  beforeAll(async () => {
    const [natsPort, redisPort, pgPort] = await Promise.all([freePort(), freePort(), freePort()]);
    nats = new OwnNats(natsPort, dir);
    redis = new OwnRedis(redisPort, dir);
    postgres = new OwnPostgres(pgPort, dir);
    await Promise.all([nats.start(), redis.start(), postgres.init()]);
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await Promise.all(
      [nats?.stop(), redis?.stop(), postgres?.stop({ kill: true })].map((p) =>
        p?.catch(() => undefined),
      ),
    );
    removeDir(dir);
  });

  it('opens its HTTP port only once every service of the process has started', async () => {
    const httpPort = await freePort();
    platform = new ServiceProcess('platform', 'all', dir, () =>
      ownServersEnv(
        { nats, redis, postgres },
        { httpPort, adminKey: 'startup-admin-key-0123456789' },
      ),
    );
    const started = platform.start();
    await until('the HTTP port accepts a connection', () => portOpen(httpPort), 180_000);
    const log = readFileSync(platform.logFile, 'utf8');
    const up = [...log.matchAll(/"service":"([^"]+)","msg":"service started"/g)].map(
      (match) => match[1],
    );
    expect(up.sort()).toEqual(SERVICES.map((service) => service.name).sort());
    await started;
  }, 240_000);
});
