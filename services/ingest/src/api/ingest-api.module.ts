import { Module } from '@nestjs/common';
import { SessionIngestController } from './session-ingest.controller';
import { SessionKnownEventsController } from './session-known-events.controller';
import { SessionOutcomeController } from './session-outcome.controller';
import { SessionsController } from './sessions.controller';
import { transcriptIngestRunnerProvider } from './transcript-ingest.providers';

/** The ingest service's HTTP surface, mounted on the gateway: its sessions and turns, session outcomes and the transcript loop's admin routes. */
@Module({
  controllers: [
    SessionsController,
    SessionOutcomeController,
    SessionIngestController,
    SessionKnownEventsController,
  ],
  providers: [transcriptIngestRunnerProvider],
})
export class IngestApiModule {}
