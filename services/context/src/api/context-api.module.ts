import { Module } from '@nestjs/common';
import { AccountSettingsController } from './account-settings.controller';
import { ArtifactsController } from './artifacts.controller';
import { ContextClient } from './context.client';
import { ContextController } from './context.controller';

/** The context routes, mounted on the gateway: contexts are asked of the context service over NATS; artifacts are read here. */
@Module({
  controllers: [ContextController, AccountSettingsController, ArtifactsController],
  providers: [ContextClient],
  exports: [ContextClient],
})
export class ContextApiModule {}
