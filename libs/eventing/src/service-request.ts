import type { z } from 'zod';
import { DependencyError, MnemoError, subjects } from '@mnemo/contracts';
import { RemoteError, type EventLog } from './event-log.port';

/**
 * Asks another service over request/reply (`mnemo.rpc.<service>.<verb>`) and parses its answer with
 * the contract's schema. An owner that cannot answer yet (its read model lags) or cannot be reached
 * is a DependencyError, which a consumer answers with a retry; any other refusal keeps its code.
 */
export async function requestFromService<T extends z.ZodType>(
  log: Pick<EventLog, 'request'>,
  ask: { service: string; verb: string; body: unknown; reply: T; timeoutMs: number },
): Promise<z.infer<T>> {
  let answer: unknown;
  try {
    answer = await log.request(subjects.rpc(ask.service, ask.verb), ask.body, {
      timeoutMs: ask.timeoutMs,
    });
  } catch (error) {
    if (error instanceof RemoteError && error.code !== 'dependency_unavailable')
      throw new MnemoError(error.code, error.message, error.details);
    throw new DependencyError(
      `${ask.service} service`,
      String((error as Error)?.message ?? error),
      { cause: error },
    );
  }
  const parsed = ask.reply.safeParse(answer);
  if (!parsed.success)
    throw new MnemoError(
      'invalid_reply',
      `${ask.service} answered ${ask.verb} with an unexpected shape`,
    );
  return parsed.data;
}
