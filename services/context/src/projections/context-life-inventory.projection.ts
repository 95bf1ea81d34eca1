import type { StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { ContextLifeInventory1764900000300 } from './context-life-inventory.migration';
import { versionedProjection, type VersionKeepers } from './context-versions.writes';

const HANDLES = ['InventoryTypeDefined', 'InventoryTakeCompleted'] as const;
type Handled = (typeof HANDLES)[number];

/** The events it reads that change nothing a loader reads, with why; every other one moves the version. */
export const CONTEXT_LIFE_INVENTORY_VERSION_KEEPERS: VersionKeepers = {
  // None: a type's title or category names and a completed take's scores are all in the summary.
};

/**
 * The context's copy of the life inventory (profile's events), for the summary a coaching session's
 * CLAUDE.md carries (docs/context.md). Built from the events with the summary rules both services
 * share (@mnemo/life-inventory), so its rows and the context version move in one transaction:
 * asking profile over NATS instead would let the version move before profile had projected the
 * take, and a build in between would cache the old summary under the new version. A projection of
 * its own, so a deployment that had none builds it from the whole log on its first start.
 */
export const contextLifeInventoryProjection: Projection<Handled> = versionedProjection({
  name: 'context-life-inventory',
  handles: HANDLES,
  tables: ['context_inventory_types', 'context_inventory_takes'],
  migrations: [ContextLifeInventory1764900000300],
  applyOne: applyInventory,
  keepers: CONTEXT_LIFE_INVENTORY_VERSION_KEEPERS,
});

async function applyInventory(sql: Sql, stored: StoredEventOf<Handled>): Promise<void> {
  const { event, seq } = stored;
  switch (event.type) {
    case 'InventoryTypeDefined': {
      const p = event.payload;
      await sql.query(
        `INSERT INTO context_inventory_types (account_id, inventory_type, definition, last_seq) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, inventory_type) DO UPDATE SET definition = EXCLUDED.definition, last_seq = EXCLUDED.last_seq
         WHERE context_inventory_types.last_seq < EXCLUDED.last_seq`,
        [event.accountId, p.inventoryType, JSON.stringify(p), seq],
      );
      return;
    }
    case 'InventoryTakeCompleted': {
      const p = event.payload;
      await sql.query(
        `INSERT INTO context_inventory_takes (account_id, take_id, inventory_type, scores, completed_at, last_seq) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (account_id, take_id) DO UPDATE SET inventory_type = EXCLUDED.inventory_type, scores = EXCLUDED.scores,
           completed_at = EXCLUDED.completed_at, last_seq = EXCLUDED.last_seq
         WHERE context_inventory_takes.last_seq < EXCLUDED.last_seq`,
        [
          event.accountId,
          p.takeId,
          p.inventoryType,
          JSON.stringify(p.scores),
          event.occurredAt,
          seq,
        ],
      );
      return;
    }
    default: {
      const _never: never = event;
      return _never;
    }
  }
}
