import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  EVENT_LOG,
  LOGGER,
  type EventLog,
  type Logger,
  PeriodicSweep,
  type SweepSchedule,
} from '@mnemo/eventing';
import { CACHE, DATA_SOURCE, type Cache } from '@mnemo/persistence';
import { inflightLock } from '../extraction/cache.debouncer';
import {
  ArtifactExtractionService,
  artifactKey,
  type ArtifactSavedEvent,
} from '../extraction/artifact-extraction.service';
import { EXTRACTION_CONFIG, type ExtractionConfig } from '../memory.config';

/** Saves looked at per sweep; the rest wait for the next one. */
const SWEEP_LIMIT = 100;
/** How long the sweep may hold an artifact's in-flight lock (it releases sooner). */
const LOCK_MS = 5 * 60_000;

/**
 * The durable half of the artifact debounce. The debounce timer lives in the instance that saw the
 * save; if that instance dies (or its run gave up waiting for the lock), the newest save would never be
 * extracted. Any instance sweeps the read model for newest saves whose extraction has not settled once
 * the grace (well past the debounce and its wait) is over, and runs it under the same in-flight lock,
 * so it never overlaps a live run and never repeats a finished one.
 */
@Injectable()
export class ArtifactExtractionSweep extends PeriodicSweep {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) protected readonly logger: Logger,
    @Inject(EXTRACTION_CONFIG) private readonly config: ExtractionConfig,
    private readonly extraction: ArtifactExtractionService,
  ) {
    super();
  }

  protected schedule(): SweepSchedule {
    return { name: 'artifact extraction sweep', intervalMs: this.config.artifactSweepMs };
  }

  protected runPass(): Promise<unknown> {
    return this.sweep(new Date());
  }

  /** One pass at `now`: returns how many saves it extracted. */
  async sweep(now: Date): Promise<number> {
    const dueBefore = new Date(now.getTime() - this.config.artifactGraceMs);
    const lookback = new Date(dueBefore.getTime() - this.config.artifactLookbackMs);
    const due: Array<{
      account_id: string;
      artifact_id: string;
      saved_event_id: string;
      saved_seq: string;
    }> = await this.db.query(
      `SELECT account_id, artifact_id, saved_event_id, saved_seq FROM artifact_extractions
       WHERE extractable AND settled_event_id IS DISTINCT FROM saved_event_id AND saved_at <= $1 AND saved_at > $2
       ORDER BY saved_at LIMIT ${SWEEP_LIMIT}`,
      [dueBefore.toISOString(), lookback.toISOString()],
    );
    let done = 0;
    for (const row of due) {
      if (await this.extraction.isDone(row.saved_event_id)) continue; // its telemetry is on the way to the read model
      const lock = inflightLock(artifactKey(row.account_id, row.artifact_id));
      const token = await this.cache.tryLock(lock, LOCK_MS);
      if (!token) continue; // a live run has it
      try {
        const event = await this.savedEvent(Number(row.saved_seq), row.saved_event_id);
        if (!event) {
          this.logger.warn(
            { accountId: row.account_id, artifactId: row.artifact_id, seq: row.saved_seq },
            'artifact save no longer in the log; not extracted',
          );
          continue;
        }
        await this.extraction.run(event);
        done++;
      } catch (error) {
        this.logger.warn(
          { accountId: row.account_id, artifactId: row.artifact_id, err: String(error) },
          'artifact extraction by the sweep failed; the next sweep retries',
        );
      } finally {
        await this.cache.unlock(lock, token);
      }
    }
    return done;
  }

  private async savedEvent(seq: number, id: string): Promise<ArtifactSavedEvent | null> {
    for await (const batch of this.log.read('events', seq, 1)) {
      const stored = batch[0];
      return stored && stored.seq === seq && stored.event.id === id
        ? (stored.event as ArtifactSavedEvent)
        : null;
    }
    return null;
  }
}
