import { type StoredEventOf, unhandledEvent } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { LifeInventory1764900000100 } from './life-inventory.migration';

const HANDLED = [
  'InventoryTypeDefined',
  'InventoryTakeStarted',
  'InventoryItemRated',
  'InventoryTakeCompleted',
] as const;
type Handled = (typeof HANDLED)[number];

/**
 * life_inventory_types (the account's additions to the shipped catalog), life_inventory_takes and
 * life_inventory_ratings. An imported take is one InventoryTakeCompleted carrying all its ratings,
 * applied in one transaction (docs/profile.md: the import commits in one transaction).
 */
export const lifeInventoryProjection: Projection<Handled> = {
  name: 'life-inventory',
  handles: HANDLED,
  tables: ['life_inventory_types', 'life_inventory_takes', 'life_inventory_ratings'],
  migrations: [LifeInventory1764900000100],

  async apply(sql: Sql, stored: StoredEventOf<Handled>): Promise<void> {
    const { event, seq } = stored;
    const account = event.accountId;
    switch (event.type) {
      case 'InventoryTypeDefined': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO life_inventory_types (account_id, inventory_type, definition, last_seq) VALUES ($1, $2, $3, $4)
           ON CONFLICT (account_id, inventory_type) DO UPDATE SET definition = EXCLUDED.definition, last_seq = EXCLUDED.last_seq
           WHERE life_inventory_types.last_seq < EXCLUDED.last_seq`,
          [account, p.inventoryType, JSON.stringify(p), seq],
        );
        return;
      }
      case 'InventoryTakeStarted': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO life_inventory_takes (account_id, take_id, inventory_type, status, started_at, last_seq) VALUES ($1, $2, $3, 'in_progress', $4, $5)
           ON CONFLICT (account_id, take_id) DO NOTHING`,
          [account, p.takeId, p.inventoryType, event.occurredAt, seq],
        );
        return;
      }
      case 'InventoryItemRated': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO life_inventory_ratings (account_id, take_id, item_id, rating, last_seq) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (account_id, take_id, item_id) DO UPDATE SET rating = EXCLUDED.rating, last_seq = EXCLUDED.last_seq
           WHERE life_inventory_ratings.last_seq < EXCLUDED.last_seq`,
          [account, p.takeId, p.itemId, p.rating, seq],
        );
        return;
      }
      case 'InventoryTakeCompleted': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO life_inventory_takes (account_id, take_id, inventory_type, status, imported, scores, started_at, completed_at, last_seq)
           VALUES ($1, $2, $3, 'completed', $4, $5, $6, $6, $7)
           ON CONFLICT (account_id, take_id) DO UPDATE SET status = 'completed', scores = EXCLUDED.scores, completed_at = EXCLUDED.completed_at,
             last_seq = EXCLUDED.last_seq
           WHERE life_inventory_takes.last_seq < EXCLUDED.last_seq`,
          [
            account,
            p.takeId,
            p.inventoryType,
            p.imported ?? false,
            JSON.stringify(p.scores),
            event.occurredAt,
            seq,
          ],
        );
        const ratings = Object.entries(p.ratings ?? {});
        if (ratings.length) {
          await sql.query(
            `INSERT INTO life_inventory_ratings (account_id, take_id, item_id, rating, last_seq)
             SELECT $1, $2, item_id, rating, $5 FROM unnest($3::text[], $4::numeric[]) AS r(item_id, rating)
             ON CONFLICT (account_id, take_id, item_id) DO UPDATE SET rating = EXCLUDED.rating, last_seq = EXCLUDED.last_seq
             WHERE life_inventory_ratings.last_seq < EXCLUDED.last_seq`,
            [account, p.takeId, ratings.map(([id]) => id), ratings.map(([, r]) => r), seq],
          );
        }
        return;
      }
      default: {
        return unhandledEvent(event, 'life inventory projection');
      }
    }
  },
};
