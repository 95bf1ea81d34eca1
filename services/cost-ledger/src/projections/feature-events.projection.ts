import type { StoredEventOf } from '@mnemo/contracts';
import { newestPerKey, type Projection, type Sql } from '@mnemo/persistence';
import { FeatureEvents1764400004300 } from './feature-events.migration';

/**
 * feature_events: the platform's telemetry (docs/costs.md) as a table (name, action, metadata,
 * time). Every service records its own actions as FeatureEventRecorded; this projection only files
 * them.
 */
export const featureEventsProjection: Projection<'FeatureEventRecorded'> = {
  name: 'feature_events',
  handles: ['FeatureEventRecorded'],
  tables: ['feature_events'],
  migrations: [FeatureEvents1764400004300],

  apply(sql: Sql, stored: StoredEventOf<'FeatureEventRecorded'>): Promise<void> {
    return fileFeatureEvents(sql, [stored]);
  },

  applyMany: fileFeatureEvents,
};

/**
 * A batch in one statement: one INSERT per event was a round trip per context build under load. One
 * row per event id, the latest delivery's, since one statement cannot update a row twice.
 */
async function fileFeatureEvents(
  sql: Sql,
  events: StoredEventOf<'FeatureEventRecorded'>[],
): Promise<void> {
  const rows = newestPerKey(events, (stored) => stored.event.id);
  if (rows.length === 0) return;
  const payload = (stored: StoredEventOf<'FeatureEventRecorded'>) => stored.event.payload;
  await sql.query(
    `INSERT INTO feature_events (event_id, account_id, name, action, metadata, occurred_at, last_seq)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::timestamptz[], $7::bigint[])
     ON CONFLICT (event_id) DO UPDATE SET account_id = EXCLUDED.account_id, name = EXCLUDED.name, action = EXCLUDED.action,
       metadata = EXCLUDED.metadata, occurred_at = EXCLUDED.occurred_at, last_seq = EXCLUDED.last_seq
     WHERE feature_events.last_seq < EXCLUDED.last_seq`,
    [
      rows.map((stored) => stored.event.id),
      rows.map((stored) => stored.event.accountId),
      rows.map((stored) => payload(stored).name),
      rows.map((stored) => payload(stored).action),
      rows.map((stored) => JSON.stringify(payload(stored).metadata ?? {})),
      rows.map((stored) => stored.event.occurredAt),
      rows.map((stored) => stored.seq),
    ],
  );
}
