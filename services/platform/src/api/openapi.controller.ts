import { Controller, Get, Header, Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { registeredRoutes } from '@mnemo/gateway-service';
import { ROUTE_DOCS } from '../openapi/openapi-routes';
import { buildOpenApiDocument, renderDocsPage } from '../openapi/openapi.document';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the root package.json is outside the compiled sources
const VERSION = (require('../../../../package.json') as { version: string }).version;

/** `GET /openapi.json` and `GET /docs`, generated from the running app's routes and the zod contracts. */
@Controller()
export class OpenApiController {
  private document: ReturnType<typeof buildOpenApiDocument> | null = null;

  constructor(private readonly adapter: HttpAdapterHost) {}

  private current() {
    // the routes are fixed once the app listens: built on the first request
    this.document ??= buildOpenApiDocument(
      registeredRoutes(this.adapter.httpAdapter.getInstance()),
      ROUTE_DOCS,
      VERSION,
    );
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
