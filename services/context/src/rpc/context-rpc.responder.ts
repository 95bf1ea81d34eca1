import { z } from 'zod';
import {
  ClaudeMdRequest,
  CONTEXT_RPC,
  MemoryBlockRequest,
  subjects,
  ValidationError,
  zodIssues,
} from '@mnemo/contracts';
import type { EventLog, Logger, Subscription } from '@mnemo/eventing';
import type { Cache, Environment } from '@mnemo/persistence';
import type { DataSource } from 'typeorm';
import { loadContextConfig } from '../context.config';
import { ContextHandler } from './context.handler';

const parse = <T extends z.ZodType>(schema: T, body: unknown): z.infer<T> => {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ValidationError('bad context request', zodIssues(parsed.error));
  return parsed.data;
};

/** The context service answers the gateway over NATS request/reply; instances share the `context` queue. */
export async function startContextRpc(
  infra: { log: EventLog; dataSource: DataSource; cache: Cache },
  logger: Logger,
  env: Environment,
): Promise<Subscription[]> {
  const handler = new ContextHandler({
    db: infra.dataSource,
    cache: infra.cache,
    log: infra.log,
    logger,
    ...loadContextConfig(env),
  });
  return [
    await infra.log.reply(subjects.rpc('context', CONTEXT_RPC.claudeMd), 'context', (body) =>
      handler.claudeMd(parse(ClaudeMdRequest, body)),
    ),
    await infra.log.reply(subjects.rpc('context', CONTEXT_RPC.memoryBlock), 'context', (body) =>
      handler.memoryBlock(parse(MemoryBlockRequest, body)),
    ),
    // stopped after the replies above (the platform stops them in order): the telemetry of their last builds
    { stop: () => handler.close() },
  ];
}
