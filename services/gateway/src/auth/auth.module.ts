import { Global, Module } from '@nestjs/common';
import { ACCOUNT_LOOKUP, ADMIN_KEY, AdminKeyGuard, ApiKeyGuard } from '@mnemo/http-edge';
import { AccountsService } from '../accounts/accounts.service';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.constants';

/**
 * Authentication for every service's HTTP controllers (`@UseGuards(ApiKeyGuard)` + `@AccountId()` from
 * @mnemo/http-edge): the gateway owns accounts, so it provides the guards' account lookup and admin key.
 */
@Global()
@Module({
  providers: [
    AccountsService,
    { provide: ACCOUNT_LOOKUP, useExisting: AccountsService },
    {
      provide: ADMIN_KEY,
      useFactory: (config: GatewayConfig) => config.adminKey,
      inject: [GATEWAY_CONFIG],
    },
    ApiKeyGuard,
    AdminKeyGuard,
  ],
  exports: [AccountsService, ACCOUNT_LOOKUP, ADMIN_KEY, ApiKeyGuard, AdminKeyGuard],
})
export class AuthModule {}
