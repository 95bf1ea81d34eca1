import type { z } from 'zod';
import type { MemoryFactCreated } from '@mnemo/contracts';
import type { ProposalState } from '@mnemo/memory-rules';
import { PROPOSAL_LAPSE_DAYS } from './extraction-plan';

// The lifecycle is shared with every reader of proposal events (the context's copy of the facts).
export {
  evolveProposal,
  type ProposalEvent,
  type ProposalState,
  type ProposalStatus,
} from '@mnemo/memory-rules';

/** Pending proposals not yet shown: each is offered once, at the person's next turn. */
export function proposalsToOffer(proposals: readonly ProposalState[]): ProposalState[] {
  return proposals.filter((p) => p.status === 'pending' && !p.offeredAt);
}

export type ProposalAnswer =
  | {
      ok: true;
      events: [
        { type: 'ProposalConfirmed'; payload: { proposalId: string } },
        { type: 'MemoryFactCreated'; payload: z.infer<typeof MemoryFactCreated> },
      ];
    }
  | { ok: true; events: [{ type: 'ProposalRejected'; payload: { proposalId: string } }] }
  | { ok: false; reason: 'not_found' | 'not_pending' };

/** The person's answer. Only a pending proposal can be answered; confirming saves the stored fact. */
export function decideProposalAnswer(
  state: ProposalState | undefined,
  answer: 'confirm' | 'reject',
): ProposalAnswer {
  if (!state) return { ok: false, reason: 'not_found' };
  if (state.status !== 'pending') return { ok: false, reason: 'not_pending' };
  const { proposalId } = state;
  if (answer === 'reject')
    return { ok: true, events: [{ type: 'ProposalRejected', payload: { proposalId } }] };
  return {
    ok: true,
    events: [
      { type: 'ProposalConfirmed', payload: { proposalId } },
      { type: 'MemoryFactCreated', payload: { ...state.fact } },
    ],
  };
}

/** Pending proposals unanswered for `days` since they were proposed (14 by default). */
export function lapseDue(
  proposals: readonly ProposalState[],
  now: Date,
  days = PROPOSAL_LAPSE_DAYS,
): { proposalId: string }[] {
  const cutoff = now.getTime() - days * 86_400_000;
  return proposals
    .filter((p) => p.status === 'pending' && Date.parse(p.proposedAt) <= cutoff)
    .map((p) => ({ proposalId: p.proposalId }));
}
