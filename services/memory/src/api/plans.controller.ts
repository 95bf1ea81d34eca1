import { Body, Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { ConflictError, NotFoundError } from '@mnemo/contracts';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import {
  decidePlanActivation,
  decidePlanProposal,
  MAX_ACTIVE_PLANS,
  planRefusal,
  progressLine,
  reviewDueAt,
  type PlanCheckIn,
  type PlanState,
} from '../domain/plans';
import type { DayValue } from '@mnemo/memory-rules';
import { CheckInBody, ClosePlanBody, ProposePlanBody } from './memory-api.dto';
import { MemoryReadsService } from './memory-reads.service';
import { MemoryWriterService } from './memory-writer.service';

function planView(plan: PlanState, checkIns: PlanCheckIn[], series: DayValue[] = []) {
  const review = reviewDueAt(plan);
  return {
    id: plan.planId,
    title: plan.title,
    steps: plan.steps,
    reviewDays: plan.reviewDays,
    status: plan.status,
    proposedAt: plan.proposedAt,
    activatedAt: plan.activatedAt ?? null,
    reviewDueAt: review ? review.toISOString() : null,
    closedReason: plan.closedReason ?? null,
    measure: plan.measure ?? null,
    checkIns,
    progress: plan.status === 'active' ? progressLine(plan, checkIns, series) : null,
  };
}

/** Plans the coach proposed: activated by the person, three open at most, checked in on. */
@Controller('v1')
@UseGuards(ApiKeyGuard)
export class PlansController {
  constructor(
    @Inject(MemoryReadsService) private readonly reads: MemoryReadsService,
    @Inject(MemoryWriterService) private readonly writer: MemoryWriterService,
  ) {}

  @Get('plans')
  async list(@AccountId() accountId: string) {
    const plans = await this.reads.plans(accountId);
    const checkIns = await this.reads.checkIns(
      accountId,
      plans.map((p) => p.planId),
    );
    const series = await this.reads.seriesOf(accountId, plans);
    return {
      plans: plans.map((p) =>
        planView(p, checkIns.get(p.planId) ?? [], series.get(p.planId) ?? []),
      ),
    };
  }

  /**
   * propose_plan: a plan proposed in answer to the person's current message; one per answer, and none
   * while three plans are open. The person's tap activates it.
   */
  @Post('plans')
  @HttpCode(201)
  async propose(@AccountId() accountId: string, @Body() body: unknown) {
    const { sessionId, title, steps, reviewDays, measure } = parseInput(
      ProposePlanBody,
      body,
      'body',
    );
    const message = await this.reads.turn(accountId, sessionId, undefined);
    if (!message) throw new NotFoundError(`a message of the person in session "${sessionId}"`);
    return this.writer.exclusively(`plans:${accountId}`, async () => {
      // a plan a producer sent as an event in this answer counts too, whatever its id
      const slots = await this.reads.planSlots(accountId);
      if (slots.some((s) => s.sessionId === sessionId && s.answerSeq === message.seq))
        throw new ConflictError(planRefusal('already_proposed_in_answer'), {
          open: slots.filter((s) => s.status !== 'closed').length,
        });
      const decision = decidePlanProposal(await this.reads.plans(accountId), {
        sessionId,
        answerSeq: message.seq,
        title,
        ...(steps ? { steps } : {}),
        ...(reviewDays ? { reviewDays } : {}),
        ...(measure ? { measure } : {}),
      });
      if (!decision.ok)
        throw new ConflictError(planRefusal(decision.reason), { open: decision.open });
      await this.writer.append(accountId, [decision.event], { sessionId });
      return this.one(accountId, decision.event.payload.planId);
    });
  }

  /** The person's tap: the review window counts from now. The lock is per account: the cap spans plans. */
  @Post('plans/:id/activate')
  @HttpCode(200)
  async activate(@AccountId() accountId: string, @Param('id') id: string) {
    return this.writer.exclusively(`plans:${accountId}`, async () => {
      const plans = await this.reads.plans(accountId);
      const plan = plans.find((p) => p.planId === id);
      if (!plan) throw new NotFoundError(`plan "${id}"`);
      const decision = decidePlanActivation(plan, plans, this.writer.now());
      if (!decision.ok) {
        throw new ConflictError(
          decision.reason === 'too_many_open'
            ? `${MAX_ACTIVE_PLANS} plans are already open; close one before activating another`
            : `plan "${id}" is ${plan.status}, not waiting to be activated`,
        );
      }
      await this.writer.append(accountId, [decision.event]);
      return this.one(accountId, id);
    });
  }

  @Post('plans/:id/checkins')
  @HttpCode(201)
  async checkIn(@AccountId() accountId: string, @Param('id') id: string, @Body() body: unknown) {
    const { progress } = parseInput(CheckInBody, body, 'body');
    const plan = (await this.reads.plans(accountId)).find((p) => p.planId === id);
    if (!plan) throw new NotFoundError(`plan "${id}"`);
    if (plan.status !== 'active')
      throw new ConflictError(
        `plan "${id}" is ${plan.status}; only an active plan takes check-ins`,
      );
    await this.writer.append(accountId, [
      { type: 'PlanCheckedIn', payload: { planId: id, progress } },
    ]);
    return this.one(accountId, id);
  }

  @Post('plans/:id/close')
  @HttpCode(200)
  async close(@AccountId() accountId: string, @Param('id') id: string, @Body() body: unknown) {
    const { reason } = parseInput(ClosePlanBody, body, 'body');
    return this.writer.exclusively(`plans:${accountId}`, async () => {
      const plan = (await this.reads.plans(accountId)).find((p) => p.planId === id);
      if (!plan) throw new NotFoundError(`plan "${id}"`);
      if (plan.status === 'closed') throw new ConflictError(`plan "${id}" is already closed`);
      await this.writer.append(accountId, [
        { type: 'PlanClosed', payload: { planId: id, reason } },
      ]);
      return this.one(accountId, id);
    });
  }

  /** Reminders the person asked for, kept as set. */
  @Get('reminders')
  async reminders(@AccountId() accountId: string) {
    return { reminders: await this.reads.reminders(accountId) };
  }

  private async one(accountId: string, id: string) {
    const plan = (await this.reads.plans(accountId)).find((p) => p.planId === id)!;
    const checkIns = await this.reads.checkIns(accountId, [id]);
    const series = await this.reads.seriesOf(accountId, [plan]);
    return planView(plan, checkIns.get(id) ?? [], series.get(id) ?? []);
  }
}
