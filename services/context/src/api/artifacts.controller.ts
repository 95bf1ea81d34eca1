import { Controller, Get, Inject, Param, Query, UseGuards } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { NotFoundError } from '@mnemo/contracts';
import { DATA_SOURCE } from '@mnemo/persistence';
import { AccountId, ApiKeyGuard, decodeCursor, encodeCursor, parseInput } from '@mnemo/http-edge';
import { ARTIFACT_LEVELS, artifactText } from '../projections/artifact-costs';

export const ListArtifactsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  cursor: z.string().max(500).optional(),
});
export const ReadArtifactQuery = z.object({ level: z.enum(ARTIFACT_LEVELS).default('summary') });

const iso = (value: unknown): string => new Date(value as string).toISOString();
const tokensOf = (row: Record<string, any>) => ({
  gist: row.gist_tokens,
  summary: row.summary_tokens,
  full: row.full_tokens,
});

/**
 * The pull side of the CLAUDE.md artifact index: the index lists every artifact with its gist and
 * its token cost at each level and names these routes, so an agent (or the person) can read one at
 * the level it can afford, and list them all when the index ran out of room.
 */
@Controller('v1/artifacts')
@UseGuards(ApiKeyGuard)
export class ArtifactsController {
  constructor(@Inject(DATA_SOURCE) private readonly db: DataSource) {}

  /** Every artifact of the caller, in index order (oldest first), without its content. */
  @Get()
  async list(@AccountId() accountId: string, @Query() query: unknown) {
    const { limit, cursor } = parseInput(ListArtifactsQuery, query, 'query');
    const after = cursor ? decodeCursor(cursor, 2) : null;
    const rows: Record<string, any>[] = await this.db.query(
      `SELECT id, title, gist, kind, pinned, gist_tokens, summary_tokens, full_tokens, created_at, created_at::text AS created_key, updated_at
       FROM artifacts WHERE account_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::text))
       ORDER BY created_at, id LIMIT $4`,
      [accountId, after?.[0] ?? null, after?.[1] ?? null, limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      artifacts: page.map((row) => ({
        id: row.id,
        title: row.title,
        gist: row.gist,
        kind: row.kind ?? null,
        pinned: row.pinned,
        tokens: tokensOf(row),
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
      })),
      // the cursor keeps Postgres's own text of created_at: a millisecond ISO string could cut microseconds
      nextCursor: rows.length > limit && last ? encodeCursor(last.created_key, last.id) : null,
    };
  }

  /** One artifact at a level: `gist`, `summary` (its opening, the default) or `full`. */
  @Get(':id')
  async read(@AccountId() accountId: string, @Param('id') id: string, @Query() query: unknown) {
    const { level } = parseInput(ReadArtifactQuery, query, 'query');
    const rows: Record<string, any>[] = await this.db.query(
      'SELECT id, title, content, gist, gist_tokens, summary_tokens, full_tokens FROM artifacts WHERE account_id = $1 AND id = $2',
      [accountId, id],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError(`artifact "${id}"`);
    const { text, truncated } = artifactText(row.content, row.gist, level);
    return { id: row.id, title: row.title, level, text, truncated, tokens: tokensOf(row) };
  }
}
