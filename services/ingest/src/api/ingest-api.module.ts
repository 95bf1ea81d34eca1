import { Module } from '@nestjs/common';
import { SessionIngestController } from './session-ingest.controller';
import { SessionKnownEventsController } from './session-known-events.controller';
import { SessionOutcomeController } from './session-outcome.controller';
import { transcriptIngestRunnerProvider } from './transcript-ingest.providers';

/** The ingest service's HTTP surface, mounted on the gateway: session outcomes and the transcript loop's admin routes. */
@Module({
  controllers: [SessionOutcomeController, SessionIngestController, SessionKnownEventsController],
  providers: [transcriptIngestRunnerProvider],
})
export class IngestApiModule {}
