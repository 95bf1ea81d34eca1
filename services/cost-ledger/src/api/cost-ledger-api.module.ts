import { Module } from '@nestjs/common';
import { deriveMasterKey } from '@mnemo/llm';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { parseCostLedgerConfig } from '../cost-ledger.config';
import { AdminCostsController, CostsController } from './costs.controller';
import { COST_LEDGER_CONFIG, LLM_MASTER_KEY } from './cost-ledger.tokens';
import { LlmKeysController } from './llm-keys.controller';
import { AdminTelemetryController, TelemetryController } from './telemetry.controller';

/** The ledger's HTTP surface, mounted on the gateway: costs, caps, telemetry and account LLM keys. */
@Module({
  controllers: [
    CostsController,
    AdminCostsController,
    TelemetryController,
    AdminTelemetryController,
    LlmKeysController,
  ],
  providers: [
    {
      provide: COST_LEDGER_CONFIG,
      inject: [ENVIRONMENT],
      useFactory: (env: Environment) => parseCostLedgerConfig(env),
    },
    {
      provide: LLM_MASTER_KEY,
      inject: [COST_LEDGER_CONFIG],
      useFactory: (config: ReturnType<typeof parseCostLedgerConfig>) =>
        config.secretKey ? deriveMasterKey(config.secretKey) : null,
    },
  ],
})
export class CostLedgerApiModule {}
