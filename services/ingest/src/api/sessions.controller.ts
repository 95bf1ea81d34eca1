import { Controller, Get, Inject, Param, Query, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { NotFoundError, sequenceNumber } from '@mnemo/contracts';
import { DATA_SOURCE } from '@mnemo/persistence';
import { AccountId, ApiKeyGuard, decodeCursor, encodeCursor, parseInput } from '@mnemo/http-edge';

export const ListSessionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
  /** Only this project's sessions: stamped with it, or stamped with none and run at or under it. */
  project: z.string().min(1).max(2000).optional(),
});
export const ListTurnsQuery = z.object({
  // A turn's seq is a sequenceNumber (an int4 column): past its maximum there is nothing to page to.
  afterSeq: z.coerce.number().int().min(-1).max(sequenceNumber.maxValue!).default(-1),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

@Controller('v1/sessions')
@UseGuards(ApiKeyGuard)
export class SessionsController {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  /** The caller's sessions, newest first, paginated by an opaque cursor. */
  @Get()
  async list(@AccountId() accountId: string, @Query() query: unknown) {
    const { limit, cursor, project } = parseInput(ListSessionsQuery, query, 'query');
    const after = cursor ? decodeCursor(cursor, 2) : null;
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT s.id, s.source, s.title, s.cwd, s.git_branch, s.developer, s.project, s.started_at, s.ended_at,
              (SELECT count(*)::int FROM turns t WHERE t.account_id = s.account_id AND t.session_id = s.id) AS turn_count
       FROM sessions s
       WHERE s.account_id = $1 AND s.started_at IS NOT NULL
         AND ($2::timestamptz IS NULL OR (s.started_at, s.id) < ($2::timestamptz, $3::text))
         AND ($5::text IS NULL OR s.project = $5 OR (s.project IS NULL AND (s.cwd = $5 OR starts_with(s.cwd, $5 || '/'))))
       ORDER BY s.started_at DESC, s.id DESC
       LIMIT $4`,
      [accountId, after?.[0] ?? null, after?.[1] ?? null, limit + 1, project ?? null],
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      sessions: page.map((row) => ({
        id: row.id,
        source: row.source,
        title: row.title,
        cwd: row.cwd,
        gitBranch: row.git_branch,
        developer: row.developer,
        project: row.project,
        startedAt: new Date(row.started_at).toISOString(),
        endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
        turnCount: row.turn_count,
      })),
      nextCursor:
        rows.length > limit && last
          ? encodeCursor(new Date(last.started_at).toISOString(), last.id)
          : null,
    };
  }

  @Get(':id/turns')
  async turns(
    @AccountId() accountId: string,
    @Param('id') sessionId: string,
    @Query() query: unknown,
  ) {
    const { afterSeq, limit } = parseInput(ListTurnsQuery, query, 'query');
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT seq, role, text, tool_calls, is_sidechain, occurred_at FROM turns
       WHERE account_id = $1 AND session_id = $2 AND seq > $3 ORDER BY seq LIMIT $4`,
      [accountId, sessionId, afterSeq, limit + 1],
    );
    if (rows.length === 0 && afterSeq < 0) {
      const known = await this.db.query(
        'SELECT 1 FROM sessions WHERE account_id = $1 AND id = $2',
        [accountId, sessionId],
      );
      if (known.length === 0) throw new NotFoundError(`session "${sessionId}"`);
    }
    const page = rows.slice(0, limit);
    return {
      turns: page.map((row) => ({
        seq: row.seq,
        role: row.role,
        text: row.text,
        occurredAt: new Date(row.occurred_at).toISOString(),
        ...(row.tool_calls ? { toolCalls: row.tool_calls } : {}),
        ...(row.is_sidechain ? { isSidechain: true } : {}),
      })),
      nextAfterSeq: rows.length > limit ? (page.at(-1)?.seq ?? null) : null,
    };
  }
}
