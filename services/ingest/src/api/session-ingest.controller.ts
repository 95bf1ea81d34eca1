import { Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { subjectToken, ValidationError, zodIssues } from '@mnemo/contracts';
import { AdminKeyGuard } from '@mnemo/gateway-service';
import { TranscriptIngestRunner } from '../loop/transcript-ingest.runner';

const RunQuery = z.object({
  days: z.coerce.number().int().min(1).max(3650).optional(),
  accountId: subjectToken.optional(),
});
const StatusQuery = z.object({ accountId: subjectToken.optional() });

function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw new ValidationError('bad query parameters', zodIssues(parsed.error, 'query'));
  return parsed.data;
}

/** The transcript ingest loop, run now or looked at; admin key only (it reads this machine's disk). */
@Controller('v1/admin/session-ingest')
@UseGuards(AdminKeyGuard)
export class SessionIngestController {
  constructor(private readonly runner: TranscriptIngestRunner) {}

  /** Runs the ingest now and answers its summary; 409 while another run holds the lock. */
  @Post()
  @HttpCode(200)
  async run(@Query() query: unknown) {
    const { days, accountId } = parseQuery(RunQuery, query);
    return this.runner.run({ trigger: 'admin', days, accountId });
  }

  @Get('status')
  async status(@Query() query: unknown) {
    const { accountId } = parseQuery(StatusQuery, query);
    return this.runner.status(accountId);
  }
}
