import { z } from 'zod';
import type { RouteDoc } from './openapi-routes';

export interface RegisteredRoute {
  method: string;
  /** Express form: `/v1/sessions/:id/turns`. */
  path: string;
}

/** `/v1/sessions/:id/turns` → `/v1/sessions/{id}/turns`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const schemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, any>;

const ERROR = {
  description:
    'An error: `{ error: { code, message, issues? } }`, each bad field with its path and reason',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

function operation(route: RegisteredRoute, doc: RouteDoc | undefined) {
  const params = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (doc?.query) {
    const schema = schemaOf(doc.query);
    const required = new Set<string>(schema.required ?? []);
    for (const [name, property] of Object.entries(
      (schema.properties ?? {}) as Record<string, unknown>,
    )) {
      params.push({
        name,
        in: 'query',
        required: required.has(name),
        schema: property as { type: string },
      });
    }
  }
  const auth = doc?.auth ?? 'account';
  return {
    summary: doc?.summary ?? 'Undocumented: no entry in ROUTE_DOCS yet',
    tags: [doc?.tag ?? 'undocumented'],
    ...(auth === 'none'
      ? { security: [] }
      : auth === 'admin'
        ? { security: [{ adminKey: [] }] }
        : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(doc?.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(doc.body) } },
          },
        }
      : {}),
    responses: { '2XX': { description: 'Success' }, '4XX': ERROR, '5XX': ERROR },
  };
}

/**
 * The OpenAPI 3.1 document of the routes the app serves: every registered route, with the zod
 * contracts of ROUTE_DOCS as JSON Schema (zod 4's own converter) where a route has them.
 */
export function buildOpenApiDocument(
  routes: RegisteredRoute[],
  docs: Record<string, RouteDoc>,
  version: string,
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of [...routes].sort(
    (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  )) {
    const path = openApiPath(route.path);
    paths[path] = {
      ...paths[path],
      [route.method.toLowerCase()]: operation(route, docs[`${route.method} ${path}`]),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mnemo',
      version,
      description:
        'Memory for AI assistants and coding agents. Every route but operations and admin takes a per-account key as `Authorization: Bearer <key>`.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: "The account's API key" },
        adminKey: { type: 'http', scheme: 'bearer', description: 'MNEMO_ADMIN_KEY' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string' },
                message: { type: 'string' },
                issues: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { path: { type: 'string' }, reason: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The same document as one self-contained page (no script, no asset from elsewhere: it works offline). */
export function renderDocsPage(document: ReturnType<typeof buildOpenApiDocument>): string {
  const sections = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations as Record<string, any>).map(([method, op]) => {
      const params = (op.parameters ?? [])
        .map(
          (p: any) =>
            `<li><code>${escape(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`,
        )
        .join('');
      const body = op.requestBody
        ? `<details><summary>Body schema</summary><pre>${escape(JSON.stringify(op.requestBody.content['application/json'].schema, null, 2))}</pre></details>`
        : '';
      return `<section><h3><code>${method.toUpperCase()} ${escape(path)}</code> <small>${escape(op.tags[0])}</small></h3><p>${escape(op.summary)}</p>${params ? `<ul>${params}</ul>` : ''}${body}</section>`;
    }),
  );
  return `<!doctype html><html><head><meta charset="utf-8"><title>Mnemo API</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}h3{margin-bottom:.2rem}small{color:#777;font-weight:normal}pre{background:#f6f6f6;padding:.6rem;overflow:auto}</style></head><body><h1>Mnemo API ${escape(document.info.version)}</h1><p>${escape(document.info.description)} Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>${sections.join('\n')}</body></html>`;
}
