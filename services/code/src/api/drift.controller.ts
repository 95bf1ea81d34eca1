import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DriftQuery, type DriftAnswer } from '@mnemo/contracts';
import { driftReport } from '@mnemo/code-symbols';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { DATA_SOURCE } from '@mnemo/persistence';
import { readFileHistory } from '../projections/code-snapshots.read';

/** `since` as a time: a bare date is that day's start (UTC). */
const sinceOf = (since: string) => new Date(since.length === 10 ? `${since}T00:00:00Z` : since);

/**
 * drift_since (docs/code-symbols.md): what changed in a file's structure since a time, from the
 * snapshots developers' machines recorded; honest when none predates it.
 */
@Controller('v1/drift')
@UseGuards(ApiKeyGuard)
export class DriftController {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  @Get()
  async drift(@AccountId() accountId: string, @Query() query: unknown): Promise<DriftAnswer> {
    return driftAnswer(this.db, accountId, parseInput(DriftQuery, query, 'query'));
  }
}

/** The answer of `GET /v1/drift`. */
export async function driftAnswer(
  db: DataSource,
  accountId: string,
  query: DriftQuery,
): Promise<DriftAnswer> {
  const history = await readFileHistory(
    db,
    { accountId, path: query.path, ...(query.project ? { project: query.project } : {}) },
    sinceOf(query.since),
  );
  const report = driftReport({
    path: history?.path ?? query.path,
    since: query.since,
    baseline: history?.baseline ?? null,
    current: history?.current ?? null,
    ...(history?.firstAt ? { firstAt: history.firstAt } : {}),
  });
  const baseline = query.baselineSymbols === 'true' ? history?.baseline : null;
  return {
    ...report,
    project: history?.project ?? query.project ?? null,
    ...(baseline ? { baselineSymbols: [...baseline.symbols] } : {}),
  };
}
