import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { subjectToken, ValidationError } from '@mnemo/contracts';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { citation } from '../domain/visited-ledger';
import { VisitedBody, VisitedQuery } from './recall.dto';
import { VisitedLedgerService } from './visited-ledger.service';

function sessionParam(id: string): string {
  if (!subjectToken.safeParse(id).success)
    throw new ValidationError('bad session id', [
      { path: 'params.id', reason: 'not a session id' },
    ]);
  return id;
}

/**
 * mark_visited / recall_visited (docs/coding-memory.md): what this conversation already confirmed,
 * cited instead of re-pasted.
 */
@Controller('v1/sessions/:id/visited')
@UseGuards(ApiKeyGuard)
export class VisitedController {
  constructor(private readonly ledger: VisitedLedgerService) {}

  @Post()
  @HttpCode(200)
  async mark(@AccountId() accountId: string, @Param('id') id: string, @Body() body: unknown) {
    const sessionId = sessionParam(id);
    const node = await this.ledger.mark(
      accountId,
      sessionId,
      parseInput(VisitedBody, body, 'body'),
      new Date(),
    );
    return { node, cite: citation(node) };
  }

  @Get()
  async recall(@AccountId() accountId: string, @Param('id') id: string, @Query() query: unknown) {
    const sessionId = sessionParam(id);
    const visited = await this.ledger.recall(
      accountId,
      sessionId,
      parseInput(VisitedQuery, query, 'query').filter,
    );
    return { visited: visited.map((node) => ({ ...node, cite: citation(node) })) };
  }
}
