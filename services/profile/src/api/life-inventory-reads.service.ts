import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  completedTakesByType,
  mergeCatalog,
  SHIPPED_INVENTORY_TYPES,
  type CompletedTake,
  type InventoryType,
} from '@mnemo/life-inventory';
import type { LifeInventoryTake } from '@mnemo/contracts';
import { DATA_SOURCE } from '@mnemo/persistence';

const iso = (value: unknown): string => new Date(value as string).toISOString();
const toTake = (row: Record<string, any>): LifeInventoryTake => ({
  takeId: row.take_id,
  inventoryType: row.inventory_type,
  status: row.status,
  imported: row.imported,
  scores: row.scores ?? null,
  startedAt: iso(row.started_at),
  completedAt: row.completed_at ? iso(row.completed_at) : null,
});

/** The life inventory's reads, all from this service's own tables and the shipped catalog. */
@Injectable()
export class LifeInventoryReadsService {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  async catalog(accountId: string): Promise<InventoryType[]> {
    const rows: Array<{ definition: InventoryType }> = await this.db.query(
      'SELECT definition FROM life_inventory_types WHERE account_id = $1 ORDER BY inventory_type',
      [accountId],
    );
    return mergeCatalog(
      SHIPPED_INVENTORY_TYPES,
      rows.map((r) => r.definition),
    );
  }

  async takes(accountId: string, inventoryType?: string): Promise<LifeInventoryTake[]> {
    const rows = await this.db.query(
      `SELECT * FROM life_inventory_takes WHERE account_id = $1 AND ($2::text IS NULL OR inventory_type = $2) ORDER BY started_at DESC, take_id`,
      [accountId, inventoryType ?? null],
    );
    return rows.map(toTake);
  }

  async take(accountId: string, takeId: string): Promise<LifeInventoryTake | null> {
    const rows = await this.db.query(
      'SELECT * FROM life_inventory_takes WHERE account_id = $1 AND take_id = $2',
      [accountId, takeId],
    );
    return rows[0] ? toTake(rows[0]) : null;
  }

  async inProgress(accountId: string, inventoryType: string): Promise<LifeInventoryTake | null> {
    const rows = await this.db.query(
      `SELECT * FROM life_inventory_takes WHERE account_id = $1 AND inventory_type = $2 AND status = 'in_progress' LIMIT 1`,
      [accountId, inventoryType],
    );
    return rows[0] ? toTake(rows[0]) : null;
  }

  async ratings(accountId: string, takeId: string): Promise<Record<string, number>> {
    const rows: Array<{ item_id: string; rating: string }> = await this.db.query(
      'SELECT item_id, rating FROM life_inventory_ratings WHERE account_id = $1 AND take_id = $2',
      [accountId, takeId],
    );
    return Object.fromEntries(rows.map((r) => [r.item_id, Number(r.rating)]));
  }

  /** Completed takes grouped by type, in catalog order: what the summary and its trend line read. */
  async completedByType(accountId: string): Promise<CompletedTake[][]> {
    const catalog = await this.catalog(accountId);
    const rows = await this.db.query(
      `SELECT inventory_type, completed_at, scores FROM life_inventory_takes WHERE account_id = $1 AND status = 'completed'`,
      [accountId],
    );
    return completedTakesByType(
      catalog,
      rows.map((r: Record<string, any>) => ({
        inventoryType: r.inventory_type,
        completedAt: iso(r.completed_at),
        scores: r.scores ?? {},
      })),
    );
  }
}
