import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { LogSeverity, logProject } from '@mnemo/contracts';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { DATA_SOURCE } from '@mnemo/persistence';
import { logChange, ratePerHour } from '../domain/log-changes';
import { readLogFacts } from '../projections/log-facts.read';

const DAY_MS = 86_400_000;

export const LogFactsQuery = z.object({
  /** Words that must all appear in the template or its examples. */
  q: z.string().max(500).optional(),
  project: logProject.optional(),
  unit: z.string().min(1).max(256).optional(),
  severity: LogSeverity.optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
  change: z.enum(['new', 'rising']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type LogFactsQuery = z.infer<typeof LogFactsQuery>;

/**
 * What the running system says (docs/logs.md): the account's log templates seen in a window (the
 * last 24 hours unless `since`/`until` say otherwise), with their facts and their change against the
 * window of the same length before it; `change=new|rising` keeps only those.
 */
@Controller('v1/log-facts')
@UseGuards(ApiKeyGuard)
export class LogFactsController {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  @Get()
  async list(@AccountId() accountId: string, @Query() query: unknown) {
    return logFactsAnswer(this.db, accountId, parseInput(LogFactsQuery, query, 'query'));
  }
}

/** The answer of `GET /v1/log-facts`, shared with the `log_facts` tool. */
export async function logFactsAnswer(db: DataSource, accountId: string, query: LogFactsQuery) {
  const until = query.until ? new Date(query.until) : new Date();
  const since = query.since ? new Date(query.since) : new Date(until.getTime() - DAY_MS);
  const rows = await readLogFacts(db, {
    accountId,
    ...(query.project ? { project: query.project } : {}),
    ...(query.unit ? { unit: query.unit } : {}),
    ...(query.severity ? { severity: query.severity } : {}),
    ...(query.change ? { change: query.change } : {}),
    words: (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 10),
    since,
    until,
    limit: query.limit,
  });
  return {
    since: since.toISOString(),
    until: until.toISOString(),
    facts: rows.map((row) => ({
      templateId: row.templateId,
      project: row.project,
      template: row.template,
      severity: row.severity,
      change: logChange(row, since),
      count: row.count,
      countInWindow: row.inWindow,
      countBefore: row.before,
      ratePerHour: ratePerHour(row.inWindow, since, until),
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      severities: row.severities,
      units: row.units,
      hosts: row.hosts,
      examples: row.examples,
      shapes: row.shapes,
    })),
  };
}
