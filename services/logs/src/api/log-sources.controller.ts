import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { AdminKeyGuard } from '@mnemo/http-edge';
import { DATA_SOURCE } from '@mnemo/persistence';
import { LOGS_CONFIG, type LogsConfig } from '../logs.config';
import { configuredSources, type ConfiguredSource } from '../sources/configured-sources';

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/**
 * Every log source this server knows, configured or pushed to: enabled, state, last run, lines read,
 * cursor and last error. Admin key only (it names the host's files).
 */
@Controller('v1/admin/log-sources')
@UseGuards(AdminKeyGuard)
export class LogSourcesController {
  constructor(
    @Inject(LOGS_CONFIG) private readonly config: LogsConfig,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
  ) {}

  @Get('status')
  async status() {
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT COALESCE(s.account_id, p.account_id) AS account_id, COALESCE(s.project, p.project) AS project,
         COALESCE(s.source_id, p.source_id) AS source_id, s.kind, s.state, s.last_run_at, s.last_error,
         p.cursor, p.lines, p.skipped, p.last_window_at
       FROM log_source_status s FULL OUTER JOIN log_source_positions p
         ON p.account_id = s.account_id AND p.project = s.project AND p.source_id = s.source_id
       ORDER BY 1, 2, 3`,
    );
    const configured = configuredSources(this.config);
    const known = new Set(rows.map((r) => `${r.account_id}\u0000${r.project}\u0000${r.source_id}`));
    const listed = rows.map((r) => ({
      accountId: r.account_id,
      project: r.project,
      sourceId: r.source_id,
      kind: r.kind ?? kindOf(r.source_id),
      enabled: this.enabled(configured, r.source_id),
      state: r.state ?? 'idle',
      lastRunAt: iso(r.last_run_at ?? r.last_window_at),
      linesRead: Number(r.lines ?? 0),
      linesSkipped: Number(r.skipped ?? 0),
      cursor: r.cursor ?? null,
      lastError: r.last_error ?? null,
    }));
    const idle = configured
      .filter(
        (c) =>
          !known.has(`${this.config.accountId}\u0000${this.config.project}\u0000${c.sourceId}`),
      )
      .map((c) => ({
        accountId: this.config.accountId,
        project: this.config.project,
        sourceId: c.sourceId,
        kind: c.kind,
        enabled: c.enabled,
        state: c.enabled ? 'starting' : 'off',
        lastRunAt: null,
        linesRead: 0,
        linesSkipped: 0,
        cursor: null,
        lastError: null,
      }));
    return { otlp: { enabled: this.config.otlp }, sources: [...listed, ...idle] };
  }

  /** OTLP as configured; a one-off import is always allowed; a host source as configured. */
  private enabled(configured: ConfiguredSource[], sourceId: string): boolean {
    if (sourceId === 'otlp') return this.config.otlp;
    const source = configured.find((c) => c.sourceId === sourceId);
    return source
      ? source.enabled
      : !sourceId.startsWith('file:') && !sourceId.startsWith('journald');
  }
}

function kindOf(sourceId: string): string {
  if (sourceId.startsWith('file:')) return 'file';
  return sourceId;
}
