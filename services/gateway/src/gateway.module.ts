import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AccountsController } from './api/accounts.controller';
import { EventsController } from './api/events.controller';
import { HealthController } from './api/health.controller';
import { McpController } from './api/mcp.controller';
import { AuthModule } from './auth/auth.module';
import { HttpErrorFilter, StorableInputGuard } from '@mnemo/http-edge';
import { IngestService } from './ingest/ingest.service';

/** The edge: HTTP API, authentication, request limits. Infrastructure comes from the platform's global module. */
@Module({
  imports: [AuthModule],
  controllers: [HealthController, EventsController, AccountsController, McpController],
  providers: [
    IngestService,
    { provide: APP_FILTER, useClass: HttpErrorFilter },
    { provide: APP_GUARD, useClass: StorableInputGuard },
  ],
})
export class GatewayModule {}
