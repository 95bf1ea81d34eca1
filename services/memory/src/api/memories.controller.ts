import { randomUUID } from 'node:crypto';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '@mnemo/contracts';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { findNearDuplicate } from '../domain/dedup';
import type { CandidateFact } from '../domain/memory-fact';
import { rememberFromMessage, type RememberRefusal } from '../domain/remember';
import { MemoryChangeFeed } from './memory-change-feed';
import {
  decideManualCreate,
  decideMemoryDelete,
  decideRestatement,
  decideMemoryEdit,
  rememberWrite,
  type MemoryChange,
} from '../domain/memory-decisions';
import {
  CreateMemoryBody,
  ListMemoriesQuery,
  PatchMemoryBody,
  RememberBody,
  SearchMemoriesQuery,
} from './memory-api.dto';
import { MemoryReadsService } from './memory-reads.service';
import { proposalView } from './proposals.controller';
import { MemoryWriterService } from './memory-writer.service';

export const DeleteMemoryQuery = z.object({
  version: z.coerce.number().int().positive().optional(),
});

/** What a refused remember means to the caller: the field to blame, or a conflict. */
const REFUSALS: Record<RememberRefusal, () => Error> = {
  other_account: () => new NotFoundError('message'),
  not_user_message: () =>
    new ValidationError('only the person’s own messages can be remembered', [
      { path: 'body.seq', reason: 'not a user message' },
    ]),
  not_current_turn: () =>
    new ValidationError('only the current message can be remembered', [
      { path: 'body.seq', reason: 'not the current turn' },
    ]),
  already_saved: () =>
    new ConflictError(
      'a memory was already saved from this message: one fact per answer; ask again after the person’s next message',
    ),
  empty_message: () =>
    new ValidationError('the message is empty', [{ path: 'body.seq', reason: 'empty message' }]),
  too_long: () =>
    new ValidationError('the message is too long to be one memory', [
      { path: 'body.seq', reason: 'message too long' },
    ]),
  not_in_message: () =>
    new ValidationError(
      'a fact is remembered only from what the person said in their current message',
      [{ path: 'body.fact', reason: 'not said in the current message' }],
    ),
};

function settle<T extends 'MemoryFactEdited' | 'MemoryFactDeleted'>(
  decision: MemoryChange<T>,
  id: string,
) {
  if (decision.ok) return decision.event;
  if (decision.reason === 'not_found') throw new NotFoundError(`memory "${id}"`);
  throw new ConflictError(
    `memory "${id}" changed meanwhile: it is at version ${decision.currentVersion}; reload it before saving`,
    {
      currentVersion: decision.currentVersion,
    },
  );
}

/** The Memory Explorer's backend, scoped to the caller's account. */
@Controller('v1/memories')
@UseGuards(ApiKeyGuard)
export class MemoriesController {
  constructor(
    @Inject(MemoryReadsService) private readonly reads: MemoryReadsService,
    @Inject(MemoryWriterService) private readonly writer: MemoryWriterService,
    @Inject(MemoryChangeFeed) private readonly feed: MemoryChangeFeed,
  ) {}

  @Get()
  async list(@AccountId() accountId: string, @Query() query: unknown) {
    const { category, page, pageSize } = parseInput(ListMemoriesQuery, query, 'query');
    return this.reads.list(accountId, category, page, pageSize);
  }

  @Get('search')
  async search(@AccountId() accountId: string, @Query() query: unknown) {
    const { q, category, limit } = parseInput(SearchMemoriesQuery, query, 'query');
    return this.reads.search(accountId, q, category, limit);
  }

  /** Server-sent events: one `change` per memory or proposal change of this account. */
  @Get('stream')
  async stream(
    @AccountId() accountId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // The stream writes the Node response itself: Fastify leaves this reply alone.
    reply.hijack();
    await this.feed.serve(accountId, request.raw, reply.raw);
  }

  @Get(':id')
  async get(@AccountId() accountId: string, @Param('id') id: string) {
    const memory = await this.reads.memory(accountId, id);
    if (!memory) throw new NotFoundError(`memory "${id}"`);
    return memory;
  }

