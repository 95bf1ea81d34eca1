import { Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { ConflictError, NotFoundError } from '@mnemo/contracts';
import { AccountId, ApiKeyGuard } from '@mnemo/http-edge';
import { decideProposalAnswer, proposalsToOffer, type ProposalState } from '../domain/proposals';
import { MemoryReadsService } from './memory-reads.service';
import { MemoryWriterService } from './memory-writer.service';

export const proposalView = (p: ProposalState) => ({
  id: p.proposalId,
  factType: p.fact.factType,
  content: p.fact.content,
  confidence: p.fact.confidence,
  source: p.fact.source,
  origin: {
    session: p.fact.sourceSession,
    ...(p.fact.sourceSegment ? { segment: p.fact.sourceSegment } : {}),
    ...(p.fact.sourceArtifactId ? { artifactId: p.fact.sourceArtifactId } : {}),
    ...(p.fact.sourceMessageSeq !== undefined ? { messageSeq: p.fact.sourceMessageSeq } : {}),
  },
  reason: p.sensitiveReason,
  status: p.status,
  proposedAt: p.proposedAt,
  offeredAt: p.offeredAt ?? null,
  answeredAt: p.answeredAt ?? null,
});

/** Sensitive facts wait here for the person's answer; they are never listed as memories until confirmed. */
@Controller('v1/proposals')
@UseGuards(ApiKeyGuard)
export class ProposalsController {
  constructor(
    @Inject(MemoryReadsService) private readonly reads: MemoryReadsService,
    @Inject(MemoryWriterService) private readonly writer: MemoryWriterService,
  ) {}

  @Get()
  async pending(@AccountId() accountId: string) {
    return { proposals: (await this.reads.pendingProposals(accountId)).map(proposalView) };
  }

  /**
   * The proposals to put to the person at their next turn (each is offered once). Those
   * returned are recorded as offered, so the next call does not return them again; they stay pending
   * (and listed above) until answered or lapsed.
   */
  @Post('offer')
  @HttpCode(200)
  async offer(@AccountId() accountId: string) {
    return this.writer.exclusively(`proposals-offer:${accountId}`, async () => {
      const due = proposalsToOffer(await this.reads.pendingProposals(accountId));
      if (due.length)
        await this.writer.append(
          accountId,
          due.map((p) => ({ type: 'ProposalOffered', payload: { proposalId: p.proposalId } })),
        );
      const offered = new Set(due.map((p) => p.proposalId));
      return {
        proposals: (await this.reads.pendingProposals(accountId))
          .filter((p) => offered.has(p.proposalId))
          .map(proposalView),
      };
    });
  }

  /** Confirming saves the fact as it was proposed, never text the client sends (docs/memory-facts.md). */
  @Post(':id/confirm')
  @HttpCode(200)
  async confirm(@AccountId() accountId: string, @Param('id') id: string) {
    return this.answer(accountId, id, 'confirm');
  }

  @Post(':id/reject')
  @HttpCode(200)
  async reject(@AccountId() accountId: string, @Param('id') id: string) {
    return this.answer(accountId, id, 'reject');
  }

  private answer(accountId: string, id: string, answer: 'confirm' | 'reject') {
    return this.writer.exclusively(`proposal:${accountId}:${id}`, async () => {
      const decision = decideProposalAnswer(await this.reads.proposal(accountId, id), answer);
      if (!decision.ok) {
        if (decision.reason === 'not_found') throw new NotFoundError(`proposal "${id}"`);
        throw new ConflictError(`proposal "${id}" was already answered or has lapsed`);
      }
      await this.writer.append(accountId, decision.events);
      const proposal = proposalView((await this.reads.proposal(accountId, id))!);
      const created = decision.events.find((e) => e.type === 'MemoryFactCreated');
      const memory =
        created?.type === 'MemoryFactCreated'
          ? await this.reads.memory(accountId, created.payload.factId)
          : undefined;
      return { proposal, ...(memory ? { memory: { ...memory, status: undefined } } : {}) };
    });
  }
}
