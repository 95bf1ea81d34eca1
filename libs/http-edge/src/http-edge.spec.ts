import type { ArgumentsHost, ExecutionContext } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { z } from 'zod';
import {
  AdminApiDisabledError,
  ForbiddenError,
  MnemoError,
  UnauthorizedError,
  ValidationError,
} from '@mnemo/contracts';
import { AdminKeyGuard, ApiKeyGuard, bearerKey } from './auth.guards';
import { decodeCursor, encodeCursor } from './cursor';
import { HttpErrorFilter, toHttpError } from './error.filter';
import { parseInput } from './parse-input';

const httpContext = (request: { headers: Record<string, string>; accountId?: string }) =>
  ({ switchToHttp: () => ({ getRequest: () => request }) }) as unknown as ExecutionContext;

describe('http-edge', () => {
  it('answers a code without an HTTP meaning (a database error carried over an RPC) as internal, without its message', () => {
    expect(
      toHttpError(
        new MnemoError('22003', 'value "9007199254740991" is out of range for type integer'),
      ),
    ).toEqual({ status: 500, body: { error: { code: 'internal', message: 'internal error' } } });
    expect(
      toHttpError(
        Object.assign(new Error("'/v1/memories/%' is not a valid url component"), {
          code: 'FST_ERR_BAD_URL',
          statusCode: 400,
        }),
      ),
    ).toEqual({
      status: 400,
      body: { error: { code: 'malformed_url', message: 'the URL is not validly percent-encoded' } },
    });
  });

  it('logs a 5xx with what explains it (the error, its stack, the route without its query, the correlation id); the answer says only internal error', () => {
    const logged: Array<[object, string]> = [];
    const replies: unknown[] = [];
    const logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: (fields: object, message: string) => void logged.push([fields, message]),
    };
    const adapterHost = {
      httpAdapter: {
        reply: (_response: unknown, body: unknown, status: number) =>
          void replies.push([status, body]),
      },
    } as unknown as HttpAdapterHost;
    const host = {
      switchToHttp: () => ({
        getRequest: () => ({ id: 'corr-7', method: 'GET', url: '/v1/recall/search?q=private' }),
        getResponse: () => ({}),
      }),
    } as unknown as ArgumentsHost;
    new HttpErrorFilter(logger, adapterHost).catch(
      new TypeError("Cannot read properties of undefined (reading 'rows')"),
      host,
    );
    expect(replies).toEqual([[500, { error: { code: 'internal', message: 'internal error' } }]]);
    expect(logged).toEqual([
      [
        expect.objectContaining({
          err: expect.objectContaining({
            name: 'TypeError',
            message: "Cannot read properties of undefined (reading 'rows')",
            stack: expect.stringContaining('http-edge.spec.ts'),
          }),
          status: 500,
          method: 'GET',
          path: '/v1/recall/search',
          correlationId: 'corr-7',
        }),
        'request failed',
      ],
    ]);
  });

  it('round-trips a keyset cursor and rejects one of another arity or shape, naming query.cursor', () => {
    const cursor = encodeCursor('2026-12-01T10:00:00.000Z', 'id-1');
    expect(decodeCursor(cursor, 2)).toEqual(['2026-12-01T10:00:00.000Z', 'id-1']);
    expect(() => decodeCursor(cursor, 3)).toThrow(ValidationError);
    expect(() => decodeCursor('not-base64-json', 2)).toThrow(ValidationError);
    expect(() => decodeCursor(encodeCursor('a', 'b', 'c'), 2)).toThrow(ValidationError);
    expect(toHttpError(catching(() => decodeCursor('x', 2))).body.error.issues).toEqual([
      { path: 'query.cursor', reason: 'not a cursor this API returned' },
    ]);
  });

  it('names the failing field of a body or a query', () => {
    const schema = z.object({ limit: z.coerce.number().int().max(100) });
    expect(parseInput(schema, { limit: '7' }, 'query')).toEqual({ limit: 7 });
    const error = catching(() => parseInput(schema, { limit: 'lots' }, 'body'));
    expect(toHttpError(error)).toMatchObject({
      status: 400,
      body: { error: { code: 'validation_failed', issues: [{ path: 'body.limit' }] } },
    });
  });

  it('takes the account from the API key through the lookup port, never from the request', async () => {
    const guard = new ApiKeyGuard({
      accountForKey: async (key) => (key === 'mnemo_good' ? 'acct-1' : null),
    });
    const request: { headers: Record<string, string>; accountId?: string } = {
      headers: { authorization: 'Bearer mnemo_good' },
    };
    await expect(guard.canActivate(httpContext(request))).resolves.toBe(true);
    expect(request.accountId).toBe('acct-1');
    await expect(
      guard.canActivate(httpContext({ headers: { authorization: 'Bearer mnemo_bad' } })),
    ).rejects.toThrow(UnauthorizedError);
    await expect(guard.canActivate(httpContext({ headers: {} }))).rejects.toThrow(
      UnauthorizedError,
    );
  });

  it('refuses the admin API while no admin key is set, and a wrong key when one is', () => {
    expect(() =>
      new AdminKeyGuard(null).canActivate(httpContext({ headers: { authorization: 'Bearer x' } })),
    ).toThrow(AdminApiDisabledError);
    expect(toHttpError(new AdminApiDisabledError())).toMatchObject({
      status: 403,
      body: { error: { code: 'admin_disabled' } },
    });
    const guard = new AdminKeyGuard('s3cret');
    expect(() =>
      guard.canActivate(httpContext({ headers: { authorization: 'Bearer wrong' } })),
    ).toThrow(ForbiddenError);
    expect(() => guard.canActivate(httpContext({ headers: {} }))).toThrow(UnauthorizedError);
    expect(guard.canActivate(httpContext({ headers: { authorization: 'bearer s3cret' } }))).toBe(
      true,
    );
    expect(bearerKey(['Bearer first', 'Bearer second'])).toBe('first');
  });
});

function catching(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
