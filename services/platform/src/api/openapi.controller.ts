import { Controller, Get, Header, Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ROUTE_DOCS } from '../openapi/openapi-routes';
import { buildOpenApiDocument, renderDocsPage, type RegisteredRoute } from '../openapi/openapi.document';

const VERSION: string = require('../../../../package.json').version;

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** Every route the Express app serves, as Nest registered it. */
export function registeredRoutes(adapter: HttpAdapterHost): RegisteredRoute[] {
  const app = adapter.httpAdapter.getInstance() as { router?: { stack: ExpressLayer[] } };
  const routes: RegisteredRoute[] = [];
  for (const layer of app.router?.stack ?? []) {
    if (!layer.route) continue;
    for (const path of Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path]) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') routes.push({ method: method.toUpperCase(), path });
      }
    }
  }
  return routes;
}

/** `GET /openapi.json` and `GET /docs`, generated from the running app's routes and the zod contracts. */
@Controller()
export class OpenApiController {
  private document: ReturnType<typeof buildOpenApiDocument> | null = null;

  constructor(private readonly adapter: HttpAdapterHost) {}

  private current() {
    // the routes are fixed once the app listens: built on the first request
    this.document ??= buildOpenApiDocument(registeredRoutes(this.adapter), ROUTE_DOCS, VERSION);
    return this.document;
  }

  @Get('openapi.json')
  openApi() {
    return this.current();
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  docs(): string {
    return renderDocsPage(this.current());
  }
}

@Module({ controllers: [OpenApiController] })
export class OpenApiModule {}
