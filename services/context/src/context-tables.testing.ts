import type { Logger } from '@mnemo/eventing';
import { contextLifeInventoryProjection } from './projections/context-life-inventory.projection';
import { contextSourcesProjection } from './projections/context-sources.projection';
import { contextMigrations } from './projections/context-versions.migration';
import { contextProjection } from './projections/context.projection';

/** Every table the context service reads, for an integration spec's scratch schema (as the platform runs them). */
export const CONTEXT_TABLE_MIGRATIONS = [
  ...contextProjection.migrations,
  ...contextSourcesProjection.migrations,
  ...contextLifeInventoryProjection.migrations,
  ...contextMigrations,
];

/** A logger that says nothing, for a handler under test. */
export const quietLogger = {
  warn: () => undefined,
  info: () => undefined,
  error: () => undefined,
  debug: () => undefined,
} as unknown as Logger;
