import {
  Controller,
  Get,
  HttpCode,
  Inject,
  Module,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ConflictError, ValidationError } from '@mnemo/contracts';
import { EVENT_LOG, replayDeadLetter, type EventLog } from '@mnemo/eventing';
import { parseInput } from '@mnemo/http-edge';
import { checksumProjection, DATA_SOURCE, type Projection } from '@mnemo/persistence';
import { replayProjections, type ReplayLine } from '../replay-projections';
import { allProjections, findProjections } from '../service-registry';
import { OperatorGuard } from './operator.guard';

export const ReplayQuery = z.object({ projection: z.string().min(1) });
export const LettersQuery = z.object({ service: z.string().min(1).optional() });
const LetterId = z.coerce.number().int().min(1);

/** How long a dead letter's re-drive waits for its consumer: the handler runs in full (a model call, say). */
const REDRIVE_TIMEOUT_MS = 120_000;

/**
 * What the `mnemo` CLI asks the process that owns the data folder, instead of opening the embedded log
 * and PGlite a second time: replay (progress streamed as JSON lines), checksums, dead letters.
 */
@Controller('v1/admin')
@UseGuards(OperatorGuard)
export class DataFolderController {
  private replaying = false;

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  @Post('replay')
  async replay(@Query() query: unknown, @Res() reply: FastifyReply): Promise<void> {
    const { projection } = parseInput(ReplayQuery, query, 'query');
    const projections = chosen(projection);
    if (this.replaying) throw new ConflictError('a replay is running already; wait for it');
    this.replaying = true;
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const write = (line: ReplayLine) => reply.raw.write(`${JSON.stringify(line)}\n`);
    try {
      await replayProjections(this.dataSource, this.log, projections, write);
      write({ type: 'done' });
    } catch (error) {
      write({ type: 'failed', message: (error as Error).message });
    } finally {
      this.replaying = false;
      reply.raw.end();
    }
  }

  @Get('checksums')
  async checksums() {
    const sums: Record<string, Record<string, string>> = {};
    for (const projection of allProjections())
      sums[projection.name] = await checksumProjection(this.dataSource, projection);
    return sums;
  }

  @Get('dead-letters/letters')
  async letters(@Query() query: unknown) {
    const { service } = parseInput(LettersQuery, query, 'query');
    return { letters: await this.log.listDeadLetters(service) };
  }

  @Post('dead-letters/:id/replay')
  @HttpCode(200)
  async redrive(@Param('id') id: string) {
    const parsed = LetterId.safeParse(id);
    if (!parsed.success)
      throw new ValidationError(`"${id}" is not a letter id`, [
        { path: 'id', reason: 'a number, as dlq list shows' },
      ]);
    const letterId = parsed.data;
    return replayDeadLetter(this.log, letterId, { timeoutMs: REDRIVE_TIMEOUT_MS });
  }
}

function chosen(name: string): Projection[] {
  try {
    return findProjections(name);
  } catch (error) {
    throw new ValidationError((error as Error).message, [
      { path: 'projection', reason: (error as Error).message },
    ]);
  }
}

@Module({ controllers: [DataFolderController], providers: [OperatorGuard] })
export class DataFolderModule {}
