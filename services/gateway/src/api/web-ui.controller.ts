import {
  Controller,
  Get,
  Inject,
  Module,
  NotFoundException,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.constants';
import { WebUiFiles } from '../web/web-ui-files';

interface AnyRequest {
  url: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
}

const header = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(',') : value;

/**
 * The web UI at `/`. Written against Nest's HTTP adapter (setHeader/reply), not Fastify's
 * reply, so it does not depend on the server underneath. The router prefers every declared route to
 * this wildcard, and the UI refuses the API's prefixes itself, so an unknown /v1 path is still the
 * API's 404. Registered after every API module all the same.
 */
@Controller()
export class WebUiController {
  constructor(
    @Inject(WebUiFiles) private readonly files: WebUiFiles,
    @Inject(HttpAdapterHost) private readonly host: HttpAdapterHost,
  ) {}

  @Get()
  root(@Req() request: AnyRequest, @Res() response: unknown) {
    return this.serve(request, response);
  }

  @Get('*')
  any(@Req() request: AnyRequest, @Res() response: unknown) {
    return this.serve(request, response);
  }

  private serve(request: AnyRequest, response: unknown) {
    const answer = this.files.answer(request.url, {
      ifNoneMatch: header(request.headers['if-none-match']),
      acceptEncoding: header(request.headers['accept-encoding']),
    });
    if (!answer)
      throw new NotFoundException(`Cannot ${request.method} ${request.url.split('?')[0]}`);
    const adapter = this.host.httpAdapter;
    for (const [name, value] of Object.entries(answer.headers))
      adapter.setHeader(response, name, value);
    if (answer.status === 304) return adapter.reply(response, '', 304);
    adapter.setHeader(response, 'content-length', String(answer.body.length));
    return adapter.reply(
      response,
      new StreamableFile(answer.body, { type: answer.headers['content-type'] }),
      answer.status,
    );
  }
}

@Module({
  controllers: [WebUiController],
  providers: [
    {
      provide: WebUiFiles,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) => new WebUiFiles(config.webDir),
    },
  ],
})
export class WebUiModule {}
