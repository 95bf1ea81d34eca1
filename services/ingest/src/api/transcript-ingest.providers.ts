import { EVENT_LOG, LOGGER, type EventLog, type Logger } from '@mnemo/eventing';
import { CACHE, DATA_SOURCE, ENVIRONMENT, type Cache, type Environment } from '@mnemo/persistence';
import type { DataSource } from 'typeorm';
import { loadIngestConfig } from '../ingest.config';
import { TranscriptIngestRunner } from '../loop/transcript-ingest.runner';

/** The runner the admin routes share with the loop: same config, same lock, same runs table. */
export const transcriptIngestRunnerProvider = {
  provide: TranscriptIngestRunner,
  useFactory: (log: EventLog, db: DataSource, cache: Cache, logger: Logger, env: Environment) =>
    new TranscriptIngestRunner({ log, db, cache, logger, config: loadIngestConfig(env) }),
  inject: [EVENT_LOG, DATA_SOURCE, CACHE, LOGGER, ENVIRONMENT],
};
