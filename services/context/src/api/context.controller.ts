import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { ContextClient } from './context.client';
import { ClaudeMdQuery } from './context-query';

export const TELEMETRY_HEADER = 'x-mnemo-context-telemetry';

@Controller('v1/context')
@UseGuards(ApiKeyGuard)
export class ContextController {
  constructor(private readonly context: ContextClient) {}

  /** The session's CLAUDE.md as markdown (telemetry in a header), or `?format=json` → `{ markdown, telemetry }`. */
  @Get('claude-md')
  async claudeMd(@AccountId() accountId: string, @Query() query: unknown, @Res() reply: FastifyReply): Promise<void> {
    const q = parseInput(ClaudeMdQuery, query, 'query');
    const answer = await this.context.claudeMd({
      accountId,
      sessionId: q.sessionId,
      pinned: q.pinned,
      ...(q.source !== undefined ? { source: q.source } : {}),
      ...(q.redo !== undefined ? { isRedo: q.redo === 'true' } : {}),
    });
    reply.header('x-mnemo-cache', answer.cached ? 'hit' : 'miss');
    if (q.format === 'json') {
      void reply.status(200).send({ markdown: answer.markdown, telemetry: answer.telemetry });
      return;
    }
    reply.header(TELEMETRY_HEADER, JSON.stringify(answer.telemetry));
    void reply.status(200).type('text/markdown; charset=utf-8').send(answer.markdown);
  }

  /** The per-turn memory block: `{ text, telemetry }` ('' when there is nothing to say). */
  @Get('memory-block')
  async memoryBlock(@AccountId() accountId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const answer = await this.context.memoryBlock({ accountId });
    reply.header('x-mnemo-cache', answer.cached ? 'hit' : 'miss');
    return { text: answer.text, telemetry: answer.telemetry };
  }
}
