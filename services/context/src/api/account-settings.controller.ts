import { Body, Controller, Get, HttpCode, Inject, Put, UseGuards } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AccountSettingsChanged, buildEvent } from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { appendAndAwait, DATA_SOURCE } from '@mnemo/persistence';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { DEFAULT_PROFILE_LOOKBACK_DAYS } from '@mnemo/memory-rules';
import { contextProjection } from '../projections/context.projection';

export const SettingsBody = AccountSettingsChanged.strict().refine(
  (body) => Object.keys(body).length > 0,
  'name at least one setting',
);

@Controller('v1/account/settings')
@UseGuards(ApiKeyGuard)
export class AccountSettingsController {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
  ) {}

  @Get()
  async get(@AccountId() accountId: string) {
    const rows: Array<{
      egress_allowed: boolean;
      health_module_on: boolean;
      medications_module_on: boolean;
      profile_lookback_days: number | null;
    }> = await this.db.query(
      'SELECT egress_allowed, health_module_on, medications_module_on, profile_lookback_days FROM account_settings WHERE account_id = $1',
      [accountId],
    );
    return {
      egressAllowed: rows[0]?.egress_allowed ?? true,
      healthModuleOn: rows[0]?.health_module_on ?? false,
      medicationsModuleOn: rows[0]?.medications_module_on ?? false,
      profileLookbackDays: rows[0]?.profile_lookback_days ?? DEFAULT_PROFILE_LOOKBACK_DAYS,
    };
  }

  /** Changes the named switches; answers once the change is readable, so the next context obeys it. */
  @Put()
  @HttpCode(200)
  async put(@AccountId() accountId: string, @Body() body: unknown) {
    const payload = parseInput(SettingsBody, body, 'body');
    const event = buildEvent({
      type: 'AccountSettingsChanged',
      id: randomUUID(),
      accountId,
      occurredAt: new Date(),
      producer: 'gateway',
      payload,
    });
    await appendAndAwait({ log: this.log, dataSource: this.db }, [event], contextProjection.name);
    return this.get(accountId);
  }
}
