import { Global, Module } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { AdminKeyGuard, ApiKeyGuard } from './auth.guards';

/** Authentication for every service's HTTP controllers: `@UseGuards(ApiKeyGuard)` + `@AccountId()`. */
@Global()
@Module({
  providers: [AccountsService, ApiKeyGuard, AdminKeyGuard],
  exports: [AccountsService, ApiKeyGuard, AdminKeyGuard],
})
export class AuthModule {}
