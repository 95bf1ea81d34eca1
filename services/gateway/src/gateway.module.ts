import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AccountsService } from './accounts/accounts.service';
import { AccountsController } from './api/accounts.controller';
import { EventsController } from './api/events.controller';
import { HealthController } from './api/health.controller';
import { SessionsController } from './api/sessions.controller';
import { AdminKeyGuard, ApiKeyGuard } from './auth/auth.guards';
import { HttpErrorFilter } from './http/error.filter';

/** The edge: HTTP API, authentication, request limits. Infrastructure comes from the platform's global module. */
@Module({
  controllers: [HealthController, EventsController, SessionsController, AccountsController],
  providers: [AccountsService, ApiKeyGuard, AdminKeyGuard, { provide: APP_FILTER, useClass: HttpErrorFilter }],
  exports: [AccountsService],
})
export class GatewayModule {}
