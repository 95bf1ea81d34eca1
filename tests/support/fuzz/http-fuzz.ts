import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { eventPayloads, IngestEventInput, producerEventTypes } from '@mnemo/contracts';
import { z } from 'zod';
import { hostileString, hostileValue, mutate, type Mutation } from './hostile.arbitrary';
import { validValue, type JsonSchema } from './json-schema.arbitrary';
import { encodeComponent, queryString, type RawRequest } from './raw-http';

/** One operation of the OpenAPI document: what the fuzz needs to build requests for it. */
export interface Operation {
  method: string;
  /** OpenAPI form: `/v1/sessions/{id}/turns`. */
  path: string;
  auth: 'account' | 'admin' | 'none';
  pathParams: string[];
  query: JsonSchema | null;
  body: JsonSchema | null;
}

/** Every operation of /openapi.json: a route added to the app is fuzzed without touching the fuzz. */
export function operationsOf(document: {
  paths: Record<string, Record<string, any>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const parameters: Array<{
        name: string;
        in: string;
        required?: boolean;
        schema: JsonSchema;
      }> = op.parameters ?? [];
      const queryParams = parameters.filter((p) => p.in === 'query');
      const security = op.security as Array<Record<string, unknown>> | undefined;
      const auth =
        security?.length === 0
          ? 'none'
          : security?.some((s) => 'adminKey' in s) || path.startsWith('/v1/admin/')
            ? 'admin'
            : 'account';
      return {
        method: method.toUpperCase(),
        path,
        auth,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: queryParams.length
          ? {
              type: 'object',
              properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
              required: queryParams.filter((p) => p.required).map((p) => p.name),
            }
          : null,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      } satisfies Operation;
    }),
  );
}

/** A producer event that passes the contracts, from their zod schemas (so a new event type is fuzzed too). */
export const validEvent: fc.Arbitrary<Record<string, unknown>> = fc
  .constantFrom(...producerEventTypes)
  .chain((type) => {
    const schema = (s: z.ZodType) =>
      z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return fc
      .tuple(validValue(schema(IngestEventInput)), validValue(schema(eventPayloads[type])))
      .map(([envelope, payload]) => ({ ...(envelope as object), id: randomUUID(), type, payload }));
  });

export type BodyKind = 'json' | 'none' | 'malformed' | 'wrong-type' | 'oversized';

export interface FuzzRequest {
  request: RawRequest;
  key: 'valid' | 'garbled' | 'missing';
  bodyKind: BodyKind;
  /** Where the field broken sits, when one was: `body.events.0.payload.text`. */
  mutation: (Mutation & { in: 'body' | 'query' }) | null;
}

const MALFORMED_BODIES: Array<string | Buffer> = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  '{"a":1}}',
  '{"a":"\\x"}',
  '{"a":"\\ud800"}',
  '{"a":1e99999}',
  '\ufeff{"a":1}',
  '{"a":"a' + '\u0000'.repeat(3) + '"}',
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), // {"a":"<invalid UTF-8>"}
  '['.repeat(20_000) + ']'.repeat(20_000),
  '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/json, text/plain',
  '*/*',
  '',
];

const GARBLED_KEYS = [
  'Bearer ',
  'Bearer x',
  'Bearer mnemo_0000000000000000000000000000000000000000',
  'Basic dXNlcjpwYXNz',
  'Token abc',
  'bearer',
  'Bearer a b',
  `Bearer ${'k'.repeat(4000)}`,
  'Bearer %00',
  'Bearer \u00e9\u00e8',
];

/** A path parameter: an id of this account's data now and then, else anything, percent-encoded or raw-broken. */
function pathParam(knownIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 3000).map(encodeComponent),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...knownIds, randomUUID(), '0', '1', 's-1').map(encodeComponent),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%FF',
        '%E0%A4%A',
        '%00',
        '..',
        '%2E%2E',
        '%2F',
        'a%2Fb',
        '%C0%AF',
        '%uD800',
      ),
    },
  );
}

const COMMON_QUERY_KEYS = [
  'limit',
  'cursor',
  'q',
  'page',
  'pageSize',
  'from',
  'to',
  'days',
  'accountId',
  'level',
  'action',
  'filter',
  'format',
  'sessionId',
  'category',
];

function queryFor(
  operation: Operation,
): fc.Arbitrary<{ query: Record<string, unknown>; mutation: Mutation | null }> {
  if (!operation.query) {
    return fc
      .dictionary(
        fc.constantFrom(...COMMON_QUERY_KEYS),
        fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 })),
        { maxKeys: 3 },
      )
      .map((query) => ({ query, mutation: null }));
  }
  const stringify = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  return validValue(operation.query)
    .map((q) => Object.fromEntries(Object.entries(q as object).map(([k, v]) => [k, stringify(v)])))
    .chain((valid) => mutate(valid))
    .map((mutation) => ({
      query: (mutation.value ?? {}) as Record<string, unknown>,
      mutation: mutation.what === 'unchanged' ? null : mutation,
    }));
}

