import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FIELDS_REDACTED, type Logger } from '@mnemo/eventing';
import { toHttpError } from '@mnemo/http-edge';
import { redact } from '@mnemo/redaction';

export const CORRELATION_HEADER = 'x-correlation-id';
const VALID_CORRELATION = /^[A-Za-z0-9._:-]{1,128}$/;

const givenCorrelationId = (request: Pick<IncomingMessage, 'headers'>): string | undefined => {
  const given = request.headers[CORRELATION_HEADER];
  return Array.isArray(given) ? given[0] : given;
};

/** The caller's correlation id when it sent a usable one, else a new one. */
export function correlationIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const value = givenCorrelationId(request);
  return value && VALID_CORRELATION.test(value) ? value : randomUUID();
}

const ROUTES = Symbol('mnemo.routes');

type Route = { method: string; path: string };

/** Every route registered on this adapter's server, as Nest registered it (the HEAD twins of GET routes left out). */
export function registeredRoutes(instance: unknown): Route[] {
  return [...((instance as { [ROUTES]?: Route[] })[ROUTES] ?? [])];
}

/**
 * Nest on Fastify (Express's per-request middleware chain cost most of the stack's time). Fastify
 * itself gives the correlation id (`request.id`), the body limit (413) and JSON parsing (400); one
 * access-log line per request is written from an `onResponse` hook: method, path (never the query,
 * which may carry search text), status, duration, account and correlation id, redacted here. Bodies
 * and headers are never logged.
 */
export function createHttpAdapter(
  options: { maxBodyBytes: number },
  logger: Logger,
): FastifyAdapter {
  const adapter = new FastifyAdapter({
    bodyLimit: options.maxBodyBytes,
    genReqId: correlationIdOf,
    requestIdHeader: false,
    logger: false,
    // Express matched `/v1/events/` as `/v1/events`: kept.
    routerOptions: { ignoreTrailingSlash: true },
    // A URL the router cannot decode (`/v1/memories/%`) is refused before any route or filter runs: same error body as ours.
    frameworkErrors: (error: unknown, _request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = toHttpError(error);
      void reply.code(status).send(body);
    },
  });
  const instance = adapter.getInstance<FastifyInstance>();
  const routes: Route[] = [];
  Object.defineProperty(instance, ROUTES, { value: routes });
  instance.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD') routes.push({ method, path: route.url ?? route.path });
    }
  });
  // `application/*+json` bodies are JSON too, with the same limit.
  instance.addContentTypeParser(
    /^application\/[a-z0-9.-]+\+json$/i,
    { parseAs: 'string', bodyLimit: options.maxBodyBytes },
    instance.getDefaultJsonParser('error', 'error'),
  );
  // On the raw response, so hijacked answers (SSE, MCP) carry it too.
  instance.addHook(
    'onRequest',
    (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      reply.raw.setHeader(CORRELATION_HEADER, request.id);
      done();
    },
  );
  instance.addHook(
    'onResponse',
    (request: FastifyRequest & { accountId?: string }, reply: FastifyReply, done: () => void) => {
      const level = reply.statusCode >= 500 ? 'error' : 'info';
      if (logger.isLevelEnabled?.(level) === false) return done();
      const url = request.url;
      const query = url.indexOf('?');
      const correlationId = request.id;
      // Only the path and a caller's correlation id can hold a caller's text: they go through the
      // redactor here, and the line skips the logger's walk over every field (the walk was most of
      // the line's cost). The method is one the HTTP parser knows, the account id and a generated
      // correlation id are ours.
      const fields = {
        method: request.method,
        path: redact(query < 0 ? url : url.slice(0, query)).text,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        accountId: request.accountId,
        correlationId:
          correlationId === givenCorrelationId(request)
            ? redact(correlationId).text
            : correlationId,
        [FIELDS_REDACTED]: true,
      };
      logger[level](fields, 'request');
      done();
    },
  );
  return adapter;
}
