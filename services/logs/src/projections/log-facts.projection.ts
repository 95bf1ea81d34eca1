import { type StoredEventOf, unhandledEvent } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { dominantSeverity, mergeFacts, type TemplateFacts } from '../domain/merge-facts';
import { LogFacts1765000000100, LogWindowsCountedOnce1765400000100 } from './log-facts.migration';

const HANDLED = ['LogTemplateSeen', 'LogFactsUpdated'] as const;
type Handled = (typeof HANDLED)[number];

/**
 * log_templates (a template and its facts), log_template_hours (lines per hour, for rates and rising
 * templates) and log_source_positions (where each source resumes). A window's counts and its source's
 * position move in one statement batch; a window applied before (a redelivery) changes nothing, since
 * counts add.
 */
export const logFactsProjection: Projection<Handled> = {
  name: 'log-facts',
  handles: HANDLED,
  tables: ['log_templates', 'log_template_hours', 'log_source_positions'],
  migrations: [LogFacts1765000000100, LogWindowsCountedOnce1765400000100],

  async apply(sql: Sql, { event, seq }: StoredEventOf<Handled>): Promise<void> {
    switch (event.type) {
      case 'LogTemplateSeen':
        return applySeen(sql, { event, seq });
      case 'LogFactsUpdated':
        return applyFacts(sql, { event, seq });
      default:
        return unhandledEvent(event, 'log-facts projection');
    }
  },
};

async function applySeen(
  sql: Sql,
  { event, seq }: StoredEventOf<'LogTemplateSeen'>,
): Promise<void> {
  const p = event.payload;
  await sql.query(
    `INSERT INTO log_templates (account_id, project, template_id, template, first_seen_at, last_seen_at, first_seq, last_seq)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $6) ON CONFLICT (account_id, project, template_id) DO NOTHING`,
    [event.accountId, p.project, p.templateId, p.template, p.firstSeenAt, seq],
  );
}

async function applyFacts(
  sql: Sql,
  { event, seq }: StoredEventOf<'LogFactsUpdated'>,
): Promise<void> {
  const p = event.payload;
  const account = event.accountId;
  // Instances share the durable consumer, so windows may commit out of order (docs/event-log.md,
  // "Checkpoints"): each window counts once by its own sequence, not by being newer than the last one.
  // The sequences kept are those above the projection's checkpoint, the only ones that can come again.
  const moved: unknown[] = await sql.query(
    `INSERT INTO log_source_positions AS p (account_id, project, source_id, cursor, lines, skipped, windows, last_window_at,
       last_seq, applied_seqs)
     VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, ARRAY[$8::bigint])
     ON CONFLICT (account_id, project, source_id) DO UPDATE SET
       cursor = CASE WHEN EXCLUDED.last_seq > p.last_seq THEN COALESCE(EXCLUDED.cursor, p.cursor) ELSE p.cursor END,
       lines = p.lines + EXCLUDED.lines,
       skipped = p.skipped + EXCLUDED.skipped,
       windows = p.windows + 1,
       last_window_at = CASE WHEN EXCLUDED.last_seq > p.last_seq THEN EXCLUDED.last_window_at ELSE p.last_window_at END,
       last_seq = GREATEST(p.last_seq, EXCLUDED.last_seq),
       applied_seqs = ARRAY(
         SELECT s FROM unnest(p.applied_seqs) AS s
         WHERE s > COALESCE((SELECT c.last_seq FROM projection_checkpoints c WHERE c.name = $9), 0)
       ) || EXCLUDED.last_seq
     WHERE NOT EXCLUDED.last_seq = ANY(p.applied_seqs)
     RETURNING 1`,
    [
      account,
      p.project,
      p.sourceId,
      p.cursor ?? null,
      p.lines,
      p.skipped,
      event.occurredAt,
      seq,
      logFactsProjection.name,
    ],
  );
  if (moved.length === 0) return;
  if (p.templates.length === 0) return;
  const ids = p.templates.map((t) => t.templateId);
  const rows: Array<Record<string, any>> = await sql.query(
    `SELECT template_id, template, count, first_seen_at, last_seen_at, severities, units, hosts, examples, shapes
     FROM log_templates WHERE account_id = $1 AND project = $2 AND template_id = ANY($3) FOR UPDATE`,
    [account, p.project, ids],
  );
  const current = new Map(rows.map((r) => [r.template_id as string, factsOfRow(r)]));
  const merged = p.templates.map((delta) => ({
    id: delta.templateId,
    facts: mergeFacts(current.get(delta.templateId), delta),
  }));
  await sql.query(
    `INSERT INTO log_templates (account_id, project, template_id, template, count, first_seen_at, last_seen_at, severity,
       severities, units, hosts, examples, shapes, first_seq, last_seq)
     SELECT $1, $2, r.id, r.template, r.count, r.first_seen_at, r.last_seen_at, r.severity, r.severities, r.units, r.hosts,
       r.examples, r.shapes, $3, $3
     FROM jsonb_to_recordset($4::jsonb) AS r(id text, template text, count bigint, first_seen_at timestamptz,
       last_seen_at timestamptz, severity text, severities jsonb, units jsonb, hosts jsonb, examples jsonb, shapes jsonb)
     ON CONFLICT (account_id, project, template_id) DO UPDATE SET template = EXCLUDED.template, count = EXCLUDED.count,
       first_seen_at = EXCLUDED.first_seen_at, last_seen_at = EXCLUDED.last_seen_at, severity = EXCLUDED.severity,
       severities = EXCLUDED.severities, units = EXCLUDED.units, hosts = EXCLUDED.hosts, examples = EXCLUDED.examples,
       shapes = EXCLUDED.shapes, last_seq = EXCLUDED.last_seq`,
    [
      account,
      p.project,
      seq,
      JSON.stringify(
        merged.map(({ id, facts }) => ({
          id,
          template: facts.template,
          count: facts.count,
          first_seen_at: facts.firstSeenAt,
          last_seen_at: facts.lastSeenAt,
          severity: dominantSeverity(facts.severities),
          severities: facts.severities,
          units: facts.units,
          hosts: facts.hosts,
          examples: facts.examples,
          shapes: facts.shapes,
        })),
      ),
    ],
  );
  const hours = p.templates.flatMap((delta) =>
    Object.entries(delta.hours).map(([hour, count]) => ({ id: delta.templateId, hour, count })),
  );
  await sql.query(
    `INSERT INTO log_template_hours (account_id, project, template_id, hour, count)
     SELECT $1, $2, h.id, h.hour, h.count FROM jsonb_to_recordset($3::jsonb) AS h(id text, hour timestamptz, count bigint)
     ON CONFLICT (account_id, project, template_id, hour) DO UPDATE SET count = log_template_hours.count + EXCLUDED.count`,
    [account, p.project, JSON.stringify(hours)],
  );
}

function factsOfRow(r: Record<string, any>): TemplateFacts {
  return {
    template: r.template,
    count: Number(r.count),
    firstSeenAt: new Date(r.first_seen_at).toISOString(),
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
    severities: r.severities,
    units: r.units,
    hosts: r.hosts,
    examples: r.examples,
    shapes: r.shapes,
  };
}
