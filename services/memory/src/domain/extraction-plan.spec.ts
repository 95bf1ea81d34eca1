import { planExtractionWrites } from './extraction-plan';
import type { CandidateFact, ExistingFact } from './memory-fact';

const NOW = new Date('2026-04-01T12:00:00Z');
const ids = ['id-1', 'id-2', 'id-3', 'id-4'];
const cand = (content: string, over: Partial<CandidateFact> = {}): CandidateFact => ({
  factType: 'goal',
  content,
  confidence: 'medium',
  sourceSession: 's1',
  sourceSegment: 1,
  ...over,
});
const stored = (
  factId: string,
  content: string,
  over: Partial<ExistingFact> = {},
): ExistingFact => ({
  factId,
  factType: 'goal',
  content,
  confidence: 'medium',
  sourceSession: 's1',
  ...over,
});

describe('planExtractionWrites', () => {
  it('creates a new ordinary fact with the next id and source extraction', () => {
    expect(planExtractionWrites([cand('Wants to run a marathon.')], [], ids, NOW)).toEqual([
      {
        kind: 'create',
        fact: {
          factId: 'id-1',
          factType: 'goal',
          content: 'Wants to run a marathon.',
          confidence: 'medium',
          sourceSession: 's1',
          sourceSegment: 1,
          source: 'extraction',
        },
      },
    ]);
  });

  it('proposes a sensitive fact instead of saving it, lapsing in 14 days', () => {
    const [write] = planExtractionWrites(
      [cand('Takes metformin twice a day.', { factType: 'event' })],
      [],
      ids,
      NOW,
    );
    expect(write).toMatchObject({
      kind: 'propose',
      proposalId: 'id-1',
      fact: { factId: 'id-1', content: 'Takes metformin twice a day.' },
      proposedAt: '2026-04-01T12:00:00.000Z',
      lapsesAt: '2026-04-15T12:00:00.000Z',
    });
    expect(write?.kind === 'propose' && write.reason).toMatch(/medication/);
  });

  it('updates a near-duplicate in the same session with the new wording and the higher confidence', () => {
    const writes = planExtractionWrites(
      [cand('The user wants to run the Berlin marathon.', { confidence: 'high' })],
      [stored('f1', 'Wants to run a Berlin marathon.')],
      ids,
      NOW,
    );
    expect(writes).toEqual([
      {
        kind: 'update',
        factId: 'f1',
        content: 'The user wants to run the Berlin marathon.',
        confidence: 'high',
      },
    ]);
  });

  it('never lowers confidence on an update', () => {
    const writes = planExtractionWrites(
      [cand('Wants to run the Berlin marathon!', { confidence: 'low' })],
      [stored('f1', 'Wants to run a Berlin marathon.', { confidence: 'high' })],
      ids,
      NOW,
    );
    expect(writes).toEqual([
      {
        kind: 'update',
        factId: 'f1',
        content: 'Wants to run the Berlin marathon!',
        confidence: 'high',
      },
    ]);
  });

  it('writes nothing when the same extraction is planned again (redelivery)', () => {
    const candidates = [
      cand('Wants to run a marathon.'),
      cand('Values honesty.', { factType: 'value' }),
    ];
    const first = planExtractionWrites(candidates, [], ids, NOW);
    const nowStored = first.flatMap((w) =>
      w.kind === 'create' ? [{ ...w.fact, kind: 'fact' as const }] : [],
    );
    expect(planExtractionWrites(candidates, nowStored, ['x', 'y'], NOW)).toEqual([]);
  });

  it('updates the fact a later session says again, instead of adding a near-duplicate', () => {
    const writes = planExtractionWrites(
      [cand('The user wants to run a marathon!', { sourceSession: 's2', confidence: 'high' })],
      [stored('f1', 'Wants to run a marathon.')],
      ids,
      NOW,
    );
    expect(writes).toEqual([
      {
        kind: 'update',
        factId: 'f1',
        content: 'The user wants to run a marathon!',
        confidence: 'high',
      },
    ]);
  });

  it('prefers a near-duplicate in the same session over one in another', () => {
    const existing = [
      stored('other', 'Wants to run a marathon.', { sourceSession: 's0' }),
      stored('own', 'Wants to run a marathon.'),
    ];
    expect(
      planExtractionWrites([cand('The user wants to run a marathon!')], existing, ids, NOW),
    ).toEqual([
      {
        kind: 'update',
        factId: 'own',
        content: 'The user wants to run a marathon!',
        confidence: 'medium',
      },
    ]);
  });

  it('supersedes an older fact that set the same subject: moved city', () => {
    const boston = stored('f-boston', 'I have lived in Boston for eight years.', {
      factType: 'event',
      subject: 'home',
      sourceSession: 's0',
    });
    const writes = planExtractionWrites(
      [
        cand('I am moving to Denver in June 2023.', {
          factType: 'event',
          subject: 'home',
          sourceTurns: [9],
          occurredOn: '2023-06-01',
        }),
      ],
      [boston, stored('f-job', 'I work as a designer.', { factType: 'event', subject: 'job' })],
      ids,
      NOW,
    );
    expect(writes).toEqual([
      {
        kind: 'create',
        fact: expect.objectContaining({
          factId: 'id-1',
          content: 'I am moving to Denver in June 2023.',
          subject: 'home',
          sourceTurns: [9],
          occurredOn: '2023-06-01',
        }),
      },
      { kind: 'supersede', factId: 'f-boston', supersededBy: 'id-1', subject: 'home' },
    ]);
  });

  it('supersedes a dropped goal, and never a fact about another subject or a restatement', () => {
    const goal = stored('f-goal', 'I want to run a marathon in spring 2024.', {
      subject: 'goal:marathon',
    });
    const dropped = cand('I have decided not to run the marathon anymore.', {
      factType: 'decision',
      subject: 'goal:marathon',
    });
    expect(planExtractionWrites([dropped], [goal], ids, NOW).map((w) => w.kind)).toEqual([
      'create',
      'supersede',
    ]);
    expect(
      planExtractionWrites(
        [cand('I want to learn Spanish.', { subject: 'goal:spanish' })],
        [goal],
        ids,
        NOW,
      ).map((w) => w.kind),
    ).toEqual(['create']);
    expect(
      planExtractionWrites(
        [cand('I really want to run a marathon in spring 2024!', { subject: 'goal:marathon' })],
        [goal],
        ids,
        NOW,
      ).map((w) => w.kind),
    ).toEqual(['update']);
  });

  it('lets leaving "the choir" supersede singing in "the community choir", never one club another or one job another', () => {
    const choir = stored('f-choir', 'I sing in the community choir.', {
      factType: 'event',
      subject: 'activity:community-choir',
    });
    const quit = cand('I quit the choir in August 2023.', {
      factType: 'event',
      subject: 'activity:choir',
    });
    expect(planExtractionWrites([quit], [choir], ids, NOW).map((w) => w.kind)).toEqual([
      'create',
      'supersede',
    ]);
    const bookClub = stored('f-book', 'I joined a book club.', {
      factType: 'event',
      subject: 'activity:book-club',
    });
    expect(
      planExtractionWrites(
        [cand('I joined a running club.', { subject: 'activity:running-club' })],
        [bookClub],
        ids,
        NOW,
      ).map((w) => w.kind),
    ).toEqual(['create']);
    const nurse = stored('f-nurse', "I'm a nurse at St. Luke's.", {
      factType: 'event',
      subject: 'job:st-luke-s',
    });
    expect(
      planExtractionWrites(
        [cand('I work at the bakery on weekends.', { subject: 'job:bakery' })],
        [nurse],
        ids,
        NOW,
      ).map((w) => w.kind),
    ).toEqual(['create']);
    // The same place named shorter: "quit the tapas place" ends the job "at a tapas place downtown".
    const cook = stored('f-cook', 'Is a line cook at a tapas place downtown.', {
      factType: 'fact',
      subject: 'job:tapas-place-downtown',
    });
    expect(
      planExtractionWrites(
        [cand('Decided to quit the tapas place.', { subject: 'job:tapas-place' })],
        [cook],
        ids,
        NOW,
      ).map((w) => w.kind),
    ).toEqual(['create', 'supersede']);
    // A job named by no place is whichever job the person means.
    expect(
      planExtractionWrites(
        [cand('I decided to step down as CTO.', { subject: 'job' })],
        [nurse],
        ids,
        NOW,
      ).map((w) => w.kind),
    ).toEqual(['create', 'supersede']);
  });

  it('never lets a fact supersede one said in the same turn: two sides of one subject, not a change', () => {
    const dorm = cand("I'm still living in the student dorm.", {
      factType: 'event',
      subject: 'home',
      sourceTurns: [7],
    });
    const room = cand('I share a tiny room in the dorm with my roommate Hanna.', {
      factType: 'event',
      subject: 'home',
      sourceTurns: [7],
    });
    expect(planExtractionWrites([dorm, room], [], ids, NOW).map((w) => w.kind)).toEqual([
      'create',
      'create',
    ]);
    // The next turn of the same session is a change.
    const moving = cand("I'm moving out of the dorm into a flat in Schwabing.", {
      factType: 'event',
      subject: 'home',
      sourceTurns: [9],
    });
    expect(planExtractionWrites([dorm, moving], [], ids, NOW).map((w) => w.kind)).toEqual([
      'create',
      'create',
      'supersede',
    ]);
  });

  it('folds a restatement within one batch into the first create', () => {
    const writes = planExtractionWrites(
      [
        cand('Wants to run a marathon.'),
        cand('The user wants to run a marathon!', { confidence: 'high' }),
      ],
      [],
      ids,
      NOW,
    );
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      kind: 'create',
      fact: { factId: 'id-1', content: 'The user wants to run a marathon!', confidence: 'high' },
    });
  });

  it('does not propose again what is already waiting as a proposal', () => {
    const pending = stored('p1', 'Takes metformin twice a day.', {
      factType: 'event',
      kind: 'proposal',
    });
    expect(
      planExtractionWrites(
        [cand('The user takes metformin twice a day!', { factType: 'event' })],
        [pending],
        ids,
        NOW,
      ),
    ).toEqual([]);
  });

  it('does not edit a pending proposal through a plainly worded restatement', () => {
    // Proposed because its tool category said so, though the words alone are ordinary.
    const pending = stored('p2', 'Knees are not great on stairs.', {
      factType: 'event',
      kind: 'proposal',
    });
    expect(
      planExtractionWrites(
        [cand('The knees are not great on the stairs!', { factType: 'event' })],
        [pending],
        ids,
        NOW,
      ),
    ).toEqual([]);
  });

  it('leaves a confirmed sensitive fact alone rather than rewording it unasked', () => {
    const confirmed = stored('f9', 'Takes metformin twice a day.', { factType: 'event' });
    expect(
      planExtractionWrites(
        [cand('Takes metformin twice a day now.', { factType: 'event', confidence: 'high' })],
        [confirmed],
        ids,
        NOW,
      ),
    ).toEqual([]);
  });

  it('keeps a caller-given source such as coach', () => {
    const [write] = planExtractionWrites(
      [cand('Prefers morning calls.', { factType: 'preference', source: 'coach' })],
      [],
      ids,
      NOW,
    );
    expect(write).toMatchObject({ kind: 'create', fact: { source: 'coach' } });
  });

  it('refuses to invent ids when too few were given', () => {
    expect(() =>
      planExtractionWrites(
        [cand('Wants a dog.'), cand('Values family.', { factType: 'value' })],
        [],
        ['only-one'],
        NOW,
      ),
    ).toThrow(RangeError);
  });

  it('merges two restatements of one stored fact into one edit', () => {
    const writes = planExtractionWrites(
      [
        cand('Wants to run the Berlin marathon.'),
        cand('Wants to run the Berlin marathon!!', { confidence: 'high' }),
      ],
      [stored('f1', 'Wants to run a Berlin marathon.')],
      ids,
      NOW,
    );
    expect(writes).toEqual([
      {
        kind: 'update',
        factId: 'f1',
        content: 'Wants to run the Berlin marathon!!',
        confidence: 'high',
      },
    ]);
  });
});
