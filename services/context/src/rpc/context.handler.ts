import type { DataSource } from 'typeorm';
import type {
  ClaudeMdReply,
  ClaudeMdRequest,
  MemoryBlockReply,
  MemoryBlockRequest,
} from '@mnemo/contracts';
import type { EventLog, Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import { assembleClaudeMd } from '../domain/assemble-claude-md';
import { assembleMemoryBlock } from '../domain/assemble-memory-block';
import {
  contextModeFor,
  DEFAULT_CONTEXT_BUDGETS,
  type ClaudeMdSources,
  type ContextBudgets,
  type MemoryBlockSources,
} from '../domain/context-sources';
import { buildRollingRecallLine } from '../domain/rolling-recall';
import { rollingMovements } from '@mnemo/memory-rules';
import { mayStore, type CachedContext } from '../domain/context-cache-trust';
import {
  claudeMdCacheName,
  contextCacheKey,
  encodeCachedContext,
  MEMORY_BLOCK_CACHE_NAME,
  readCachedContext,
  sharedClaudeMdName,
} from '../cache/context-cache';
import { servedTo, SharedDocuments, type ClaudeMdValue } from '../cache/shared-documents';
import { loadSessionRows, sessionOf, type SessionRows } from '../sources/session-rows';
import { UsedMemoryStamper } from '../cache/used-memory-stamper';
import { afterServing, recordProposalsOffered, telemetryEvent } from '../effects/context-effects';
import { TelemetryBatcher } from '../effects/telemetry-batcher';
import { loadFailOpen } from '../sources/fail-open';
import { SourceReader } from '../sources/source-reader';
import * as load from '../sources/source-loaders';
import { DEFAULT_CONTEXT_CACHE_TTL_MS, DEFAULT_CONTEXT_SOURCE_TIMEOUT_MS } from '../context.config';

export interface ContextHandlerDeps {
  db: DataSource;
  cache: Cache;
  log: EventLog;
  logger: Logger;
  budgets?: ContextBudgets;
  /** A source slower than this is left out (fail-open). */
  sourceTimeoutMs?: number;
  cacheTtlMs?: number;
}

/** A context built on a cache miss: its sources loaded, then assembled. */
interface ContextBuild<S, T> {
  load: () => Promise<S>;
  /**
   * Pure assembly; `record` appends its telemetry, after the answer is sent. `storeAs` names the cache entries it is
   * written under (the request's own when not given); `reused` says it was a build kept before (a shared document).
   */
  assemble: (sources: S) => Omit<CachedContext<T>, 'stamp'> & {
    failedSources: readonly string[];
    record: () => void;
    storeAs?: readonly string[];
    reused?: boolean;
  };
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
 * Loads the sources of a context fail-open, calls the pure assembler, records telemetry, stamps the
 * memories it served, and caches the answer under the account's context version.
 */
export class ContextHandler {
  private readonly budgets: ContextBudgets;
  private readonly sourceTimeoutMs: number;
  private readonly cacheTtlMs: number;
  private readonly stamper: UsedMemoryStamper;
  private readonly telemetry: TelemetryBatcher;
  private readonly sharedDocuments = new SharedDocuments<ClaudeMdValue>();

  constructor(private readonly deps: ContextHandlerDeps) {
    this.stamper = new UsedMemoryStamper(deps);
    this.telemetry = new TelemetryBatcher(deps);
    this.budgets = deps.budgets ?? DEFAULT_CONTEXT_BUDGETS;
    this.sourceTimeoutMs = deps.sourceTimeoutMs ?? DEFAULT_CONTEXT_SOURCE_TIMEOUT_MS;
    this.cacheTtlMs = deps.cacheTtlMs ?? DEFAULT_CONTEXT_CACHE_TTL_MS;
  }

  async claudeMd(request: ClaudeMdRequest): Promise<ClaudeMdReply> {
    // Egress first (docs/context.md).
    const reader = await SourceReader.open(this.deps.db, request.accountId);
    const ownName = claudeMdCacheName(request);
    const record = (value: ClaudeMdValue) => () =>
      this.telemetry.record(
        telemetryEvent(
          request.accountId,
          'memory_context_built',
          { ...value.telemetry },
          request.sessionId,
        ),
      );
    return this.cached(reader, ownName, request.cacheMissedAt, {
      load: () => this.claudeMdLoad(reader, request),
      assemble: (loaded) => {
        if ('shared' in loaded) {
          const value = servedTo(loaded.shared.value, request.sessionId);
          return {
            value,
            usedMemoryIds: loaded.shared.usedMemoryIds,
            failedSources: [],
            storeAs: [],
            reused: true,
            record: record(value),
          };
        }
        const { sources, sharedName } = loaded;
        const result = assembleClaudeMd(sources, this.budgets, contextModeFor(sources.session));
        const value: ClaudeMdValue = {
          markdown: result.markdown,
          telemetry: { ...result.telemetry },
        };
        const { stamp } = reader;
        const shareable = sharedName !== null && mayStore(stamp, sources);
        if (shareable)
          this.sharedDocuments.put(
            { stamp, value, usedMemoryIds: result.usedMemoryIds },
            sharedName,
          );
        // Written under the shared name too, where the gateway's front finds it for the account's next new sessions.
        const storeAs = shareable ? [ownName, sharedName] : [ownName];
        return {
          value,
          usedMemoryIds: result.usedMemoryIds,
          failedSources: sources.failedSources,
          storeAs,
          record: record(value),
        };
      },
    }).then(({ value, cached }) => ({ ...value, cached }));
  }

  async memoryBlock(request: MemoryBlockRequest): Promise<MemoryBlockReply> {
    // Egress first (docs/context.md).
    const reader = await SourceReader.open(this.deps.db, request.accountId);
    return this.cached(reader, MEMORY_BLOCK_CACHE_NAME, request.cacheMissedAt, {
      load: () => this.memoryBlockSources(reader),
      assemble: (sources) => {
        const result = assembleMemoryBlock(sources, this.budgets);
        return {
          value: { text: result.text, telemetry: { ...result.telemetry } },
          usedMemoryIds: result.usedMemoryIds,
          failedSources: sources.failedSources,
          record: () => {
            this.telemetry.record(
              telemetryEvent(request.accountId, 'memory_block_built', { ...result.telemetry }),
            );
            afterServing(
              this.deps.logger,
              'proposal offered',
              recordProposalsOffered(this.deps.log, request.accountId, result.offeredProposalIds),
            );
          },
        };
      },
    }).then(({ value, cached }) => ({ ...value, cached }));
  }

  /** Appends the telemetry still waiting for its batch (at shutdown, once no more requests come). */
  close(): Promise<void> {
    return this.telemetry.flush();
  }

  /**
   * Serves from the cache when the trust rule allows (domain/context-cache-trust.ts), else builds. A
   * build that lost a source is served but not cached: the next request tries the source again.
   *
   * The gateway's front asks only once it has missed the entry itself, and says at which version: at
   * that version the cache is not read again and the build starts at once. Otherwise the cache is read
   * first: loading the sources meanwhile, as before, cost a hit a whole load it then dropped (a
   * warm answer over NATS took 4 ms). A build's cache write and telemetry run once its answer is on
   * its way (AFTER_ANSWER_MS).
   */
  private async cached<T, S>(
    reader: SourceReader,
    what: string,
    missedAt: number | undefined,
    build: ContextBuild<S, T>,
  ): Promise<{ value: T; cached: boolean }> {
    const { cache, logger } = this.deps;
    if (reader.stamp === null || reader.stamp.version !== missedAt) {
      const entry = await readCachedContext<T>(reader, what, this.deps);
      if (entry !== null) {
        this.stamper.stamp(reader.accountId, entry.usedMemoryIds);
        return { value: entry.value, cached: true };
      }
    }
    const built = build.assemble(await build.load()); // every source is loaded fail-open: this never rejects
    const { stamp } = reader;
    setTimeout(() => {
      if (mayStore(stamp, built)) {
        const stored = encodeCachedContext<T>({
          stamp,
          value: built.value,
          usedMemoryIds: built.usedMemoryIds,
        });
        for (const name of built.storeAs ?? [what])
          afterServing(
            logger,
            'cache write',
            cache.set(contextCacheKey(stamp, name), stored, this.cacheTtlMs),
          );
      }
      built.record();
      this.stamper.stamp(reader.accountId, built.usedMemoryIds);
    }, AFTER_ANSWER_MS);
    return { value: built.value, cached: built.reused ?? false };
  }

  /**
   * The sources of a CLAUDE.md and the name of the document it shares with other new sessions (null: its own), or
   * that document where this process keeps it (cache/shared-documents.ts). Where the account has one at this
   * version, the session's own rows are read first (one small statement) to learn whether it is this session's;
   * where it has none, everything is read in one statement.
   */
  private async claudeMdLoad(
    reader: SourceReader,
    request: ClaudeMdRequest,
  ): Promise<
    | { shared: CachedContext<ClaudeMdValue> }
    | { sources: ClaudeMdSources; sharedName: string | null }
  > {
    const failed: string[] = [];
    const opts = {
      timeoutMs: this.sourceTimeoutMs,
      failed,
      logger: this.deps.logger,
      accountId: reader.accountId,
    };
    const accountRows = () =>
      Promise.all([
        loadFailOpen('coreProfile', () => load.loadCoreProfile(reader), opts),
        loadFailOpen(
          'memories',
          () => load.loadRecentMemories(reader, this.budgets.memoryLimit),
          opts,
        ),
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
    const { stamp } = reader;
    let own: SessionRows;
    let account: Awaited<ReturnType<typeof accountRows>>;
    if (stamp !== null && this.sharedDocuments.knows(stamp)) {
      own = await reader.together(() => loadSessionRows(reader, request.sessionId, opts));
      const name = sharedClaudeMdName(request, sessionOf(request, own), reader.switches, failed);
      const shared = name === null ? null : this.sharedDocuments.get(stamp, name);
      if (shared !== null) return { shared };
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
    const opts = {
      timeoutMs: this.sourceTimeoutMs,
      failed,
      logger: this.deps.logger,
      accountId: reader.accountId,
    };
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
