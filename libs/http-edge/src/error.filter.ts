import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  connectionFailure,
  InvalidEventError,
  MnemoError,
  ValidationError,
} from '@mnemo/contracts';
import { LOGGER, type Logger } from '@mnemo/eventing';

const STATUS_BY_CODE: Record<string, number> = {
  validation_failed: 400,
  invalid_event: 400,
  unauthorized: 401,
  forbidden: 403,
  admin_disabled: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  dependency_unavailable: 503,
};

export interface ErrorBody {
  error: { code: string; message: string; issues?: unknown[]; details?: unknown };
}

/** Maps an error to its HTTP answer, once, at the edge: `{ error: { code, message, issues? } }`. */
export function toHttpError(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof ValidationError) {
    return {
      status: 400,
      body: { error: { code: error.code, message: error.message, issues: error.issues } },
    };
  }
  if (error instanceof InvalidEventError) {
    return {
      status: 400,
      body: { error: { code: error.code, message: error.message, issues: error.issues } },
    };
  }
  // A code of ours with an HTTP meaning; any other (a database's "22003" carried over an RPC) is a failure of
  // ours, answered as internal without its message, which would only leak the cause's internals.
  const status = error instanceof MnemoError ? STATUS_BY_CODE[error.code] : undefined;
  if (error instanceof MnemoError && status !== undefined) {
    const details = error.details === undefined ? {} : { details: error.details };
    return {
      status,
      body: { error: { code: error.code, message: error.message, ...details } },
    };
  }
  if (error instanceof MnemoError)
    return { status: 500, body: { error: { code: 'internal', message: 'internal error' } } };
  const cause =
    error instanceof HttpException ? (error.cause as { code?: string } | undefined) : undefined;
  // The server's own refusals before a route runs (Fastify's body limit and JSON parser).
  const serverCode = cause?.code ?? (error as { code?: unknown } | null)?.code;
  if (serverCode === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return {
      status: 413,
      body: {
        error: { code: 'payload_too_large', message: 'the request body is larger than the limit' },
      },
    };
  if (serverCode === 'FST_ERR_BAD_URL')
    return {
      status: 400,
      body: { error: { code: 'malformed_url', message: 'the URL is not validly percent-encoded' } },
    };
  if (
    serverCode === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    serverCode === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return {
      status: 400,
      body: { error: { code: 'malformed_json', message: 'the request body is not valid JSON' } },
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const code =
      status === 404 ? 'not_found' : status === 413 ? 'payload_too_large' : `http_${status}`;
    return { status, body: { error: { code, message: error.message } } };
  }
  const e = error as { status?: number; type?: string; message?: string } | null;
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return {
      status: e.status,
      body: { error: { code: e.type ?? `http_${e.status}`, message: String(e.message) } },
    };
  }
  // The log and cache adapters name themselves (DependencyError); a lost connection that reaches here bare
  // came from the database driver, which every read model shares.
  const reason = connectionFailure(error);
  if (reason !== null)
    return {
      status: 503,
      body: {
        error: {
          code: 'dependency_unavailable',
          message: `database: ${reason}`,
          details: { dependency: 'database' },
        },
      },
    };
  return { status: 500, body: { error: { code: 'internal', message: 'internal error' } } };
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, body } = toHttpError(exception);
    if (status >= 500) {
      // The answer says only "internal error": the log line is where a 5xx is explained, found by its correlation id.
      const request = host
        .switchToHttp()
        .getRequest<{ id?: string; method?: string; url?: string } | undefined>();
      const error = exception as {
        name?: string;
        message?: string;
        code?: unknown;
        stack?: string;
      } | null;
      this.logger.error(
        {
          err: {
            name: error?.name,
            message: String(error?.message ?? exception),
            code: error?.code,
            stack: error?.stack?.split('\n').slice(0, 8).join('\n'),
          },
          status,
          method: request?.method,
          path: request?.url?.split('?')[0],
          correlationId: request?.id,
        },
        'request failed',
      );
    }
    // Whatever the HTTP server under Nest: its adapter writes the answer.
    this.adapterHost.httpAdapter.reply(host.switchToHttp().getResponse(), body, status);
  }
}
