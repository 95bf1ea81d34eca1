import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { z } from 'zod';
import { refactorPlanStatus } from '@mnemo/contracts';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { RefactorPlansService } from './refactor-plans.service';

const step = z.string().trim().min(1).max(500);
const file = z.string().trim().min(1).max(1000);

export const RefactorPlansQuery = z
  .object({
    status: refactorPlanStatus.optional(),
    project: z.string().min(1).max(2000).optional(),
  })
  .strict();

export const RefactorPlanBody = z
  .object({
    goal: z.string().trim().min(1).max(2000),
    steps: z.array(step).min(1).max(50),
    files: z.array(file).max(200).default([]),
    project: z.string().trim().min(1).max(2000).optional(),
    sessionId: z.string().trim().min(1).max(128).optional(),
  })
  .strict();

export const RefactorPlanPatchBody = z
  .object({
    status: refactorPlanStatus.optional(),
    steps: z.array(step).min(1).max(50).optional(),
    files: z.array(file).max(200).optional(),
  })
  .strict()
  .refine((b) => b.status !== undefined || b.steps !== undefined || b.files !== undefined, {
    message: 'give a status, steps or files',
    path: ['status'],
  });

/** Refactor plans (docs/learning.md): record, list, read, change status or steps. */
@Controller('v1/refactor-plans')
@UseGuards(ApiKeyGuard)
export class RefactorPlansController {
  constructor(private readonly plans: RefactorPlansService) {}

  @Post()
  @HttpCode(201)
  record(@AccountId() accountId: string, @Body() body: unknown) {
    const { sessionId, ...plan } = parseInput(RefactorPlanBody, body, 'body');
    return this.plans.record(accountId, {
      ...plan,
      ...(sessionId !== undefined ? { recordedInSession: sessionId } : {}),
    });
  }

  @Get()
  async list(@AccountId() accountId: string, @Query() query: unknown) {
    return {
      plans: await this.plans.list(accountId, parseInput(RefactorPlansQuery, query, 'query')),
    };
  }

  @Get(':id')
  get(@AccountId() accountId: string, @Param('id') id: string) {
    return this.plans.get(accountId, id);
  }

  @Patch(':id')
  update(@AccountId() accountId: string, @Param('id') id: string, @Body() body: unknown) {
    return this.plans.update(accountId, id, parseInput(RefactorPlanPatchBody, body, 'body'));
  }
}
