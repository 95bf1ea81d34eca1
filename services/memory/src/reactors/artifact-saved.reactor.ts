import type { EventOf } from '@mnemo/contracts';
import { Controller, Inject, type OnModuleDestroy } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventContext, LOGGER, OnEvent, type Logger } from '@mnemo/eventing';
import { CACHE, type Cache } from '@mnemo/persistence';
import { ArtifactExtractionService, artifactKey } from '../extraction/artifact-extraction.service';
import { CacheDebouncer } from '../extraction/cache.debouncer';
import { EXTRACTION_CONFIG, type ExtractionConfig } from '../memory.config';

/**
 * After an artifact save, debounced 3 s per artifact with one extraction in flight per artifact across
 * instances: a burst of saves of one artifact ends in one extraction of its newest content.
 * Facts share the artifact's source session as their dedup scope, else `artifact-extract`. A timer
 * that dies with its instance is made up for by ArtifactExtractionSweep.
 */
@Controller()
export class ArtifactSavedReactor implements OnModuleDestroy {
  private readonly debouncer: CacheDebouncer;

  constructor(
    @Inject(CACHE) cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(EXTRACTION_CONFIG) config: ExtractionConfig,
    private readonly extraction: ArtifactExtractionService,
  ) {
    this.debouncer = new CacheDebouncer(
      cache,
      { delayMs: config.artifactDebounceMs, lockMs: 5 * 60_000, maxWaitMs: 2 * 60_000 },
      (key, error) =>
        this.logger.warn(
          { key, err: String(error) },
          'artifact extraction failed; retrying while the wait lasts',
        ),
      (key, seq) =>
        this.logger.debug({ key, seq }, 'artifact extraction waits for the run in flight'),
    );
  }

  @OnEvent('ArtifactSaved')
  async onArtifactSaved(
    @Payload() event: EventOf<'ArtifactSaved'>,
    @Ctx() ctx: EventContext,
  ): Promise<void> {
    if (await this.extraction.isDone(event.id)) return;
    await this.debouncer.schedule(
      artifactKey(event.accountId, event.payload.artifactId),
      ctx.stored.seq,
      () => this.extraction.run(event),
    );
  }

  onModuleDestroy(): void {
    this.debouncer.stop();
  }
}
