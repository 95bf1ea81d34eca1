import { type StoredEventOf, unhandledEvent } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { Insight1764900000200 } from './insight.migration';

const HANDLED = ['ArtifactSaved', 'InsightDetected', 'InsightDismissed', 'InsightDeleted'] as const;
type Handled = (typeof HANDLED)[number];

/**
 * insight_artifacts (the service's own copy of what it compares:
 * docs/boundaries-profile-insight.md) and insight_items. A dismissed or deleted insight keeps its
 * row and status: detected again, it changes nothing.
 */
export const insightProjection: Projection<Handled> = {
  name: 'insight',
  handles: HANDLED,
  tables: ['insight_artifacts', 'insight_items'],
  migrations: [Insight1764900000200],

  async apply(sql: Sql, stored: StoredEventOf<Handled>): Promise<void> {
    const { event, seq } = stored;
    const account = event.accountId;
    switch (event.type) {
      case 'ArtifactSaved': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO insight_artifacts (account_id, id, title, content, saved_at, first_seq, last_seq) VALUES ($1, $2, $3, $4, $5, $6, $6)
           ON CONFLICT (account_id, id) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content, saved_at = EXCLUDED.saved_at,
             last_seq = EXCLUDED.last_seq
           WHERE insight_artifacts.last_seq < EXCLUDED.last_seq`,
          [account, p.artifactId, p.title, p.content, event.occurredAt, seq],
        );
        return;
      }
      case 'InsightDetected': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO insight_items (account_id, id, kind, summary, artifact_a, artifact_b, status, detected_at, last_seq)
           VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8)
           ON CONFLICT (account_id, id) DO UPDATE SET summary = EXCLUDED.summary, detected_at = EXCLUDED.detected_at, last_seq = EXCLUDED.last_seq
           WHERE insight_items.last_seq < EXCLUDED.last_seq AND insight_items.status = 'active'`,
          [account, p.insightId, p.kind, p.text, p.artifactA, p.artifactB, event.occurredAt, seq],
        );
        return;
      }
      case 'InsightDismissed':
      case 'InsightDeleted': {
        const p = event.payload;
        const status = event.type === 'InsightDismissed' ? 'dismissed' : 'deleted';
        // A deletion wins over a dismissal; a dismissal never revives a deleted insight.
        await sql.query(
          `UPDATE insight_items SET status = CASE WHEN status = 'deleted' THEN status ELSE $4 END, last_seq = $3
           WHERE account_id = $1 AND id = $2 AND last_seq < $3`,
          [account, p.insightId, seq, status],
        );
        return;
      }
      default: {
        return unhandledEvent(event, 'insight projection');
      }
    }
  },
};
