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

  async apply(sql: Sql, stored: StoredEvent): Promise<void> {
    const { event, seq } = stored;
    if (event.type !== 'FeatureEventRecorded') return;
    const p = event.payload as PayloadOf<'FeatureEventRecorded'>;
    await sql.query(
      `INSERT INTO feature_events (event_id, account_id, name, action, metadata, occurred_at, last_seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (event_id) DO UPDATE SET account_id = EXCLUDED.account_id, name = EXCLUDED.name, action = EXCLUDED.action,
         metadata = EXCLUDED.metadata, occurred_at = EXCLUDED.occurred_at, last_seq = EXCLUDED.last_seq
       WHERE feature_events.last_seq < EXCLUDED.last_seq`,
      [event.id, event.accountId, p.name, p.action, JSON.stringify(p.metadata ?? {}), event.occurredAt, seq],
    );
  },
};
