import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@mnemo/persistence';
import { AccountId, ApiKeyGuard } from '@mnemo/http-edge';
import { knownSessionEvents } from '../loop/transcript-ingest.runner';

/**
 * Which events of a session the caller's account already holds, so `mnemo ingest transcripts` on
 * another machine sends only what is new, as the server's own loop does. Ids only, no content; an
 * unknown session answers empty rather than 404, since "nothing yet" is what the client asks.
 */
@Controller('v1/sessions')
@UseGuards(ApiKeyGuard)
export class SessionKnownEventsController {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  @Get(':id/known-events')
  async known(@AccountId() accountId: string, @Param('id') sessionId: string) {
    const known = await knownSessionEvents(this.db, accountId, sessionId);
    // the caller's own account: a client derives event ids under it, as the server's loop does
    return { sessionId, accountId, started: known.started, eventIds: [...known.eventIds] };
  }
}
