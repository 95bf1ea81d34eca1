import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { z } from 'zod';
import type { DataSource } from 'typeorm';
import {
  ClaudeMdReply,
  type ClaudeMdRequest,
  CONTEXT_RPC,
  DependencyError,
  MemoryBlockReply,
  type MemoryBlockRequest,
  MnemoError,
  subjects,
  ValidationError,
} from '@mnemo/contracts';
import { EVENT_LOG, LOGGER, RemoteError, type EventLog, type Logger } from '@mnemo/eventing';
import { CACHE, DATA_SOURCE, type Cache } from '@mnemo/persistence';
import type { SourceReader } from '../sources/source-reader';
import type {
  Build,
  ClaudeMdValue,
  ContextBuilds,
  MemoryBlockValue,
  ReadParts,
} from '../read/context-builds';
import {
  ContextRead,
  FRONT_ROWS_TIMEOUT_MS,
  type ContextAnswer,
  type Rendering,
} from '../read/context-read';

export const CONTEXT_RPC_TIMEOUT_MS = 5_000;

/** An answer as the edge sends it, and whether it came from the cache. */
export interface ContextReply<R> {
  answer: R;
  cached: boolean;
}

/**
 * The gateway's side of a context read: the same read as the context service's (read/context-read.ts),
 * whose misses ask the service over NATS, saying at which version they missed so the service does not
 * look again. A warm answer is served here without the round trip. Remote errors keep their code, so the
 * edge maps them once.
 */
@Injectable()
export class ContextClient implements OnModuleDestroy {
  private readonly read: ContextRead;

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) db: DataSource,
    @Inject(CACHE) cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.read = new ContextRead(
      { db, cache, log, logger, sourceTimeoutMs: FRONT_ROWS_TIMEOUT_MS },
      (parts) => this.askingBuilds(parts),
    );
  }

  /** The telemetry of what this side served, still waiting for its batch, goes into the log before the gateway stops. */
  onModuleDestroy(): Promise<void> {
    return this.read.close();
  }

  claudeMd<R>(request: ClaudeMdRequest, as: Rendering<ClaudeMdValue, R>): Promise<ContextReply<R>> {
    return this.answered(
      () => this.read.claudeMd(request, as),
      () => this.askClaudeMd(request),
      as,
    );
  }

  memoryBlock<R>(
    request: MemoryBlockRequest,
    as: Rendering<MemoryBlockValue, R>,
  ): Promise<ContextReply<R>> {
    return this.answered(
      () => this.read.memoryBlock(request, as),
      () => this.askMemoryBlock(request),
      as,
    );
  }

  /**
   * A refusal (egress off) or the service's error is the answer; any other failure on this side (the
   * gate unreadable) asks the service without a version, and the service decides.
   */
  private async answered<V, R>(
    reading: () => Promise<ContextAnswer<R>>,
    ask: () => Promise<Build<V>>,
    as: Rendering<V, R>,
  ): Promise<ContextReply<R>> {
    try {
      const read = await reading();
      if (!read.missed) return { answer: read.answer, cached: read.cached };
    } catch (error) {
      if (error instanceof MnemoError) throw error;
      this.logger.warn(
        { err: String((error as Error)?.message ?? error) },
        'context cache front failed; asking the context service',
      );
    }
    const built = await ask();
    return { answer: as.render(built.value), cached: built.cached };
  }

  /** A miss here is built by the context service; a CLAUDE.md it builds for a new session is then shared. */
  private askingBuilds({ shared }: ReadParts): ContextBuilds {
    return {
      claudeMd: (reader, request) => {
        shared.expect(reader.stamp);
        return this.askClaudeMd(request, reader);
      },
      memoryBlock: (reader, request) => this.askMemoryBlock(request, reader),
    };
  }

  private askClaudeMd(request: ClaudeMdRequest, missed?: SourceReader) {
    return this.asked(CONTEXT_RPC.claudeMd, ClaudeMdReply, withMiss(request, missed));
  }

  private askMemoryBlock(request: MemoryBlockRequest, missed?: SourceReader) {
    return this.asked(CONTEXT_RPC.memoryBlock, MemoryBlockReply, withMiss(request, missed));
  }

  /** The service's reply, parsed at this edge, as a build: its value and whether it came from its cache. */
  private async asked<V>(
    verb: string,
    reply: z.ZodType<V & { cached: boolean }>,
    body: object,
  ): Promise<Build<Omit<V, 'cached'>>> {
    const { cached, ...value } = reply.parse(await this.ask(verb, body));
    return { value, cached };
  }

  private async ask(verb: string, body: unknown): Promise<unknown> {
    try {
      return await this.log.request(subjects.rpc('context', verb), body, {
        timeoutMs: CONTEXT_RPC_TIMEOUT_MS,
      });
    } catch (error) {
      if (error instanceof RemoteError) {
        if (error.code === 'validation_failed') {
          throw new ValidationError(
            error.message,
            (error.details as { issues?: [] } | undefined)?.issues ?? [],
          );
        }
        throw new MnemoError(error.code, error.message);
      }
      throw new DependencyError('context service', String((error as Error)?.message ?? error), {
        cause: error,
      });
    }
  }
}

/**
 * The request as sent to the service: with the version this side missed at and the switches read with it,
 * so the service reads neither the cache entry nor the gate again.
 */
const withMiss = <Q extends object>(request: Q, missed: SourceReader | undefined): Q =>
  missed?.stamp
    ? { ...request, cacheMissedAt: missed.stamp.version, gate: missed.switches }
    : request;
