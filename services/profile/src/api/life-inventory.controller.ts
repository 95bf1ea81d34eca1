import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError, ValidationError } from '@mnemo/contracts';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { categoryScores, type InventoryType } from '@mnemo/life-inventory';
import { lifeInventorySummary, trendLine } from '@mnemo/life-inventory';
import { DefineTypeBody, ListTakesQuery, RateBody, StartTakeBody } from './life-inventory.dto';
import { LifeInventoryReadsService } from './life-inventory-reads.service';
import { LifeInventoryWriterService } from './life-inventory-writer.service';

/**
 * The Life Inventory pane's backend (docs/profile.md): the catalog, takes (start, rate, complete)
 * and the summary.
 */
@Controller('v1/life-inventory')
@UseGuards(ApiKeyGuard)
export class LifeInventoryController {
  constructor(
    private readonly reads: LifeInventoryReadsService,
    private readonly writer: LifeInventoryWriterService,
  ) {}

  @Get('catalog')
  async catalog(@AccountId() accountId: string) {
    return { inventoryTypes: await this.reads.catalog(accountId) };
  }

  /** Adds an inventory type of the account's own, or extends a shipped one (an item or category with a known id replaces it). */
  @Post('types')
  @HttpCode(201)
  async define(@AccountId() accountId: string, @Body() body: unknown) {
    const definition = parseInput(DefineTypeBody, body, 'body');
    if (definition.scale.min >= definition.scale.max)
      throw new ValidationError('bad request body', [
        { path: 'body.scale', reason: 'min must be below max' },
      ]);
    await this.writer.write(accountId, 'InventoryTypeDefined', definition);
    return (await this.reads.catalog(accountId)).find(
      (t) => t.inventoryType === definition.inventoryType,
    );
  }

  @Get('takes')
  async takes(@AccountId() accountId: string, @Query() query: unknown) {
    const { inventoryType } = parseInput(ListTakesQuery, query, 'query');
    return { takes: await this.reads.takes(accountId, inventoryType) };
  }

  @Post('takes')
  @HttpCode(201)
  async start(@AccountId() accountId: string, @Body() body: unknown) {
    const { inventoryType } = parseInput(StartTakeBody, body, 'body');
    await this.typeOf(accountId, inventoryType, 'body.inventoryType');
    const takeId = randomUUID();
    await this.writer.withNoTakeInProgress(accountId, inventoryType, () =>
      this.writer.write(accountId, 'InventoryTakeStarted', { takeId, inventoryType }),
    );
    return this.reads.take(accountId, takeId);
  }

  @Post('takes/:takeId/ratings')
  @HttpCode(200)
  async rate(
    @AccountId() accountId: string,
    @Param('takeId') takeId: string,
    @Body() body: unknown,
  ) {
    const { ratings } = parseInput(RateBody, body, 'body');
    const take = await this.openTake(accountId, takeId);
    const type = await this.typeOf(accountId, take.inventoryType, 'take');
    const items = new Set(type.categories.flatMap((c) => c.items.map((i) => i.id)));
    ratings.forEach((r, i) => {
      if (!items.has(r.itemId))
        throw new ValidationError('bad request body', [
          {
            path: `body.ratings.${i}.itemId`,
            reason: `"${r.itemId}" is not an item of ${type.inventoryType}`,
          },
        ]);
      if (r.rating < type.scale.min || r.rating > type.scale.max) {
        throw new ValidationError('bad request body', [
          {
            path: `body.ratings.${i}.rating`,
            reason: `must be between ${type.scale.min} and ${type.scale.max}`,
          },
        ]);
      }
    });
    // one append for the whole request: all of its ratings or none, and one wait for the read model
    await this.writer.writeAll(
      accountId,
      'InventoryItemRated',
      ratings.map((r) => ({
        takeId,
        inventoryType: type.inventoryType,
        itemId: r.itemId,
        rating: r.rating,
      })),
    );
    return { takeId, ratings: await this.reads.ratings(accountId, takeId) };
  }

  @Post('takes/:takeId/complete')
  @HttpCode(200)
  async complete(@AccountId() accountId: string, @Param('takeId') takeId: string) {
    const take = await this.openTake(accountId, takeId);
    const type = await this.typeOf(accountId, take.inventoryType, 'take');
    const scores = categoryScores(type, await this.reads.ratings(accountId, takeId));
    if (!Object.keys(scores).length)
      throw new ConflictError(`take ${takeId} has no ratings yet; rate at least one item first`);
    await this.writer.write(accountId, 'InventoryTakeCompleted', {
      takeId,
      inventoryType: type.inventoryType,
      scores,
    });
    return this.reads.take(accountId, takeId);
  }

  /**
   * The summary a coaching session reads, at most 800 characters, with the trend line when it fits.
   */
  @Get('summary')
  async summary(@AccountId() accountId: string) {
    const takes = await this.reads.completedByType(accountId);
    const summary = lifeInventorySummary(takes);
    // the trend line on its own too, for the Results tab, whether or not it fit the summary
    return { summary, chars: summary.length, trend: trendLine(takes) };
  }

  private async openTake(accountId: string, takeId: string) {
    const take = await this.reads.take(accountId, takeId);
    if (!take) throw new NotFoundError(`take ${takeId}`);
    if (take.status !== 'in_progress')
      throw new ConflictError(`take ${takeId} is already completed`);
    return take;
  }

  private async typeOf(
    accountId: string,
    inventoryType: string,
    path: string,
  ): Promise<InventoryType> {
    const type = (await this.reads.catalog(accountId)).find(
      (t) => t.inventoryType === inventoryType,
    );
    if (!type)
      throw new ValidationError('bad request body', [
        { path, reason: `unknown inventory type "${inventoryType}"` },
      ]);
    return type;
  }
}
