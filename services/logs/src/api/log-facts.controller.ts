import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  INGEST_RPC,
  LogSeverity,
  logProject,
  NotFoundError,
  SessionWindowReply,
  subjectToken,
} from '@mnemo/contracts';
import { EVENT_LOG, requestFromService, type EventLog } from '@mnemo/eventing';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { DATA_SOURCE } from '@mnemo/persistence';
import { logChange, ratePerHour } from '../domain/log-changes';
import { sessionLogWindow } from '../domain/session-window';
import { readLogFacts } from '../projections/log-facts.read';

const DAY_MS = 86_400_000;
const SESSION_WINDOW_TIMEOUT_MS = 5_000;

export const LogFactsQuery = z
  .object({
    /** Words that must all appear in the template or its examples. */
    q: z.string().max(500).optional(),
    project: logProject.optional(),
    unit: z.string().min(1).max(256).optional(),
    severity: LogSeverity.optional(),
    since: z.iso.datetime({ offset: true }).optional(),
    until: z.iso.datetime({ offset: true }).optional(),
    /** The window is the time this session ran (instead of since/until). */
    sessionId: subjectToken.optional(),
    change: z.enum(['new', 'rising']).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !(q.sessionId && (q.since || q.until)), {
    message: 'give a sessionId or a since/until window, not both',
    path: ['sessionId'],
  })
  .refine((q) => !(q.since && q.until) || Date.parse(q.since) < Date.parse(q.until), {
    message: 'must be after since',
    path: ['until'],
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
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(EVENT_LOG) private readonly log: EventLog,
  ) {}

  @Get()
  async list(@AccountId() accountId: string, @Query() query: unknown) {
    const parsed = parseInput(LogFactsQuery, query, 'query');
    if (!parsed.sessionId) return logFactsAnswer(this.db, accountId, parsed);
    const window = await this.sessionWindow(accountId, parsed.sessionId);
    return {
      session: { sessionId: parsed.sessionId, ...window.session },
      ...(await logFactsAnswer(this.db, accountId, parsed, window)),
    };
  }

  /** When the session ran, asked of ingest, which owns the sessions read model. */
  private async sessionWindow(accountId: string, sessionId: string) {
    const { session } = await requestFromService(this.log, {
      service: 'ingest',
      verb: INGEST_RPC.sessionWindow,
      body: { accountId, sessionId },
      reply: SessionWindowReply,
      timeoutMs: SESSION_WINDOW_TIMEOUT_MS,
    });
    if (!session) throw new NotFoundError(`session ${sessionId}`);
    return { session, ...sessionLogWindow(session, new Date()) };
  }
}

/** The answer of `GET /v1/log-facts`: in [since, until), by default the last 24 hours. */
export async function logFactsAnswer(
  db: DataSource,
  accountId: string,
  query: LogFactsQuery,
  window?: { since: Date; until: Date },
) {
  const until = window?.until ?? (query.until ? new Date(query.until) : new Date());
  const since =
    window?.since ?? (query.since ? new Date(query.since) : new Date(until.getTime() - DAY_MS));
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
