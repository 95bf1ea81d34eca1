import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AccountId, ApiKeyGuard, keptBodyFor } from '@mnemo/http-edge';
import { claudeMdHttp, MEMORY_BLOCK_HTTP, type ContextHttpAnswer } from './context-answers';
import { ContextClient, type ContextReply } from './context.client';
import { claudeMdRequestOf } from './context-query';

export const TELEMETRY_HEADER = 'x-mnemo-context-telemetry';

/** A cache hit's bytes are kept with its entry, so they go compressed when the client takes gzip; a fresh build goes as it is. */
function send(reply: FastifyReply, { answer, cached }: ContextReply<ContextHttpAnswer>): void {
  reply
    .header('x-mnemo-cache', cached ? 'hit' : 'miss')
    .header('content-type', answer.contentType)
    .header('vary', 'accept-encoding');
  if (answer.telemetryHeader !== undefined) reply.header(TELEMETRY_HEADER, answer.telemetryHeader);
  const sent = cached
    ? keptBodyFor(answer.body, reply.request.headers['accept-encoding'])
    : { body: answer.body };
  if (sent.encoding) reply.header('content-encoding', sent.encoding);
  void reply.status(200).send(sent.body);
}

@Controller('v1/context')
@UseGuards(ApiKeyGuard)
export class ContextController {
  constructor(private readonly context: ContextClient) {}

  /** The session's CLAUDE.md as markdown (telemetry in a header), or `?format=json` → `{ markdown, telemetry }`. */
  @Get('claude-md')
  async claudeMd(
    @AccountId() accountId: string,
    @Query() query: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { request, format } = claudeMdRequestOf(accountId, query);
    send(reply, await this.context.claudeMd(request, claudeMdHttp(format)));
  }

  /** The per-turn memory block: `{ text, telemetry }` ('' when there is nothing to say). */
  @Get('memory-block')
  async memoryBlock(@AccountId() accountId: string, @Res() reply: FastifyReply): Promise<void> {
    send(reply, await this.context.memoryBlock({ accountId }, MEMORY_BLOCK_HTTP));
  }
}
