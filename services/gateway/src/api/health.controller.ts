import { Controller, Get, Header, HttpCode, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { metricsRegistry } from '@mnemo/eventing';
import { HEALTH_CHECKS, type HealthCheck } from '../gateway.constants';

const CHECK_TIMEOUT_MS = 2000;

async function runCheck(check: HealthCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([check.check(), timeout]);
    return 'ok';
  } catch (error) {
    return `down: ${(error as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
}

@Controller()
export class HealthController {
  constructor(@Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[]) {}

  /** Liveness: the process answers. */
  @Get('healthz')
  @HttpCode(200)
  healthz() {
    return { status: 'ok' };
  }

  /** Readiness: the log, the database and the cache all answer. */
  @Get('readyz')
  async readyz(@Res({ passthrough: true }) reply: FastifyReply) {
    const results = await Promise.all(
      this.checks.map(async (check) => [check.name, await runCheck(check)] as const),
    );
    const checks = Object.fromEntries(results);
    const ready = results.every(([, status]) => status === 'ok');
    reply.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not_ready', checks };
  }

  @Get('metrics')
  @Header('Content-Type', metricsRegistry.contentType)
  async metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}
