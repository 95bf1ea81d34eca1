import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope, PayloadOf } from '@mnemo/contracts';
import { CACHE, type Cache } from '@mnemo/persistence';
import { TRANSCRIPT_MAX_CHARS } from '@mnemo/llm';
import { artifactOrigin } from '../domain/fact-guards';
import { FactExtractionService } from './fact-extraction.service';

export type ArtifactSavedEvent = EventEnvelope<'ArtifactSaved', PayloadOf<'ArtifactSaved'>>;

/** A saved artifact is extracted once, so a redelivered save does not pay for a second call. */
const DONE_TTL_MS = 24 * 60 * 60 * 1000;

/** The per-artifact key the debounce, its in-flight lock and the recovery sweep share. */
export const artifactKey = (accountId: string, artifactId: string) =>
  `memory:artifact:${accountId}:${artifactId}`;

/**
 * One extraction of one save of an artifact, whoever runs it: the debounce timer of the instance that
 * saw the save, or the sweep that finishes a save whose timer died. Callers hold the artifact's
 * in-flight lock; a save already extracted is not extracted again.
 */
@Injectable()
export class ArtifactExtractionService {
  constructor(
    @Inject(CACHE) private readonly cache: Cache,
    private readonly extractor: FactExtractionService,
  ) {}

  isDone(eventId: string): Promise<string | null> {
    return this.cache.get(doneKey(eventId));
  }

  async run(event: ArtifactSavedEvent): Promise<void> {
    if (await this.isDone(event.id)) return;
    const { artifactId, content } = event.payload;
    const outcome = await this.extractor.extract({
      accountId: event.accountId,
      // The newest part of a very long artifact, like a transcript: the cap keeps the call's cost bounded.
      transcript: content.slice(-TRANSCRIPT_MAX_CHARS),
      origin: artifactOrigin(artifactId, event.sessionId),
      trigger: { kind: 'artifact', artifactId, sessionId: event.sessionId },
      key: event.id,
      cause: event,
    });
    await this.cache.set(doneKey(event.id), outcome, DONE_TTL_MS);
  }
}

const doneKey = (eventId: string) => `memory:artifact-done:${eventId}`;
