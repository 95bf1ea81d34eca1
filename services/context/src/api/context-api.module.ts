import { Module } from '@nestjs/common';
import { AccountSettingsController } from './account-settings.controller';
import { ContextClient } from './context.client';
import { ContextController } from './context.controller';

/** The context routes, mounted on the gateway: they ask the context service over NATS. */
@Module({
  controllers: [ContextController, AccountSettingsController],
  providers: [ContextClient],
  exports: [ContextClient],
})
export class ContextApiModule {}
