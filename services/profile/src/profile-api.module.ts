import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { LifeInventoryImportController } from './api/life-inventory-import.controller';
import { LifeInventoryReadsService } from './api/life-inventory-reads.service';
import { LifeInventoryWriterService } from './api/life-inventory-writer.service';
import { LifeInventoryController } from './api/life-inventory.controller';
import { ProfileController } from './api/profile.controller';
import { PROFILE_CONFIG, parseProfileConfig } from './profile.config';

/** The Core Profile and Life Inventory panes' API: mounted on the gateway. */
@Module({
  controllers: [ProfileController, LifeInventoryController, LifeInventoryImportController],
  providers: [
    {
      provide: PROFILE_CONFIG,
      inject: [ENVIRONMENT],
      useFactory: (env: Environment) => parseProfileConfig(env),
    },
    LifeInventoryReadsService,
    LifeInventoryWriterService,
  ],
})
export class ProfileApiModule {}
