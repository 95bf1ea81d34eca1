import type { StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { CostEntries1764400004200 } from './cost-entries.migration';

/** cost_entries: one row per settled call (committed, released, refused at the cap), keyed by its event id. */
export const costEntriesProjection: Projection = {
  name: 'cost_entries',
  handles: ['LlmCallSettled'],
  tables: ['cost_entries'],
  migrations: [CostEntries1764400004200],

  async apply(sql: Sql, stored: StoredEventOf): Promise<void> {
    const { event, seq } = stored;
    if (event.type !== 'LlmCallSettled') return;
    const p = event.payload;
    await sql.query(
      `INSERT INTO cost_entries (event_id, account_id, reservation_id, day, pools, label, model, input_tokens, output_tokens,
                                 cost_usd, outcome, occurred_at, last_seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (event_id) DO UPDATE SET account_id = EXCLUDED.account_id, reservation_id = EXCLUDED.reservation_id,
         day = EXCLUDED.day, pools = EXCLUDED.pools, label = EXCLUDED.label, model = EXCLUDED.model,
         input_tokens = EXCLUDED.input_tokens, output_tokens = EXCLUDED.output_tokens, cost_usd = EXCLUDED.cost_usd,
         outcome = EXCLUDED.outcome, occurred_at = EXCLUDED.occurred_at, last_seq = EXCLUDED.last_seq
       WHERE cost_entries.last_seq < EXCLUDED.last_seq`,
      [
        event.id,
        event.accountId,
        p.reservationId ?? null,
        p.day,
        p.pools,
        p.label,
        p.model,
        p.inputTokens,
        p.outputTokens,
        p.costUsd,
        p.outcome,
        event.occurredAt,
        seq,
      ],
    );
  },
};
