import type { PayloadOf, StoredEvent } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { FeatureEvents1764400004300 } from './feature-events.migration';

/**
 * feature_events: seed 000's validation telemetry as a table (name, action, metadata, time). Every
 * service records its own actions as FeatureEventRecorded; this projection only files them.
 */
export const featureEventsProjection: Projection = {
  name: 'feature_events',
  handles: ['FeatureEventRecorded'],
  tables: ['feature_events'],
  migrations: [FeatureEvents1764400004300],

  apply(sql: Sql, stored: StoredEvent): Promise<void> {
    return fileFeatureEvents(sql, [stored]);
  },

  applyMany: fileFeatureEvents,
};

/**
 * A batch in one statement (issue 17: one INSERT per event was a round trip per context build under
 * load). One row per event id, the latest delivery's, since one statement cannot update a row twice.
 */
async function fileFeatureEvents(sql: Sql, events: StoredEvent[]): Promise<void> {
  const latest = new Map<string, StoredEvent>();
  for (const stored of events) {
    if (stored.event.type !== 'FeatureEventRecorded') continue;
    const seen = latest.get(stored.event.id);
    if (!seen || seen.seq < stored.seq) latest.set(stored.event.id, stored);
  }
  if (latest.size === 0) return;
  const rows = [...latest.values()];
  const payload = (stored: StoredEvent) => stored.event.payload as PayloadOf<'FeatureEventRecorded'>;
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
