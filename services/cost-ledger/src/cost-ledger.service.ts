import type { Subscription } from '@mnemo/eventing';
import { parseCostLedgerConfig } from './cost-ledger.config';
import { CostLedger1764400004100 } from './ledger/cost-ledger.migration';
import { startCostLedger, type CostLedgerDeps } from './rpc/cost-ledger.responder';
import { costCapsProjection } from './projections/cost-caps.projection';
import { costEntriesProjection } from './projections/cost-entries.projection';
import { featureEventsProjection } from './projections/feature-events.projection';
import { llmKeysProjection } from './projections/llm-keys.projection';

/** What the platform registers for this service. */
export const costLedgerProjections = [
  costEntriesProjection,
  featureEventsProjection,
  costCapsProjection,
  llmKeysProjection,
];

/** The ledger's own tables (balances and reservations): live state, not projections, so replay leaves them alone. */
export const costLedgerMigrations = [CostLedger1764400004100];

/** Starts this instance's reply handlers and expiry sweep, configured from the environment. */
export function startCostLedgerService(
  deps: CostLedgerDeps,
  env: Record<string, string | undefined> = process.env,
): Promise<Subscription[]> {
  return startCostLedger(deps, parseCostLedgerConfig(env));
}
