import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { LOGGER, type Logger } from '@mnemo/eventing';

export const CORRELATION_HEADER = 'x-correlation-id';
const VALID_CORRELATION = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's correlation id when it sent a usable one, else a new one; echoed on the answer. */
export function correlationIdOf(request: Request): string {
  const given = request.headers[CORRELATION_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value && VALID_CORRELATION.test(value) ? value : randomUUID();
}

/**
 * One access-log line per request: method, route path (never the query, which may carry search
 * text), status, duration, account and correlation id. Bodies and headers are never logged.
 */
@Injectable()
export class RequestLogMiddleware implements NestMiddleware {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  use(request: Request & { accountId?: string; correlationId?: string }, response: Response, next: NextFunction): void {
    const started = process.hrtime.bigint();
    const correlationId = correlationIdOf(request);
    request.correlationId = correlationId;
    response.setHeader(CORRELATION_HEADER, correlationId);
    response.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const fields = { method: request.method, path: request.baseUrl + request.path, status: response.statusCode, ms: Math.round(ms * 10) / 10, accountId: request.accountId, correlationId };
      if (response.statusCode >= 500) this.logger.error(fields, 'request');
      else this.logger.info(fields, 'request');
    });
    next();
  }
}
