import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PayloadTooLargeError, ValidationError } from '@mnemo/contracts';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { categoryScores } from '@mnemo/life-inventory';
import {
  importedRatings,
  matchRows,
  parseInventoryTable,
  type ImportMatch,
} from '../domain/inventory-import';
import { PROFILE_CONFIG, type ProfileConfig } from '../profile.config';
import { ImportBody, type ImportInput } from './life-inventory.dto';
import { LifeInventoryReadsService } from './life-inventory-reads.service';
import { LifeInventoryWriterService } from './life-inventory-writer.service';

/** A preview shows this many rows. */
const PREVIEW_ROWS = 10;

/**
 * Import of an exported markdown inventory as a completed take (docs/profile.md): a preview that
 * writes nothing, then a commit of the same body as one event (one transaction), refused while a
 * take of the type is in progress.
 */
@Controller('v1/life-inventory/import')
@UseGuards(ApiKeyGuard)
export class LifeInventoryImportController {
  constructor(
    private readonly reads: LifeInventoryReadsService,
    private readonly writer: LifeInventoryWriterService,
    @Inject(PROFILE_CONFIG) private readonly config: ProfileConfig,
  ) {}

  @Post('preview')
  @HttpCode(200)
  async preview(@AccountId() accountId: string, @Body() body: unknown) {
    const match = await this.match(accountId, this.input(body));
    return view(match);
  }

  @Post('commit')
  @HttpCode(201)
  async commit(@AccountId() accountId: string, @Body() body: unknown) {
    const input = this.input(body);
    const match = await this.match(accountId, input);
    if (!match.inventoryType || match.matchedCount === 0) {
      throw new ValidationError('nothing to import', [
        { path: 'body.content', reason: 'no row matches an item of the catalog' },
      ]);
    }
    const inventoryType = match.inventoryType;
    const type = (await this.reads.catalog(accountId)).find(
      (t) => t.inventoryType === inventoryType,
    )!;
    const ratings = importedRatings(match);
    const takeId = randomUUID();
    await this.writer.withNoTakeInProgress(accountId, inventoryType, () =>
      this.writer.write(accountId, 'InventoryTakeCompleted', {
        takeId,
        inventoryType,
        scores: categoryScores(type, ratings),
        imported: true,
        ratings,
      }),
    );
    return { ...view(match), take: await this.reads.take(accountId, takeId) };
  }

  private input(body: unknown): ImportInput {
    const input = parseInput(ImportBody, body, 'body');
    const bytes = Buffer.byteLength(input.content, 'utf8');
    if (bytes > this.config.importMaxBytes)
      throw new PayloadTooLargeError(
        `body.content is ${bytes} bytes; an import holds at most ${this.config.importMaxBytes}`,
      );
    return input;
  }

  private async match(accountId: string, input: ImportInput): Promise<ImportMatch> {
    const parsed = parseInventoryTable(input.content);
    if (!parsed.ok) {
      const where = parsed.line ? `row at line ${parsed.line}` : 'content';
      throw new ValidationError(`cannot import: ${where} ${parsed.reason}`, [
        { path: 'body.content', reason: `${where}: ${parsed.reason}` },
      ]);
    }
    const catalog = await this.reads.catalog(accountId);
    if (input.inventoryType && !catalog.some((t) => t.inventoryType === input.inventoryType)) {
      throw new ValidationError('bad request body', [
        { path: 'body.inventoryType', reason: `unknown inventory type "${input.inventoryType}"` },
      ]);
    }
    const match = matchRows(catalog, parsed.rows, input.inventoryType);
    if (match.outOfScale) {
      const row = match.outOfScale;
      throw new ValidationError(
        `cannot import: row at line ${row.line} rates "${row.item}" ${row.rating}, outside the scale`,
        [
          {
            path: 'body.content',
            reason: `row at line ${row.line}: rating ${row.rating} is outside the inventory's scale`,
          },
        ],
      );
    }
    return match;
  }
}

const view = (match: ImportMatch) => ({
  inventoryType: match.inventoryType,
  matchedCount: match.matchedCount,
  unmatchedCount: match.unmatchedCount,
  rows: match.rows.slice(0, PREVIEW_ROWS).map((r) => ({
    line: r.line,
    category: r.category,
    item: r.item,
    rating: r.rating,
    matched: r.itemId !== null,
    itemId: r.itemId,
  })),
});
