import { MemoryFactCreated } from '@mnemo/contracts';
import {
  decideProposalAnswer,
  evolveProposal,
  lapseDue,
  proposalsToOffer,
  type ProposalEvent,
  type ProposalState,
} from './proposals';

const proposed: ProposalEvent = {
  type: 'MemoryFactProposed',
  occurredAt: '2026-04-01T10:00:00.000Z',
  payload: {
    proposalId: 'p1',
    factId: 'p1',
    factType: 'event',
    content: 'Takes metformin twice a day.',
    confidence: 'high',
    source: 'extraction',
    sourceSession: 's1',
    sensitiveReason: 'names a medication ("metformin")',
  },
};
const ev = (
  type: Exclude<ProposalEvent['type'], 'MemoryFactProposed'>,
  occurredAt = '2026-04-02T10:00:00.000Z',
): ProposalEvent => ({
  type,
  occurredAt,
  payload: { proposalId: 'p1' },
});
const fold = (events: ProposalEvent[]) =>
  events.reduce<ProposalState | undefined>(evolveProposal, undefined);

describe('evolveProposal', () => {
  it('starts pending with the stored fact', () => {
    expect(fold([proposed])).toMatchObject({
      proposalId: 'p1',
      status: 'pending',
      proposedAt: '2026-04-01T10:00:00.000Z',
      fact: { content: 'Takes metformin twice a day.' },
    });
  });

  it('is offered once: a second offer keeps the first time', () => {
    const state = fold([
      proposed,
      ev('ProposalOffered', '2026-04-01T11:00:00.000Z'),
      ev('ProposalOffered', '2026-04-03T11:00:00.000Z'),
    ]);
    expect(state?.offeredAt).toBe('2026-04-01T11:00:00.000Z');
  });

  it.each([
    ['ProposalConfirmed', 'confirmed'],
    ['ProposalRejected', 'rejected'],
    ['ProposalLapsed', 'lapsed'],
  ] as const)('%s settles it as %s', (type, status) => {
    expect(fold([proposed, ev(type)])?.status).toBe(status);
  });

  it('lets only the first answer count', () => {
    expect(fold([proposed, ev('ProposalRejected'), ev('ProposalConfirmed')])?.status).toBe(
      'rejected',
    );
    expect(fold([proposed, ev('ProposalLapsed'), ev('ProposalConfirmed')])?.status).toBe('lapsed');
  });

  it('ignores a redelivered proposal and answers to an unknown proposal', () => {
    const state = fold([proposed, ev('ProposalRejected'), proposed]);
    expect(state?.status).toBe('rejected');
    expect(fold([ev('ProposalConfirmed')])).toBeUndefined();
  });
});

describe('decideProposalAnswer', () => {
  it('confirming saves the fact as stored with the proposal', () => {
    const answer = decideProposalAnswer(fold([proposed]), 'confirm');
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.events[0]).toEqual({ type: 'ProposalConfirmed', payload: { proposalId: 'p1' } });
    const created = answer.events[1];
    expect(created?.type).toBe('MemoryFactCreated');
    expect(MemoryFactCreated.parse(created?.payload)).toMatchObject({
      factId: 'p1',
      content: 'Takes metformin twice a day.',
    });
  });

  it('rejecting saves nothing', () => {
    expect(decideProposalAnswer(fold([proposed]), 'reject')).toEqual({
      ok: true,
      events: [{ type: 'ProposalRejected', payload: { proposalId: 'p1' } }],
    });
  });

  it('refuses an answer to a proposal that is not pending, or unknown', () => {
    expect(decideProposalAnswer(fold([proposed, ev('ProposalLapsed')]), 'confirm')).toEqual({
      ok: false,
      reason: 'not_pending',
    });
    expect(decideProposalAnswer(undefined, 'reject')).toEqual({ ok: false, reason: 'not_found' });
  });
});

describe('proposalsToOffer and lapseDue', () => {
  const pending = fold([proposed])!;
  const offered = fold([proposed, ev('ProposalOffered')])!;
  const rejected = fold([proposed, ev('ProposalRejected')])!;

  it('offers only pending proposals never shown', () => {
    expect(
      proposalsToOffer([
        pending,
        { ...offered, proposalId: 'p2' },
        { ...rejected, proposalId: 'p3' },
      ]).map((p) => p.proposalId),
    ).toEqual(['p1']);
  });

  it('lapses pending proposals 14 days after they were proposed, not before', () => {
    expect(lapseDue([pending], new Date('2026-04-15T09:59:59.999Z'))).toEqual([]);
    expect(lapseDue([pending], new Date('2026-04-15T10:00:00.000Z'))).toEqual([
      { proposalId: 'p1' },
    ]);
  });

  it('never lapses an answered proposal, and honours a custom window', () => {
    expect(lapseDue([rejected], new Date('2027-01-01T00:00:00Z'))).toEqual([]);
    expect(lapseDue([pending], new Date('2026-04-08T10:00:00.000Z'), 7)).toEqual([
      { proposalId: 'p1' },
    ]);
  });
});
