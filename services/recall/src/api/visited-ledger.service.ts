import { Inject, Injectable } from '@nestjs/common';
import { DependencyError } from '@mnemo/contracts';
import { CACHE, type Cache } from '@mnemo/persistence';
import {
  markVisited,
  recallVisited,
  type VisitedMark,
  type VisitedNode,
} from '../domain/visited-ledger';
import { RECALL_CONFIG } from '../recall.constants';
import type { RecallConfig } from '../recall.config';

const LOCK_MS = 2_000;

/**
 * The visited-code ledger (docs/coding-memory.md), one per conversation: ephemeral by design, so it
 * lives in the cache (Redis, shared by every gateway instance) with a time to live, never in the
 * log. A mark is a read-modify-write of the session's ledger under a short lock.
 */
@Injectable()
export class VisitedLedgerService {
  constructor(
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(RECALL_CONFIG) private readonly config: RecallConfig,
  ) {}

  async mark(
    accountId: string,
    sessionId: string,
    mark: VisitedMark,
    now: Date,
  ): Promise<VisitedNode> {
    const key = this.key(accountId, sessionId);
    const token = await this.lock(key);
    try {
      const { ledger, node } = markVisited(
        await this.read(key),
        mark,
        now.toISOString(),
        this.config.visitedMaxEntries,
      );
      await this.cache.set(key, JSON.stringify(ledger), this.config.visitedTtlMs);
      return node;
    } finally {
      await this.cache.unlock(`${key}:lock`, token);
    }
  }

  /** An unknown (or expired) conversation answers an empty list, never an error. */
  async recall(accountId: string, sessionId: string, filter?: string): Promise<VisitedNode[]> {
    return recallVisited(await this.read(this.key(accountId, sessionId)), filter);
  }

  private key = (accountId: string, sessionId: string) =>
    `recall:visited:${accountId}:${sessionId}`;

  private async read(key: string): Promise<VisitedNode[]> {
    const raw = await this.cache.get(key);
    if (!raw) return [];
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? (parsed as VisitedNode[]) : [];
    } catch {
      return [];
    }
  }

  private async lock(key: string): Promise<string> {
    const deadline = Date.now() + LOCK_MS;
    for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
      const token = await this.cache.tryLock(`${key}:lock`, LOCK_MS);
      if (token) return token;
      if (Date.now() > deadline)
        throw new DependencyError(
          'visited ledger',
          'another mark of this conversation is in progress; try again',
        );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