function bodyFor(operation: Operation): fc.Arbitrary<{ body: unknown; mutation: Mutation | null }> {
  if (operation.path === '/v1/events') {
    return fc
      .array(validEvent, { minLength: 1, maxLength: 3 })
      .chain((events) => mutate({ events }))
      .map((mutation) => ({
        body: mutation.value,
        mutation: mutation.what === 'unchanged' ? null : mutation,
      }));
  }
  if (operation.body) {
    return validValue(operation.body)
      .chain((valid) => mutate(valid))
      .map((mutation) => ({
        body: mutation.value,
        mutation: mutation.what === 'unchanged' ? null : mutation,
      }));
  }
  return fc
    .oneof(
      fc.constant(undefined),
      fc.dictionary(
        fc.constantFrom(
          ...COMMON_QUERY_KEYS,
          'name',
          'text',
          'content',
          'version',
          'provider',
          'apiKey',
        ),
        hostileValue,
        { maxKeys: 4 },
      ),
      hostileValue,
    )
    .map((body) => ({ body, mutation: null }));
}

export interface FuzzKeys {
  account: string;
  admin: string;
  knownIds: string[];
  /** The body limit the gateway was started with: an oversized body is sent just past it. */
  maxBodyBytes: number;
}

/** Requests for one operation: hostile path, query, body, encoding, content type and key. */
export function requestsFor(operation: Operation, keys: FuzzKeys): fc.Arbitrary<FuzzRequest> {
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
  const params = fc.tuple(...operation.pathParams.map(() => pathParam(keys.knownIds)));
  const bodyKind: fc.Arbitrary<BodyKind> = hasBody
    ? fc.oneof(
        { weight: 12, arbitrary: fc.constant('json' as const) },
        fc.constantFrom<BodyKind>('none', 'malformed', 'wrong-type', 'oversized'),
      )
    : fc.oneof(
        { weight: 8, arbitrary: fc.constant('none' as const) },
        fc.constantFrom<BodyKind>('json', 'malformed'),
      );
  const key = fc.oneof(
    { weight: 8, arbitrary: fc.constant('valid' as const) },
    fc.constantFrom('garbled' as const, 'missing' as const),
  );
  return fc
    .record({
      params,
      query: queryFor(operation),
      body: bodyFor(operation),
      bodyKind,
      key,
      garbled: fc.constantFrom(...GARBLED_KEYS),
      malformed: fc.constantFrom(...MALFORMED_BODIES),
      contentType: fc.constantFrom(...WRONG_CONTENT_TYPES),
    })
    .map(
      ({ params, query, body, bodyKind: kind, key: keyKind, garbled, malformed, contentType }) => {
        let i = 0;
        const path =
          operation.path.replace(/\{[^}]+\}/g, () => params[i++] ?? '') + queryString(query.query);
        const headers: Record<string, string> = { 'x-correlation-id': `fuzz-${randomUUID()}` };
        const secret = operation.auth === 'admin' ? keys.admin : keys.account;
        if (keyKind === 'valid') headers.authorization = `Bearer ${secret}`;
        else if (keyKind === 'garbled') headers.authorization = garbled;
        if (operation.path === '/mcp') headers.accept = 'application/json, text/event-stream';
        let payload: RawRequest['body'];
        if (kind === 'json' && body.body !== undefined) {
          payload = JSON.stringify(body.body);
          headers['content-type'] = 'application/json';
        } else if (kind === 'malformed') {
          payload = malformed;
          headers['content-type'] = 'application/json';
        } else if (kind === 'wrong-type') {
          payload = body.body === undefined ? 'a=1' : JSON.stringify(body.body);
          if (contentType) headers['content-type'] = contentType;
        } else if (kind === 'oversized') {
          payload = JSON.stringify({ events: [{ text: 'x'.repeat(keys.maxBodyBytes + 1024) }] });
          headers['content-type'] = 'application/json';
        }
        const mutation =
          kind === 'json' && body.mutation
            ? { ...body.mutation, in: 'body' as const }
            : query.mutation
              ? { ...query.mutation, in: 'query' as const }
              : null;
        return {
          request: { method: operation.method, path, headers, body: payload },
          key: keyKind,
          bodyKind: kind,
          mutation,
        };
      },
    );
}

/** Whether a 400's issues name the broken field (its key in a path or reason, or its index in a batch). */
export function namesField(
  issues: Array<{ path?: unknown; reason?: unknown; index?: unknown }>,
  mutation: Mutation,
): boolean {
  const keys = mutation.path.filter((k): k is string => typeof k === 'string');
  const last = keys[keys.length - 1];
  if (last === undefined) return issues.length > 0;
  const index = mutation.path.find((k) => typeof k === 'number');
  return issues.some(
    (issue) =>
      `${String(issue.path)} ${String(issue.reason)}`.includes(last) ||
      keys.some((k) => String(issue.path).split('.').includes(k)) ||
      (index !== undefined && issue.index === index),
  );
}
