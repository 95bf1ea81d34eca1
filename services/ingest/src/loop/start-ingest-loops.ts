import type { DataSource } from 'typeorm';
import type { EventLog, Logger, Subscription } from '@mnemo/eventing';
import type { Cache, Environment } from '@mnemo/persistence';
import { loadIngestConfig } from '../ingest.config';
import { startTranscriptIngestLoop } from './transcript-ingest.loop';
import { TranscriptIngestRunner } from './transcript-ingest.runner';

/** The ingest service's background work, started with the service: the periodic transcript loop. */
export async function startIngestLoops(
  infra: { log: EventLog; dataSource: DataSource; cache: Cache },
  logger: Logger,
  env: Environment = process.env,
): Promise<Subscription[]> {
  const runner = new TranscriptIngestRunner({
    log: infra.log,
    db: infra.dataSource,
    cache: infra.cache,
    logger,
    config: loadIngestConfig(env),
  });
  return [startTranscriptIngestLoop(runner, logger)];
}
