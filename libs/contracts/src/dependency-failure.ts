import { DependencyError, MnemoError } from './errors';

/** Socket-level failures: the peer is gone, refusing, or stopped answering. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTCONN',
  'ECONNABORTED',
  'EAI_AGAIN',
]);

/** PostgreSQL SQLSTATEs of a server that is shutting down, starting, or lost the connection (classes 08 and 57P). */
const SERVER_GONE_STATE = /^(08|57P)/;

/** What the drivers say when their connection is gone (pg, ioredis, nats.js). */
const GONE_MESSAGE =
  /connection (terminated|is closed|closed|refused|lost|ended)|terminating connection|the database system is (starting up|shutting down|in recovery)|max retries per request|client has encountered a connection error|connection timeout|timeout exceeded when trying to connect|stream isn't writeable/i;

/**
 * Why `error` says a dependency cannot be reached (a reason to show), or null for any other error. It reads
 * the shapes the drivers throw (socket codes, SQLSTATEs, their messages, one level of `cause` and a
 * TypeORM `driverError`), so a handler's own bug is never mistaken for an outage.
 */
export function connectionFailure(error: unknown): string | null {
  const seen = new Set<unknown>();
  for (
    let e = error as Record<string, any> | undefined;
    e && typeof e === 'object' && !seen.has(e);
    e = e.cause ?? e.driverError
  ) {
    seen.add(e);
    if (e instanceof MnemoError) return null;
    const code = typeof e.code === 'string' ? e.code : '';
    const message = String(e.message ?? '');
    if (
      SOCKET_CODES.has(code) ||
      SERVER_GONE_STATE.test(code) ||
      GONE_MESSAGE.test(message) ||
      e.name === 'MaxRetriesPerRequestError'
    ) {
      return message || code;
    }
  }
  return null;
}

/**
 * The error as the edge and the consumers should see it: a DependencyError naming `dependency` when it is
 * a connection failure, else the error itself.
 */
export function asDependencyError(
  error: unknown,
  dependency: 'log' | 'database' | 'cache',
): unknown {
  if (error instanceof DependencyError) return error;
  const reason = connectionFailure(error);
  return reason === null ? error : new DependencyError(dependency, reason, { cause: error });
}
