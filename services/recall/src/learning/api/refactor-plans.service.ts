import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { buildEvent, NotFoundError, type PayloadOf } from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { appendAndAwait, DATA_SOURCE } from '@mnemo/persistence';
import { pathEndsWith } from '../../domain/prior-work';
import { learningProjection } from '../projections/learning.projection';

export type RefactorPlanStatus = 'open' | 'done' | 'abandoned';

export interface RefactorPlan {
  planId: string;
  project: string | null;
  goal: string;
  steps: string[];
  files: string[];
  status: RefactorPlanStatus;
  recordedInSession: string | null;
  recordedAt: string;
  updatedAt: string;
}

/** Plans listed at most; a list is for reading, not for paging the whole history. */
const LIST_LIMIT = 200;

/** Open plans read to match a file: open ones are few (they close as work lands), so this bounds only a runaway. */
const OPEN_SCAN_LIMIT = 5000;

const COLUMNS = `plan_id, project, goal, steps, files, status, recorded_in_session, recorded_at, updated_at`;

function toPlan(row: Record<string, unknown>): RefactorPlan {
  return {
    planId: row.plan_id as string,
    project: row.project as string | null,
    goal: row.goal as string,
    steps: row.steps as string[],
    files: row.files as string[],
    status: row.status as RefactorPlanStatus,
    recordedInSession: row.recorded_in_session as string | null,
    recordedAt: new Date(row.recorded_at as string).toISOString(),
    updatedAt: new Date(row.updated_at as string).toISOString(),
  };
}

/**
 * Refactor plans (docs/learning.md): recorded and changed as events of the log, read from the
 * learning projection, and said by prior_work while open.
 */
@Injectable()
export class RefactorPlansService {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(EVENT_LOG) private readonly log: EventLog,
  ) {}

  async list(
    accountId: string,
    filter: { status?: RefactorPlanStatus; project?: string } = {},
    limit = LIST_LIMIT,
  ): Promise<RefactorPlan[]> {
    const params: unknown[] = [accountId];
    const where = ['account_id = $1'];
    if (filter.status) where.push(`status = $${params.push(filter.status)}`);
    if (filter.project) where.push(`project = $${params.push(filter.project)}`);
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT ${COLUMNS} FROM learning_refactor_plans WHERE ${where.join(' AND ')}
       ORDER BY updated_at DESC, plan_id LIMIT ${limit}`,
      params,
    );
    return rows.map(toPlan);
  }

  async get(accountId: string, planId: string): Promise<RefactorPlan> {
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT ${COLUMNS} FROM learning_refactor_plans WHERE account_id = $1 AND plan_id = $2`,
      [accountId, planId],
    );
    if (!rows[0]) throw new NotFoundError(`refactor plan ${planId}`);
    return toPlan(rows[0]);
  }

  /**
   * The open plans that touch a file (a planned file ending with it, or it ending with one), in the
   * project asked about or recorded without one.
   */
  async openTouching(
    accountId: string,
    about: { file?: string; project?: string },
  ): Promise<RefactorPlan[]> {
    if (about.file === undefined) return [];
    const file = about.file;
    const open = await this.list(accountId, { status: 'open' }, OPEN_SCAN_LIMIT);
    return open.filter(
      (plan) =>
        (about.project === undefined || plan.project === null || plan.project === about.project) &&
        plan.files.some((planned) => pathEndsWith(planned, file) || pathEndsWith(file, planned)),
    );
  }

  async record(
    accountId: string,
    plan: Omit<PayloadOf<'RefactorPlanRecorded'>, 'planId'>,
  ): Promise<RefactorPlan> {
    const planId = `plan_${randomUUID()}`;
    await this.append(accountId, { type: 'RefactorPlanRecorded', payload: { planId, ...plan } });
    return this.get(accountId, planId);
  }

  async update(
    accountId: string,
    planId: string,
    patch: Omit<PayloadOf<'RefactorPlanUpdated'>, 'planId'>,
  ): Promise<RefactorPlan> {
    await this.get(accountId, planId);
    await this.append(accountId, { type: 'RefactorPlanUpdated', payload: { planId, ...patch } });
    return this.get(accountId, planId);
  }

  private async append(
    accountId: string,
    event:
      | { type: 'RefactorPlanRecorded'; payload: PayloadOf<'RefactorPlanRecorded'> }
      | { type: 'RefactorPlanUpdated'; payload: PayloadOf<'RefactorPlanUpdated'> },
  ): Promise<void> {
    const envelope = buildEvent({
      ...event,
      id: randomUUID(),
      accountId,
      occurredAt: new Date(),
      producer: 'recall',
    });
    // answered once the plan is readable
    await appendAndAwait(
      { log: this.log, dataSource: this.db },
      [envelope],
      learningProjection.name,
    );
  }
}
