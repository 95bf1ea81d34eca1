import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { ROUTE_DOCS } from '../../services/platform/src/openapi/openapi-routes';
import { startHarness, type Harness } from '../support/platform-harness';

/** The routes Nest's own controller metadata declares (not Express's router): `GET /v1/sessions/{id}/turns`. */
function declaredRoutes(harness: Harness): Set<string> {
  const routes = new Set<string>();
  const join = (...parts: string[]) =>
    `/${parts
      .flatMap((p) => p.split('/'))
      .filter(Boolean)
      .join('/')}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  for (const module of harness.platform.httpApp!.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!type) continue;
      const base: string = Reflect.getMetadata(PATH_METADATA, type) ?? '';
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = type.prototype[name];
        if (
          name === 'constructor' ||
          typeof handler !== 'function' ||
          Reflect.getMetadata(PATH_METADATA, handler) === undefined
        )
          continue;
        const method: RequestMethod = Reflect.getMetadata(METHOD_METADATA, handler);
        // a message or event handler has a path too, but no HTTP method
        if (method === undefined) continue;
        const methods =
          method === RequestMethod.ALL
            ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']
            : [RequestMethod[method]];
        for (const m of methods)
          routes.add(`${m} ${join(base, Reflect.getMetadata(PATH_METADATA, handler))}`);
      }
    }
  }
  return routes;
}

describe('the OpenAPI document', () => {
  let harness: Harness;
  let document: { openapi: string; paths: Record<string, Record<string, any>> };
  beforeAll(async () => {
    harness = await startHarness();
    document = (await harness.http().get('/openapi.json').expect(200)).body;
  });
  afterAll(async () => harness?.stop());

  const documented = () =>
    new Set(
      Object.entries(document.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );

  it('is OpenAPI 3.1 and lists exactly the routes the controllers declare', () => {
    expect(document.openapi).toBe('3.1.0');
    const declared = declaredRoutes(harness);
    expect(declared.size).toBeGreaterThan(40);
    expect([...documented()].sort()).toEqual([...declared].sort());
  });

  it('documents every route: a summary and a tag for each, none left undocumented', () => {
    expect([...declaredRoutes(harness)].filter((key) => !ROUTE_DOCS[key]).sort()).toEqual([]);
  });

  it('documents no route that does not exist', () => {
    const declared = declaredRoutes(harness);
    expect(Object.keys(ROUTE_DOCS).filter((key) => !declared.has(key))).toEqual([]);
  });

  it('carries the zod contracts of the routes agents call, as JSON Schema', () => {
    const recall =
      document.paths['/v1/recall']?.post.requestBody.content['application/json'].schema;
    expect(recall.required).toEqual(['query']);
    expect(Object.keys(recall.properties)).toEqual([
      'query',
      'limit',
      'sessionIds',
      'developer',
      'project',
      'since',
      'askingSessionId',
      'minScore',
    ]);
    expect(recall.properties.limit).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 200,
      default: 10,
    });
    const priorWork = document.paths['/v1/prior-work']?.get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(priorWork).toEqual(expect.arrayContaining(['file', 'task', 'project', 'limit']));
    const plan =
      document.paths['/v1/refactor-plans']?.post.requestBody.content['application/json'].schema;
    expect(Object.keys(plan.properties)).toEqual([
      'goal',
      'steps',
      'files',
      'project',
      'sessionId',
    ]);
    expect(plan.required).toEqual(['goal', 'steps']);
    const planChange =
      document.paths['/v1/refactor-plans/{id}']?.patch.requestBody.content['application/json']
        .schema;
    expect(Object.keys(planChange.properties)).toEqual(['status', 'steps', 'files']);
    const logFacts = document.paths['/v1/log-facts']?.get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(logFacts).toEqual([
      'q',
      'project',
      'unit',
      'severity',
      'since',
      'until',
      'sessionId',
      'change',
      'limit',
    ]);
    const visited = document.paths['/v1/sessions/{id}/visited']?.post;
    expect(visited.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(Object.keys(visited.requestBody.content['application/json'].schema.properties)).toEqual([
      'ledgerId',
      'path',
      'startLine',
      'endLine',
      'symbol',
      'bodyHash',
      'note',
    ]);
    expect(document.paths['/healthz']?.get.security).toEqual([]);
    expect(document.paths['/v1/admin/accounts']?.post.security).toEqual([{ adminKey: [] }]);
  });

  it('has a docs page that works offline', async () => {
    const page = await harness
      .http()
      .get('/docs')
      .expect(200)
      .expect('content-type', /text\/html/);
    expect(page.text).toContain('<code>POST /v1/recall</code>');
    expect(page.text).not.toMatch(/<script|https?:\/\/(?!json-schema)/);
  });
});
