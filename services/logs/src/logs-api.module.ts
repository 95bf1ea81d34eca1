import { Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { DATA_SOURCE, ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { LogFactsController } from './api/log-facts.controller';
import { LogLinesController } from './api/log-lines.controller';
import { LogSourcesController } from './api/log-sources.controller';
import { LOGS_CONFIG, parseLogsConfig } from './logs.config';
import { TemplateMiners } from './sources/log-sink';

/** The logs API, mounted on the gateway: lines pushed in, facts and source status read out. */
@Module({
  controllers: [LogLinesController, LogFactsController, LogSourcesController],
  providers: [
    {
      provide: LOGS_CONFIG,
      inject: [ENVIRONMENT],
      useFactory: (env: Environment) => parseLogsConfig(env),
    },
    {
      provide: TemplateMiners,
      inject: [EVENT_LOG, DATA_SOURCE],
      useFactory: (log: EventLog, db: DataSource) => TemplateMiners.of({ log, db }),
    },
  ],
})
export class LogsApiModule {}
