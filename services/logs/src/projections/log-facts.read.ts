import type { LogSeverity } from '@mnemo/contracts';
import { logSeverities } from '@mnemo/contracts';
import type { Sql } from '@mnemo/persistence';
import { RISING_MIN_LINES } from '../domain/log-changes';

export interface LogFactsFilter {
  accountId: string;
  project?: string;
  words: string[];
  unit?: string;
  /** This severity or a graver one among a template's lines. */
  severity?: LogSeverity;
  since: Date;
  until: Date;
  /** Only templates first met in the window, or only those rising against the window before it. */
  change?: 'new' | 'rising';
  limit: number;
}

export interface LogFactRow {
  project: string;
  templateId: string;
  template: string;
  count: number;
  inWindow: number;
  before: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  severity: LogSeverity;
  severities: Record<string, number>;
  units: Record<string, number>;
  hosts: Record<string, number>;
  examples: string[];
  shapes: Record<string, number>;
}

const IN_WINDOW = `COALESCE(SUM(h.count) FILTER (WHERE h.hour >= date_trunc('hour', $2::timestamptz) AND h.hour < $3), 0)`;
const BEFORE = `COALESCE(SUM(h.count) FILTER (WHERE h.hour >= date_trunc('hour', $4::timestamptz) AND h.hour < date_trunc('hour', $2::timestamptz)), 0)`;

/** `%` and `_` in a searched word are literal. */
const likeOf = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The graver severities than or equal to `severity`, as stored keys. */
export function atLeast(severity: LogSeverity): string[] {
  const order: readonly LogSeverity[] = logSeverities.filter((s) => s !== 'unknown');
  const index = order.indexOf(severity);
  return index < 0 ? [severity] : order.slice(0, index + 1);
}

/**
 * Templates of an account seen in [since, until), with their lines in that window and in the window
 * of the same length before it (from the hourly counts), filtered by words (template or examples),
 * unit, severity and project. Sorted by lines in the window; the caller ranks changes.
 */
export async function readLogFacts(sql: Sql, filter: LogFactsFilter): Promise<LogFactRow[]> {
  const span = filter.until.getTime() - filter.since.getTime();
  const params: unknown[] = [
    filter.accountId,
    filter.since.toISOString(),
    filter.until.toISOString(),
    new Date(filter.since.getTime() - span).toISOString(),
  ];
  const where: string[] = ['t.account_id = $1', 't.last_seen_at >= $2', 't.first_seen_at < $3'];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.project) where.push(`t.project = ${param(filter.project)}`);
  if (filter.unit) where.push(`t.units ? ${param(filter.unit)}`);
  if (filter.severity) where.push(`t.severities ?| ${param(atLeast(filter.severity))}::text[]`);
  if (filter.words.length)
    where.push(
      `(t.template || ' ' || t.examples::text) ILIKE ALL (${param(filter.words.map(likeOf))}::text[])`,
    );
  if (filter.change === 'new') where.push('t.first_seen_at >= $2');
  if (filter.change === 'rising') where.push('t.first_seen_at < $2');
  const having =
    filter.change === 'rising'
      ? `HAVING ${IN_WINDOW} >= ${RISING_MIN_LINES} AND ${IN_WINDOW} >= 2 * ${BEFORE}`
      : '';
  const rows: Array<Record<string, any>> = await sql.query(
    `SELECT t.project, t.template_id, t.template, t.count, t.first_seen_at, t.last_seen_at, t.severity, t.severities,
       t.units, t.hosts, t.examples, t.shapes,
       ${IN_WINDOW} AS in_window, ${BEFORE} AS before
     FROM log_templates t
     LEFT JOIN log_template_hours h ON h.account_id = t.account_id AND h.project = t.project AND h.template_id = t.template_id
       AND h.hour >= date_trunc('hour', $4::timestamptz) AND h.hour < $3
     WHERE ${where.join(' AND ')}
     GROUP BY t.account_id, t.project, t.template_id ${having}
     ORDER BY in_window DESC, t.last_seen_at DESC, t.template_id
     LIMIT ${param(filter.limit)}`,
    params,
  );
  return rows.map((r) => ({
    project: r.project,
    templateId: r.template_id,
    template: r.template,
    count: Number(r.count),
    inWindow: Number(r.in_window),
    before: Number(r.before),
    firstSeenAt: new Date(r.first_seen_at),
    lastSeenAt: new Date(r.last_seen_at),
    severity: r.severity,
    severities: r.severities,
    units: r.units,
    hosts: r.hosts,
    examples: r.examples,
    shapes: r.shapes,
  }));
}

/** How many templates an account's logs hold (the learning corpus's `logFacts`). */
export async function countLogFacts(sql: Sql, accountId: string): Promise<number> {
  const rows: Array<{ n: string }> = await sql.query(
    'SELECT count(*) AS n FROM log_templates WHERE account_id = $1',
    [accountId],
  );
  return Number(rows[0]?.n ?? 0);
}
