import type { ClaudeMdRequest, MemoryBlockRequest } from '@mnemo/contracts';
import type { EventLog, Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import { rollingMovements } from '@mnemo/memory-rules';
import { assembleClaudeMd } from '../domain/assemble-claude-md';
import { assembleMemoryBlock } from '../domain/assemble-memory-block';
import { mayStore, type CacheStamp } from '../domain/context-cache-trust';
import {
  contextModeFor,
  type ClaudeMdSources,
  type ContextBudgets,
  type MemoryBlockSources,
} from '../domain/context-sources';
import { buildRollingRecallLine } from '../domain/rolling-recall';
import { contextCacheKey, encodeCachedContext, sharedClaudeMdName } from '../cache/context-cache';
import { afterServing, recordProposalsOffered, telemetryEvent } from '../effects/context-effects';
import { loadFailOpen } from '../sources/fail-open';
import { loadSessionRows, sessionOf, type SessionRows } from '../sources/session-rows';
import type { SourceReader } from '../sources/source-reader';
import * as load from '../sources/source-loaders';
import type {
  Build,
  ClaudeMdValue,
  ContextBuilds,
  KnownRows,
  MemoryBlockValue,
  ReadParts,
} from './context-builds';

export interface LocalBuildsDeps {
  cache: Cache;
  log: EventLog;
  logger: Logger;
  budgets: ContextBudgets;
  /** A source slower than this is left out (fail-open). */
  sourceTimeoutMs: number;
  cacheTtlMs: number;
}

/** A build, assembled: what is answered and cached, and what happens once the answer is on its way. */
interface Assembled<T> {
  value: T;
  usedMemoryIds: string[];
  failedSources: readonly string[];
  /** The cache entries it is written under. */
  storeAs: readonly string[];
  /** Appends its telemetry (and for the memory block, the proposal it offered). */
  record: () => void;
}

const BOOKMARK_LIMIT = 200;
/**
 * A build's cache write and telemetry wait this long after its answer, behind the I/O already due:
 * with setImmediate they ran first, before a gateway or client in the same process had read the
 * answer (0.4–0.8 ms of a cold CLAUDE.md over HTTP with the platform in one process).
 */
const AFTER_ANSWER_MS = 1;
const REMINDER_LIMIT = 20;
const BLOCK_FACTS_PER_KIND = 100;
/**
 * The block asks one waiting proposal per turn (docs/context.md), the oldest; the loader is
 * account-scoped.
 */
const BLOCK_PROPOSALS = 1;

/**
 * The context service's builds on a miss: loads the sources fail-open, calls the pure assembler, and
 * once the answer is on its way caches it under the version the gate read (a build that lost a source
 * is served but not cached: the next request tries the source again), records its telemetry and stamps
 * the memories it served. A shareable CLAUDE.md is kept for the account's next new sessions too.
 */
export class LocalBuilds implements ContextBuilds {
  constructor(
    private readonly deps: LocalBuildsDeps,
    private readonly parts: ReadParts,
  ) {}

  async claudeMd(
    reader: SourceReader,
    request: ClaudeMdRequest,
    name: string,
    known?: KnownRows,
  ): Promise<Build<ClaudeMdValue>> {
    const { sources, sharedName } = await this.claudeMdSources(reader, request, known);
    const result = assembleClaudeMd(sources, this.deps.budgets, contextModeFor(sources.session));
    const value: ClaudeMdValue = { markdown: result.markdown, telemetry: { ...result.telemetry } };
    const { stamp } = reader;
    const shareable = sharedName !== null && mayStore(stamp, sources);
    if (shareable)
      this.parts.shared.put({ stamp, value, usedMemoryIds: result.usedMemoryIds }, sharedName);
    return this.answered(reader, {
      value,
      usedMemoryIds: result.usedMemoryIds,
      failedSources: sources.failedSources,
      // Written under the shared name too, where the gateway finds it for the account's next new sessions.
      storeAs: shareable ? [name, sharedName] : [name],
      record: () =>
        this.parts.telemetry.record(
          telemetryEvent(
            reader.accountId,
            'memory_context_built',
            { ...value.telemetry },
            request.sessionId,
          ),
        ),
    });
  }

  async memoryBlock(
    reader: SourceReader,
    request: MemoryBlockRequest,
    name: string,
  ): Promise<Build<MemoryBlockValue>> {
    const sources = await this.memoryBlockSources(reader);
    const result = assembleMemoryBlock(sources, this.deps.budgets);
    return this.answered(reader, {
      value: { text: result.text, telemetry: { ...result.telemetry } },
      usedMemoryIds: result.usedMemoryIds,
      failedSources: sources.failedSources,
      storeAs: [name],
      record: () => {
        this.parts.telemetry.record(
          telemetryEvent(request.accountId, 'memory_block_built', { ...result.telemetry }),
        );
        afterServing(
          this.deps.logger,
          'proposal offered',
          recordProposalsOffered(this.deps.log, request.accountId, result.offeredProposalIds),
        );
      },
    });
  }

  /** The build as answered; its cache write and telemetry run once the answer is on its way (AFTER_ANSWER_MS). */
  private answered<T>(reader: SourceReader, built: Assembled<T>): Build<T> {
    const { stamp } = reader;
    setTimeout(() => {
      if (mayStore(stamp, built)) this.store(stamp, built);
      built.record();
      this.parts.stamper.stamp(reader.accountId, built.usedMemoryIds);
    }, AFTER_ANSWER_MS);
    return { value: built.value, cached: false };
  }

  private store<T>(stamp: CacheStamp, built: Assembled<T>): void {
    const stored = encodeCachedContext<T>({
      stamp,
      value: built.value,
      usedMemoryIds: built.usedMemoryIds,
    });
    for (const name of built.storeAs)
      afterServing(
        this.deps.logger,
        'cache write',
        this.deps.cache.set(contextCacheKey(stamp, name), stored, this.deps.cacheTtlMs),
      );
  }

  private sourceOptions(reader: SourceReader, failed: string[]) {
    return {
      timeoutMs: this.deps.sourceTimeoutMs,
      failed,
      logger: this.deps.logger,
      accountId: reader.accountId,
    };
  }

  /**
   * The sources of a CLAUDE.md and the name of the document it shares with other new sessions (null: its
   * own). The session's own rows are read with the account's in one statement, unless the cache lookup
   * read them already.
   */
  private async claudeMdSources(
    reader: SourceReader,
    request: ClaudeMdRequest,
    known?: KnownRows,
  ): Promise<{ sources: ClaudeMdSources; sharedName: string | null }> {
    const { budgets } = this.deps;
    const failed = known ? [...known.failed] : [];
    const opts = this.sourceOptions(reader, failed);
    const accountRows = () =>
      Promise.all([
        loadFailOpen('coreProfile', () => load.loadCoreProfile(reader), opts),
        loadFailOpen('memories', () => load.loadRecentMemories(reader, budgets.memoryLimit), opts),
        loadFailOpen('bookmarks', () => load.loadBookmarks(reader, BOOKMARK_LIMIT), opts),
        loadFailOpen(
          'pinnedArtifacts',
          () => load.loadPinnedArtifacts(reader, request.pinned),
          opts,
        ),
        loadFailOpen('insights', () => load.loadInsights(reader), opts),
        loadFailOpen('goals', () => load.loadActivePlans(reader), opts),
        loadFailOpen('artifacts', () => load.loadArtifactIndex(reader), opts),
        loadFailOpen('lifeInventory', () => load.loadLifeInventory(reader), opts),
      ]);
    let own: SessionRows;
    let account: Awaited<ReturnType<typeof accountRows>>;
    if (known) {
      own = known.rows;
      account = await reader.together(accountRows);
    } else {
      [own, account] = await reader.together(() =>
        Promise.all([loadSessionRows(reader, request.sessionId, opts), accountRows()]),
      );
    }
    const session = sessionOf(request, own);
    const [
      coreProfile,
      memories,
      bookmarks,
      pinnedArtifacts,
      insights,
      goals,
      artifacts,
      lifeInventory,
    ] = account;
    return {
      sharedName: sharedClaudeMdName(request, session, reader.switches, failed),
      sources: {
        accountId: reader.accountId,
        session,
        coreProfile,
        memories,
        bookmarks,
        pinnedArtifacts,
        insights,
        goals,
        conversationSoFar: own[1],
        artifacts,
        lifeInventory,
        healthModuleOn: reader.switches.healthModuleOn,
        medicationsModuleOn: reader.switches.medicationsModuleOn,
        failedSources: failed,
      },
    };
  }

  private async memoryBlockSources(reader: SourceReader): Promise<MemoryBlockSources> {
    const failed: string[] = [];
    const opts = this.sourceOptions(reader, failed);
    const [facts, proposals, plans, reminders, latestSummary, profile] = await reader.together(() =>
      Promise.all([
        loadFailOpen('facts', () => load.loadBlockFacts(reader, BLOCK_FACTS_PER_KIND), opts),
        loadFailOpen('proposals', () => load.loadOfferableProposals(reader, BLOCK_PROPOSALS), opts),
        loadFailOpen('plans', () => load.loadActivePlans(reader), opts),
        loadFailOpen('reminders', () => load.loadReminders(reader, REMINDER_LIMIT), opts),
        loadFailOpen('rollingRecall', () => load.loadLatestSummary(reader), opts),
        loadFailOpen('rollingProfile', () => load.loadRollingProfile(reader), opts),
      ]),
    );
    // Zero-LLM: per metric, the band it held last period against where this period's centre sits.
    const movements =
      profile?.endDay == null
        ? []
        : rollingMovements(profile.series, profile.endDay, profile.lookbackDays).map((m) => ({
            metric: `${m.metric.replace(/_/g, ' ')} (${m.unit})`,
            priorBand: 'in' as const,
            currentBand: m.current,
          }));
    return {
      accountId: reader.accountId,
      facts,
      proposals,
      plans,
      reminders,
      healthModuleOn: reader.switches.healthModuleOn,
      medicationsModuleOn: reader.switches.medicationsModuleOn,
      // Zero-LLM: the latest summary we already keep stands in for the prior narrative.
      rollingRecall:
        latestSummary == null && movements.length === 0
          ? (latestSummary ?? null)
          : buildRollingRecallLine({
              periodLabel: 'Last time',
              narrative: latestSummary == null ? null : { headline: latestSummary, drivers: [] },
              movements,
            }),
      failedSources: failed,
    };
  }
}
