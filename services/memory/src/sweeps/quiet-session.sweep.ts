import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { eventFactory, reactionId } from '@mnemo/contracts';
import {
  EVENT_LOG,
  LOGGER,
  type EventLog,
  type Logger,
  PeriodicSweep,
  type SweepSchedule,
} from '@mnemo/eventing';
import { CACHE, DATA_SOURCE, type Cache } from '@mnemo/persistence';
import { isQuietSession, settledStretches } from '../domain/quiet-time';
import { windowTranscript } from '../extraction/ingest-turns.client';
import { EXTRACTION_CONFIG, type ExtractionConfig } from '../memory.config';
import {
  FactExtractionService,
  type ExtractionOutcome,
} from '../extraction/fact-extraction.service';

const memoryEvent = eventFactory('memory');

interface QuietCandidate {
  account_id: string;
  session_id: string;
  through_seq: string;
  last_turn_at: Date;
  last_pause_at: Date | null;
  after_seq: string;
}

/** Sessions looked at per sweep; the rest wait for the next one. */
const SWEEP_LIMIT = 200;
/** One instance handles a quiet stretch; the claim outlives any extraction of it. */
const CLAIM_MS = 30 * 60_000;

/**
 * A conversation that has been quiet for 30 minutes with no pause after its last turn gets
 * one background extraction of the turns no segment or earlier quiet extraction has read. The
 * SessionQuietExtracted event marks the stretch done, so it runs once.
 */
@Injectable()
export class QuietSessionSweep extends PeriodicSweep {
  /** The unread stretch each candidate ended at on this instance's previous sweep (account:session → seq). */
  private previous = new Map<string, number>();

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) protected readonly logger: Logger,
    @Inject(EXTRACTION_CONFIG) private readonly config: ExtractionConfig,
    private readonly extractor: FactExtractionService,
  ) {
    super();
  }

  protected schedule(): SweepSchedule {
    return { name: 'quiet-time sweep', intervalMs: this.config.quietSweepMs };
  }

  protected runPass(): Promise<number> {
    return this.sweep(new Date());
  }

  /** One pass at `now`: returns how many quiet sessions it extracted from. */
  async sweep(now: Date): Promise<number> {
    const quietSince = new Date(now.getTime() - this.config.quietMinutes * 60_000);
    const lookback = new Date(quietSince.getTime() - this.config.quietLookbackDays * 86_400_000);
    // session_activity's partial index holds only sessions with turns nothing has read for facts yet:
    // the sweep reads those, never the turns table.
    const candidates: QuietCandidate[] = await this.db.query(
      `SELECT account_id, session_id, last_turn_seq AS through_seq, last_turn_at, last_pause_at, read_through_seq AS after_seq
       FROM session_activity
       WHERE last_turn_seq > read_through_seq AND last_turn_at <= $1 AND last_turn_at > $2
       ORDER BY last_turn_at LIMIT ${SWEEP_LIMIT}`,
      [quietSince.toISOString(), lookback.toISOString()],
    );
    // Extracted only once a whole sweep interval has passed without the stretch growing (settledStretches).
    const { settled, seen } = settledStretches(
      this.previous,
      candidates.map((candidate) => ({
        ...candidate,
        key: `${candidate.account_id}:${candidate.session_id}`,
        throughSeq: Number(candidate.through_seq),
      })),
    );
    this.previous = seen;
    let done = 0;
    for (const candidate of settled) {
      const lastTurnAt = new Date(candidate.last_turn_at);
      const lastPauseAt = candidate.last_pause_at ? new Date(candidate.last_pause_at) : null;
      if (!isQuietSession(lastTurnAt, lastPauseAt, now, this.config.quietMinutes)) continue;
      if (await this.extractQuiet(candidate, lastTurnAt)) done++;
    }
    return done;
  }

  private async extractQuiet(candidate: QuietCandidate, lastTurnAt: Date): Promise<boolean> {
    const { account_id: accountId, session_id: sessionId } = candidate;
    const throughSeq = Number(candidate.through_seq);
    const key = `quiet:${accountId}:${sessionId}:${throughSeq}`;
    if (!(await this.cache.tryLock(`memory:${key}`, CLAIM_MS))) return false;
    let outcome: ExtractionOutcome;
    try {
      const { transcript, turns, person, coding } = await windowTranscript(
        this.log,
        { accountId, sessionId },
        { afterSeq: Number(candidate.after_seq), throughSeq },
      );
      outcome = await this.extractor.extract({
        accountId,
        transcript,
        turns,
        ...(person ? { person } : {}),
        coding,
        origin: { sourceSession: sessionId },
        trigger: { kind: 'quiet', sessionId },
        key,
      });
    } catch (error) {
      // Left unmarked, so a later sweep tries again once the claim has lapsed.
      this.logger.warn(
        { accountId, sessionId, err: String(error) },
        'quiet-time extraction failed',
      );
      return false;
    }
    await this.log.append(
      'events',
      memoryEvent({
        id: reactionId(key, 'quiet-mark'),
        type: 'SessionQuietExtracted',
        accountId,
        sessionId,
        occurredAt: new Date().toISOString(),
        payload: { throughSeq, lastTurnAt: lastTurnAt.toISOString(), outcome },
      }),
    );
    return true;
  }
}
