import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
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
  async claudeMd(@AccountId() accountId: string, @Query() query: unknown, @Res() response: Response): Promise<void> {
    const q = parseInput(ClaudeMdQuery, query, 'query');
    const reply = await this.context.claudeMd({
      accountId,
      sessionId: q.sessionId,
      pinned: q.pinned,
      ...(q.source !== undefined ? { source: q.source } : {}),
      ...(q.redo !== undefined ? { isRedo: q.redo === 'true' } : {}),
    });
    response.setHeader('x-mnemo-cache', reply.cached ? 'hit' : 'miss');
    if (q.format === 'json') {
      response.status(200).json({ markdown: reply.markdown, telemetry: reply.telemetry });
      return;
    }
    response.setHeader(TELEMETRY_HEADER, JSON.stringify(reply.telemetry));
    response.status(200).type('text/markdown; charset=utf-8').send(reply.markdown);
  }

  /** The per-turn memory block: `{ text, telemetry }` ('' when there is nothing to say). */
  @Get('memory-block')
  async memoryBlock(@AccountId() accountId: string, @Res({ passthrough: true }) response: Response) {
    const reply = await this.context.memoryBlock({ accountId });
    response.setHeader('x-mnemo-cache', reply.cached ? 'hit' : 'miss');
    return { text: reply.text, telemetry: reply.telemetry };
  }
}
