import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DataSource } from 'typeorm';
import { LOGGER, type Logger } from '@mnemo/eventing';
import { DATA_SOURCE } from '@mnemo/persistence';
import type { MemoryFeedChange } from '@mnemo/contracts';

type Listener = (change: MemoryFeedChange) => void;

const POLL_MS = 250;
const HEARTBEAT_MS = 15_000;
const PAGE = 1000;

/**
 * The Explorer's push stream. One poller per process reads the projection's change journal
 * (memory_changes: one row per change, keyed by the log sequence) every 250 ms past its cursor and
 * fans the rows out to the open streams of their account. Polling the projection rather than the log
 * keeps every instance correct without a consumer of its own, skips the log's unrelated traffic, and
 * tells a client only what it can already read back. It runs only while a stream is open. A batch the
 * projection commits out of sequence order (two projector instances splitting batches) can be missed;
 * the client's next list refresh covers it.
 */
@Injectable()
export class MemoryChangeFeed implements OnModuleDestroy {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly open = new Set<ServerResponse>();
  private cursor = 0;
  private timer: NodeJS.Timeout | null = null;
  private starting: Promise<void> | null = null;
  private polling = false;

  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async serve(
    accountId: string,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    response.flushHeaders();
    const send = (change: MemoryFeedChange) =>
      response.write(`id: ${change.seq}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`);
    const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
    this.open.add(response);
    // Listen for the close before subscribing: a client gone during the subscribe must still be let go.
    let unsubscribe: (() => void) | null = null;
    let closed = false;
    request.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      this.open.delete(response);
      unsubscribe?.();
    });
    unsubscribe = await this.subscribe(accountId, send);
    if (closed) {
      unsubscribe();
      return;
    }
    // Sent once the cursor is set: every change after this line reaches the client.
    response.write(`event: ready\ndata: ${JSON.stringify({ seq: this.cursor })}\n\n`);
  }

  async subscribe(accountId: string, listener: Listener): Promise<() => void> {
    const set = this.listeners.get(accountId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(accountId, set);
    await this.start();
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(accountId);
      if (this.listeners.size === 0) this.stop();
    };
  }

  private start(): Promise<void> {
    if (this.timer) return Promise.resolve();
    this.starting ??= (async () => {
      this.cursor = await this.topSeq();
      this.timer = setInterval(() => void this.poll(), POLL_MS);
    })().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async poll(): Promise<void> {
    if (this.polling || this.listeners.size === 0) return;
    this.polling = true;
    try {
      // Read up to the top as of now, then move the cursor there: rows of accounts nobody watches
      // are passed over, so a stream opened later does not receive their old changes.
      const top = await this.topSeq();
      if (top <= this.cursor) return;
      const rows: Array<{
        account_id: string;
        kind: string;
        ref_id: string;
        version: number | null;
        change: string;
        seq: string;
      }> = await this.db.query(
        `SELECT account_id, kind, ref_id, version, change, seq FROM memory_changes
         WHERE seq > $1 AND seq <= $2 AND account_id = ANY($3::text[]) ORDER BY seq, kind, ref_id LIMIT ${PAGE}`,
        [this.cursor, top, [...this.listeners.keys()]],
      );
      for (const row of rows) {
        const seq = Number(row.seq);
        const change: MemoryFeedChange =
          row.kind === 'memory'
            ? { type: row.change, memoryId: row.ref_id, version: row.version!, seq }
            : { type: row.change, proposalId: row.ref_id, seq };
        for (const listener of this.listeners.get(row.account_id) ?? []) listener(change);
      }
      const last = rows.at(-1);
      this.cursor = rows.length === PAGE && last ? Number(last.seq) : top;
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'memory change feed poll failed; retrying');
    } finally {
      this.polling = false;
    }
  }

  private async topSeq(): Promise<number> {
    const rows: Array<{ seq: string | null }> = await this.db.query(
      `SELECT max(seq) AS seq FROM memory_changes`,
    );
    return Number(rows[0]?.seq ?? 0);
  }

  onModuleDestroy(): void {
    this.stop();
    // Open streams would keep the HTTP server from closing.
    for (const response of this.open) response.end();
    this.open.clear();
    this.listeners.clear();
  }
}
