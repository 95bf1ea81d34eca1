import { Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { subjectToken } from '@mnemo/contracts';
import { AdminKeyGuard, parseInput } from '@mnemo/http-edge';
import { TranscriptIngestRunner } from '../loop/transcript-ingest.runner';

export const SessionIngestRunQuery = z.object({
  days: z.coerce.number().int().min(1).max(3650).optional(),
  accountId: subjectToken.optional(),
});
export const SessionIngestStatusQuery = z.object({ accountId: subjectToken.optional() });

/** The transcript ingest loop, run now or looked at; admin key only (it reads this machine's disk). */
@Controller('v1/admin/session-ingest')
@UseGuards(AdminKeyGuard)
export class SessionIngestController {
  constructor(private readonly runner: TranscriptIngestRunner) {}

  /** Runs the ingest now and answers its summary; 409 while another run holds the lock. */
  @Post()
  @HttpCode(200)
  async run(@Query() query: unknown) {
    const { days, accountId } = parseInput(SessionIngestRunQuery, query, 'query');
    return this.runner.run({ trigger: 'admin', days, accountId });
  }

  @Get('status')
  async status(@Query() query: unknown) {
    const { accountId } = parseInput(SessionIngestStatusQuery, query, 'query');
    return this.runner.status(accountId);
  }
}
