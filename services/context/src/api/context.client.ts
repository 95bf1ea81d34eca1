import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  ClaudeMdReply,
  ClaudeMdRequest,
  CONTEXT_RPC,
  DependencyError,
  MemoryBlockReply,
  MemoryBlockRequest,
  MnemoError,
  subjects,
  ValidationError,
} from '@mnemo/contracts';
import { EVENT_LOG, LOGGER, RemoteError, type EventLog, type Logger } from '@mnemo/eventing';
import { CACHE, DATA_SOURCE, type Cache } from '@mnemo/persistence';
import { ContextCacheFront, type FrontRead } from '../cache/context-cache-front';
import { claudeMdAnswer, memoryBlockAnswer, type ContextHttpAnswer } from './context-answers';

export const CONTEXT_RPC_TIMEOUT_MS = 5_000;

/** The request as sent to the service: with the version the front missed at, so the service does not look again. */
const withMiss = <Q extends object>(request: Q, front: FrontRead<unknown>): Q =>
  front.hit === undefined && front.missedAt !== undefined
    ? { ...request, cacheMissedAt: front.missedAt }
    : request;

/**
 * The gateway's side of the context request/reply. A warm answer comes from the cache front (egress
 * checked, same key as the service) without the round trip; a miss asks the context service. Remote
 * errors keep their code, so the edge maps them once.
 */
@Injectable()
export class ContextClient implements OnModuleDestroy {
  private readonly front: ContextCacheFront;

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) db: DataSource,
    @Inject(CACHE) cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.front = new ContextCacheFront({ db, cache, log, logger });
  }

  /** The front's telemetry still waiting for its batch goes into the log before the gateway stops. */
  onModuleDestroy(): Promise<void> {
    return this.front.close();
  }

  async claudeMd(request: ClaudeMdRequest): Promise<ClaudeMdReply> {
    const valid = ClaudeMdRequest.safeParse(request);
    const front = valid.success ? await this.fromCache(() => this.front.claudeMd(valid.data)) : {};
    return (
      front.hit ??
      ClaudeMdReply.parse(await this.ask(CONTEXT_RPC.claudeMd, withMiss(request, front)))
    );
  }

  async memoryBlock(request: MemoryBlockRequest): Promise<MemoryBlockReply> {
    const valid = MemoryBlockRequest.safeParse(request);
    const front = valid.success
      ? await this.fromCache(() => this.front.memoryBlock(valid.data))
      : {};
    return (
      front.hit ??
      MemoryBlockReply.parse(await this.ask(CONTEXT_RPC.memoryBlock, withMiss(request, front)))
    );
  }

  /** The CLAUDE.md as HTTP sends it; a hit reuses the bytes rendered for its cache entry. */
  async claudeMdHttp(
    request: ClaudeMdRequest,
    format: 'markdown' | 'json',
  ): Promise<ContextHttpAnswer & { cached: boolean }> {
    const valid = ClaudeMdRequest.safeParse(request);
    const front = valid.success
      ? await this.fromCache(() =>
          this.front.claudeMdRendered(valid.data, format, (value) => claudeMdAnswer(value, format)),
        )
      : {};
    if (front.hit) return { ...front.hit, cached: true };
    // `cached`: the service may answer with the document the account's new sessions share (cache/shared-documents.ts)
    const reply = ClaudeMdReply.parse(
      await this.ask(CONTEXT_RPC.claudeMd, withMiss(request, front)),
    );
    return { ...claudeMdAnswer(reply, format), cached: reply.cached };
  }

  /** The memory block as HTTP sends it; a hit reuses the bytes rendered for its cache entry. */
  async memoryBlockHttp(
    request: MemoryBlockRequest,
  ): Promise<ContextHttpAnswer & { cached: boolean }> {
    const valid = MemoryBlockRequest.safeParse(request);
    const front = valid.success
      ? await this.fromCache(() =>
          this.front.memoryBlockRendered(valid.data, 'json', memoryBlockAnswer),
        )
      : {};
    if (front.hit) return { ...front.hit, cached: true };
    return {
      ...memoryBlockAnswer(
        MemoryBlockReply.parse(await this.ask(CONTEXT_RPC.memoryBlock, withMiss(request, front))),
      ),
      cached: false,
    };
  }

  /**
   * A refusal (egress off) is the answer; any other failure of the front is a miss, and the service
   * decides. A request the contract refuses goes straight to the service, which says why.
   */
  private async fromCache<T>(read: () => Promise<FrontRead<T>>): Promise<FrontRead<T>> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof MnemoError) throw error;
      this.logger.warn(
        { err: String((error as Error)?.message ?? error) },
        'context cache front failed; asking the context service',
      );
      return {};
    }
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
