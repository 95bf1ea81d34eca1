import { Body, Controller, HttpCode, Inject, Post, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import type { DataSource } from 'typeorm';
import { ForbiddenError, logProject, logSourceId, PayloadTooLargeError } from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { DATA_SOURCE } from '@mnemo/persistence';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { linesOfOtlp, OtlpLogsRequest, type OtlpLine } from '../domain/otlp-logs';
import { LOGS_CONFIG, type LogsConfig } from '../logs.config';
import { LogSink, TemplateMiners } from '../sources/log-sink';

export const MAX_PUSHED_LINES = 20_000;

const OtlpQuery = z.object({ project: logProject.optional() });

export const LogLinesBody = z.object({
  project: logProject.default('default'),
  sourceId: logSourceId.default('import'),
  unit: z.string().max(256).optional(),
  host: z.string().max(256).optional(),
  lines: z.array(z.string()).min(1).max(MAX_PUSHED_LINES),
});

/**
 * Lines pushed to Mnemo: OpenTelemetry logs (`POST /v1/logs`, OTLP JSON, on when configured) and a
 * one-off import of plain lines (`POST /v1/logs/lines`, what `mnemo logs ingest` sends). Each request
 * is folded and written as one window per project before it is answered.
 */
@Controller('v1/logs')
@UseGuards(ApiKeyGuard)
export class LogLinesController {
  constructor(
    @Inject(LOGS_CONFIG) private readonly config: LogsConfig,
    private readonly miners: TemplateMiners,
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
  ) {}

  @Post()
  @HttpCode(200)
  async otlp(@AccountId() accountId: string, @Query() query: unknown, @Body() body: unknown) {
    if (!this.config.otlp)
      throw new ForbiddenError('OTLP logs are off on this server (set MNEMO_LOGS_OTLP=true)');
    const { project } = parseInput(OtlpQuery, query, 'query');
    const request = parseInput(OtlpLogsRequest, body, 'body');
    const lines = linesOfOtlp(request, project ?? 'default', new Date());
    if (lines.length > MAX_PUSHED_LINES)
      throw new PayloadTooLargeError(`at most ${MAX_PUSHED_LINES} log records a request`);
    const rejected = await this.fold(accountId, 'otlp', lines);
    return rejected > 0
      ? {
          partialSuccess: {
            rejectedLogRecords: rejected,
            errorMessage: 'records too long or not text',
          },
        }
      : {};
  }

  @Post('lines')
  @HttpCode(200)
  async lines(@AccountId() accountId: string, @Body() body: unknown) {
    const { project, sourceId, unit, host, lines } = parseInput(LogLinesBody, body, 'body');
    const at = new Date();
    const skipped = await this.fold(
      accountId,
      sourceId,
      lines.map((message) => ({
        project,
        line: { message, at, ...(unit ? { unit } : {}), ...(host ? { host } : {}) },
      })),
    );
    return { lines: lines.length - skipped, skipped };
  }

  private async fold(accountId: string, sourceId: string, lines: OtlpLine[]): Promise<number> {
    const byProject = new Map<string, OtlpLine[]>();
    for (const line of lines) {
      const same = byProject.get(line.project);
      if (same) same.push(line);
      else byProject.set(line.project, [line]);
    }
    let skipped = 0;
    for (const [project, projectLines] of byProject) {
      const miner = await this.miners.of(accountId, project);
      const sink = new LogSink(
        { log: this.log, db: this.db },
        { accountId, project, sourceId },
        miner,
      );
      for (const { line } of projectLines) {
        if (sink.add(line)) skipped++;
        if (sink.full()) await sink.flush();
      }
      await sink.flush();
    }
    return skipped;
  }
}
