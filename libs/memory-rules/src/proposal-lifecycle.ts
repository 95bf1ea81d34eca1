import type { EventOf, PayloadOf, ProposalEventType } from '@mnemo/contracts';

export type ProposalStatus = 'pending' | 'confirmed' | 'rejected' | 'lapsed';
type ProposedPayload = PayloadOf<'MemoryFactProposed'>;

export interface ProposalState {
  proposalId: string;
  /** The fact exactly as proposed: a confirmation saves this, never text the client sends back (docs/memory-facts.md). */
  fact: Omit<ProposedPayload, 'proposalId' | 'sensitiveReason'>;
  sensitiveReason: string;
  status: ProposalStatus;
  proposedAt: string;
  offeredAt?: string;
  answeredAt?: string;
}

/** What the fold reads of a proposal event: its type, its payload as the contract gives it, its time. */
export type ProposalEvent = {
  [K in ProposalEventType]: Pick<EventOf<K>, 'type' | 'payload' | 'occurredAt'>;
}[ProposalEventType];

/**
 * Fold one event into a proposal. Events already happened, so this never throws: one that does not
 * apply (an answer to a settled proposal, a second offer, a redelivery) leaves the state as it was.
 */
export function evolveProposal(
  state: ProposalState | undefined,
  event: ProposalEvent,
): ProposalState | undefined {
  switch (event.type) {
    case 'MemoryFactProposed': {
      if (state) return state;
      const { proposalId, sensitiveReason, ...fact } = event.payload;
      return { proposalId, fact, sensitiveReason, status: 'pending', proposedAt: event.occurredAt };
    }
    case 'ProposalOffered':
      if (!state || state.status !== 'pending' || state.offeredAt) return state;
      return { ...state, offeredAt: event.occurredAt };
    case 'ProposalConfirmed':
      return settleAs(state, 'confirmed', event.occurredAt);
    case 'ProposalRejected':
      return settleAs(state, 'rejected', event.occurredAt);
    case 'ProposalLapsed':
      return settleAs(state, 'lapsed', event.occurredAt);
    default: {
      const _never: never = event;
      return _never;
    }
  }
}

function settleAs(
  state: ProposalState | undefined,
  status: ProposalStatus,
  at: string,
): ProposalState | undefined {
  if (!state || state.status !== 'pending') return state;
  return { ...state, status, answeredAt: at };
}