  @Post()
  @HttpCode(201)
  async create(
    @AccountId() accountId: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: FastifyReply,
  ) {
    const input = parseInput(CreateMemoryBody, body, 'body');
    const event = decideManualCreate(randomUUID(), input);
    // remember_fact said twice, or the same memory added again in other words: the one already kept.
    const kept = await this.alreadyKept(accountId, event.payload);
    if (kept) {
      response.status(200);
      return this.get(accountId, kept);
    }
    await this.writer.append(accountId, [event]);
    return this.get(accountId, event.payload.factId);
  }

  /** The id of an active memory of this account that says the same as `fact`, from any session. */
  private async alreadyKept(
    accountId: string,
    fact: Pick<CandidateFact, 'factType' | 'content' | 'sourceSession'>,
    options: { anyType?: boolean } = {},
  ): Promise<string | null> {
    const active = await this.reads.activeFacts(accountId);
    return (
      findNearDuplicate(
        fact,
        active.map((f) => ({
          ...f,
          sourceSession: fact.sourceSession,
          ...(options.anyType ? { factType: fact.factType } : {}),
        })),
      )?.factId ?? null
    );
  }

  /**
   * The remember button and the coach's remember_fact: one of the caller's own messages (by its seq, or
   * the current one) becomes a memory, or a proposal when sensitive; one per answer.
   */
  @Post('remember')
  async remember(
    @AccountId() accountId: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: FastifyReply,
  ) {
    const { sessionId, seq, currentTurnSeq, fact, category } = parseInput(
      RememberBody,
      body,
      'body',
    );
    const turn = await this.reads.turn(accountId, sessionId, seq);
    if (!turn)
      throw seq === undefined
        ? new NotFoundError(`a message of the person in session "${sessionId}"`)
        : new NotFoundError(`message ${seq} of session "${sessionId}"`);
    const at = turn.seq;
    return this.writer.exclusively(`message:${accountId}:${sessionId}:${at}`, async () => {
      const result = rememberFromMessage({
        message: { role: turn.role, text: turn.text, accountId, seq: at },
        requesterAccountId: accountId,
        sessionId,
        currentTurnSeq,
        answerAlreadySaved: await this.reads.savedFromMessage(accountId, sessionId, at),
        ...(fact ? { stated: { content: fact, ...(category ? { category } : {}) } } : {}),
      });
      if (!result.ok) throw REFUSALS[result.reason]();
      // The same fact remembered again, from any session and under any type, is the memory already
      // kept: it takes the newer wording (one memory for one thing).
      const kept = result.sensitivity.sensitive
        ? null
        : await this.alreadyKept(accountId, result.fact, { anyType: true });
      if (kept) {
        const current = await this.get(accountId, kept);
        // remember_fact's newer wording replaces the older; the remember button keeps the first message.
        const restated =
          fact === undefined
            ? null
            : decideRestatement(
                { ...current, id: kept },
                { ...result.fact, typeNamed: category !== undefined },
              );
        if (restated) await this.writer.append(accountId, [restated], { sessionId });
        response.status(200);
        return { status: 'saved', memory: restated ? await this.get(accountId, kept) : current };
      }
      const write = rememberWrite(result, { factId: randomUUID(), proposalId: randomUUID() }, at);
      await this.writer.append(accountId, [write.event], { sessionId });
      if (write.kind === 'saved') {
        response.status(201);
        return { status: 'saved', memory: await this.get(accountId, write.event.payload.factId) };
      }
      response.status(202);
      return {
        status: 'proposed',
        proposal: proposalView(
          (await this.reads.proposal(accountId, write.event.payload.proposalId))!,
        ),
      };
    });
  }

  @Patch(':id')
  async edit(@AccountId() accountId: string, @Param('id') id: string, @Body() body: unknown) {
    const edit = parseInput(PatchMemoryBody, body, 'body');
    return this.writer.exclusively(`memory:${accountId}:${id}`, async () => {
      const event = settle(decideMemoryEdit(await this.reads.record(accountId, id), edit), id);
      if (event) await this.writer.append(accountId, [event]);
      return this.get(accountId, id);
    });
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(
    @AccountId() accountId: string,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<void> {
    const { version } = parseInput(DeleteMemoryQuery, query, 'query');
    await this.writer.exclusively(`memory:${accountId}:${id}`, async () => {
      const event = settle(decideMemoryDelete(await this.reads.record(accountId, id), version), id);
      if (event) await this.writer.append(accountId, [event]);
    });
  }
}
