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
import { skillName } from '@mnemo/contracts';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { SkillsService } from './skills.service';

export const SkillCandidatesQuery = z.object({
  status: z.enum(['proposed', 'accepted', 'dismissed']).optional(),
  project: z.string().min(1).max(2000).optional(),
});

export const SkillCandidateEditBody = z
  .object({
    name: skillName.optional(),
    description: z.string().trim().min(1).max(1024).optional(),
    steps: z.array(z.string().trim().min(1).max(500)).max(30).optional(),
  })
  .strict()
  .refine((b) => b.name !== undefined || b.description !== undefined || b.steps !== undefined, {
    message: 'give a name, a description or steps',
    path: ['name'],
  });

/** Skill candidates (docs/learning.md): list, accept, edit, dismiss, discover now, export the accepted. */
@Controller('v1/skills')
@UseGuards(ApiKeyGuard)
export class SkillsController {
  constructor(private readonly skills: SkillsService) {}

  @Get('candidates')
  async list(@AccountId() accountId: string, @Query() query: unknown) {
    const filter = parseInput(SkillCandidatesQuery, query, 'query');
    return { candidates: await this.skills.list(accountId, filter) };
  }

  @Get('candidates/:id')
  get(@AccountId() accountId: string, @Param('id') id: string) {
    return this.skills.get(accountId, id);
  }

  @Post('candidates/:id/accept')
  @HttpCode(200)
  accept(@AccountId() accountId: string, @Param('id') id: string) {
    return this.skills.decide(accountId, id, 'accept');
  }

  @Post('candidates/:id/dismiss')
  @HttpCode(200)
  dismiss(@AccountId() accountId: string, @Param('id') id: string) {
    return this.skills.decide(accountId, id, 'dismiss');
  }

  @Patch('candidates/:id')
  edit(@AccountId() accountId: string, @Param('id') id: string, @Body() body: unknown) {
    return this.skills.edit(accountId, id, parseInput(SkillCandidateEditBody, body, 'body'));
  }

  /** Runs discovery now (it also runs after every transcript ingest run that brought new events). */
  @Post('discover')
  @HttpCode(200)
  discover(@AccountId() accountId: string) {
    return this.skills.discover(accountId);
  }

  /** The accepted candidates as SKILL.md files (`mnemo skills export DIR` writes them). */
  @Get('export')
  async export(@AccountId() accountId: string) {
    return { skills: await this.skills.exportAccepted(accountId) };
  }
}
