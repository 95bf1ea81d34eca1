import { Controller, Inject, type OnModuleDestroy } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EventEnvelope, PayloadOf } from '@mnemo/contracts';
import { EventContext, LOGGER, OnEvent, type Logger } from '@mnemo/eventing';
import { CACHE, type Cache } from '@mnemo/persistence';
import { COMPACTION_MAX_INPUT_CHARS } from '@mnemo/compaction-service';
import { artifactOrigin } from '../domain/fact-guards';
import { CacheDebouncer } from './artifact-debounce';
import { EXTRACTION_CONFIG, type ExtractionConfig } from './extraction.config';
import { FactExtractor } from './fact-extractor.service';

/** A saved artifact is extracted once, so a redelivered save does not pay for a second call. */
const DONE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * After an artifact save, debounced 3 s per artifact with one extraction in flight per artifact across
 * instances (SPEC §5): a burst of saves of one artifact ends in one extraction of its newest content.
 * Facts share the artifact's source session as their dedup scope, else `artifact-extract`.
 */
@Controller()
export class ArtifactSavedReactor implements OnModuleDestroy {
  private readonly debouncer: CacheDebouncer;

  constructor(
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(EXTRACTION_CONFIG) config: ExtractionConfig,
    private readonly extractor: FactExtractor,
  ) {
    this.debouncer = new CacheDebouncer(
      cache,
      { delayMs: config.artifactDebounceMs, lockMs: 5 * 60_000, maxWaitMs: 2 * 60_000 },
      (key, error) => this.logger.warn({ key, err: String(error) }, 'artifact extraction failed; retrying while the wait lasts'),
    );
  }

  @OnEvent('ArtifactSaved')
  async onArtifactSaved(@Payload() raw: unknown, @Ctx() context: unknown): Promise<void> {
    // OnEvent's typing sees only `unknown` arguments; the JetStream transport passes an EventContext.
    const ctx = context as EventContext;
    const event = raw as EventEnvelope<'ArtifactSaved', PayloadOf<'ArtifactSaved'>>;
    const { artifactId, content } = event.payload;
    const doneKey = `memory:artifact-done:${event.id}`;
    if (await this.cache.get(doneKey)) return;
    const key = `memory:artifact:${event.accountId}:${artifactId}`;
    await this.debouncer.schedule(key, ctx.stored.seq, async () => {
      const outcome = await this.extractor.extract({
        accountId: event.accountId,
        // The newest part of a very long artifact, like a transcript: the cap keeps the call's cost bounded.
        transcript: content.length > COMPACTION_MAX_INPUT_CHARS ? content.slice(content.length - COMPACTION_MAX_INPUT_CHARS) : content,
        origin: artifactOrigin(artifactId, event.sessionId),
        trigger: { kind: 'artifact', artifactId, sessionId: event.sessionId },
        key: event.id,
        cause: event,
      });
      await this.cache.set(doneKey, outcome, DONE_TTL_MS);
    });
  }

  onModuleDestroy(): void {
    this.debouncer.stop();
  }
}
