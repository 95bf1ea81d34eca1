import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AccountId, ApiKeyGuard, keptBodyFor, parseInput } from '@mnemo/http-edge';
import type { ContextHttpAnswer } from './context-answers';
import { ContextClient } from './context.client';
import { ClaudeMdQuery } from './context-query';

export const TELEMETRY_HEADER = 'x-mnemo-context-telemetry';

/** A cache hit's bytes are kept with its entry, so they go compressed when the client takes gzip; a fresh build goes as it is. */
function send(reply: FastifyReply, answer: ContextHttpAnswer & { cached: boolean }): void {
  reply
    .header('x-mnemo-cache', answer.cached ? 'hit' : 'miss')
    .header('content-type', answer.contentType)
    .header('vary', 'accept-encoding');
  if (answer.telemetryHeader !== undefined) reply.header(TELEMETRY_HEADER, answer.telemetryHeader);
  const sent = answer.cached
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
    const q = parseInput(ClaudeMdQuery, query, 'query');
    const request = {
      accountId,
      sessionId: q.sessionId,
      pinned: q.pinned,
      ...(q.source !== undefined ? { source: q.source } : {}),
      ...(q.redo !== undefined ? { isRedo: q.redo === 'true' } : {}),
    };
    send(reply, await this.context.claudeMdHttp(request, q.format));
  }

  /** The per-turn memory block: `{ text, telemetry }` ('' when there is nothing to say). */
  @Get('memory-block')
  async memoryBlock(@AccountId() accountId: string, @Res() reply: FastifyReply): Promise<void> {
    send(reply, await this.context.memoryBlockHttp({ accountId }));
  }
}
