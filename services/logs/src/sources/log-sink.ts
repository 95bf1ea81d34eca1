import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { EventLog } from '@mnemo/eventing';
import { TemplateMiner } from '@mnemo/log-templates';
import { awaitCheckpoint } from '@mnemo/persistence';
import { LogWindow } from '../domain/log-window';
import type { RawLogLine, SkipReason } from '../domain/log-line';
import { logsEvent } from '../logs-event';
import { logFactsProjection } from '../projections/log-facts.projection';

export interface LogScope {
  accountId: string;
  project: string;
  sourceId: string;
}

export interface LogSinkDeps {
  log: EventLog;
  db: DataSource;
  clock?: () => Date;
}

/**
 * One miner per account and project in this process, continued from the templates the read model
 * holds (after the projection has caught up with the log), so ids stay the same across restarts.
 */
export class TemplateMiners {
  private static readonly shared = new WeakMap<DataSource, TemplateMiners>();
  private readonly miners = new Map<string, Promise<TemplateMiner>>();

  constructor(private readonly deps: LogSinkDeps) {}

  /**
   * The process's miners over this database: the pushed lines (HTTP) and the host's sources fold into
   * the same templates, as they would after a restart.
   */
  static of(deps: LogSinkDeps): TemplateMiners {
    let miners = TemplateMiners.shared.get(deps.db);
    if (!miners) {
      miners = new TemplateMiners(deps);
      TemplateMiners.shared.set(deps.db, miners);
    }
    return miners;
  }

  of(accountId: string, project: string): Promise<TemplateMiner> {
    const key = `${accountId}\u0000${project}`;
    let miner = this.miners.get(key);
    if (!miner) {
      miner = this.load(accountId, project);
      miner.catch(() => this.miners.delete(key));
      this.miners.set(key, miner);
    }
    return miner;
  }

  private async load(accountId: string, project: string): Promise<TemplateMiner> {
    await awaitCheckpoint(
      this.deps.db,
      logFactsProjection.name,
      await this.deps.log.lastSeq('events'),
    );
    const rows: Array<{ template_id: string; template: string; count: string }> =
      await this.deps.db.query(
        `SELECT template_id, template, count FROM log_templates WHERE account_id = $1 AND project = $2 ORDER BY first_seq`,
        [accountId, project],
      );
    return new TemplateMiner(
      {},
      {
        templates: rows.map((r) => ({
          id: r.template_id,
          text: r.template,
          count: Number(r.count),
        })),
      },
    );
  }
}

/**
 * Where a source's lines go: folded in a window (redacted first, see LogWindow), and written on
 * `flush` as a LogTemplateSeen per new template and one LogFactsUpdated carrying the source's
 * position, so the counts and the cursor are stored together or not at all.
 */
export class LogSink {
  private window: LogWindow;
  private flushing: Promise<unknown> = Promise.resolve();
  /** A window that was not written: every later one is refused, or its position would pass the lost lines. */
  private failed: Error | undefined;

  constructor(
    private readonly deps: LogSinkDeps,
    readonly scope: LogScope,
    miner: TemplateMiner,
  ) {
    this.window = new LogWindow(miner);
  }

  add(line: RawLogLine): SkipReason | undefined {
    return this.window.add(line);
  }

  skip(reason: SkipReason): void {
    this.window.skip(reason);
  }

  /** Lines folded or skipped since the last flush. */
  get pending(): number {
    return this.window.size;
  }

  full(): boolean {
    return this.window.full();
  }

  /**
   * Writes the window, with the position the source reached after its last line (absent for a push,
   * which has none). Flushes run one after another, so positions reach the log in order; after one
   * fails, the rest fail too (the source starts again from its stored position with a new sink).
   */
  flush(cursor?: string): Promise<{ lines: number; skipped: number }> {
    const drained = this.window.drain();
    const run = this.flushing.then(async () => {
      if (this.failed !== undefined) throw this.failed;
      const { facts, seen } = drained;
      if (facts.lines === 0 && facts.skipped === 0) return { lines: 0, skipped: 0 };
      const { accountId, project, sourceId } = this.scope;
      const occurredAt = (this.deps.clock?.() ?? new Date()).toISOString();
      const events = [
        ...seen.map((template) =>
          logsEvent({
            type: 'LogTemplateSeen',
            accountId,
            occurredAt,
            name: `${project}\u0000${template.templateId}`,
            payload: { project, sourceId, ...template },
          }),
        ),
        logsEvent({
          type: 'LogFactsUpdated',
          accountId,
          occurredAt,
          // a window re-read from the same position after a crash is the same event, stored once
          name: `${project}\u0000${sourceId}\u0000${cursor ?? randomUUID()}`,
          payload: { project, sourceId, ...facts, ...(cursor !== undefined ? { cursor } : {}) },
        }),
      ];
      await this.deps.log.appendMany('events', events);
      return { lines: facts.lines, skipped: facts.skipped };
    });
    this.flushing = run.catch((error: unknown) => {
      this.failed ??= error instanceof Error ? error : new Error(String(error));
    });
    return run;
  }
}
