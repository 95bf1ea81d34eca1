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

/** The writes planned for `candidates` against `existing`, with the spec's ids and clock. */
const plan = (candidates: CandidateFact[], existing: ExistingFact[]) =>
  planExtractionWrites(candidates, existing, ids, NOW);
const kinds = (candidates: CandidateFact[], existing: ExistingFact[]) =>
  plan(candidates, existing).map((w) => w.kind);

describe('planExtractionWrites', () => {
  it('creates a new ordinary fact with the next id and source extraction', () => {
    expect(plan([cand('Wants to run a marathon.')], [])).toEqual([
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
    const [write] = plan([cand('Takes metformin twice a day.', { factType: 'event' })], []);
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
    const writes = plan(
      [cand('The user wants to run the Berlin marathon.', { confidence: 'high' })],
      [stored('f1', 'Wants to run a Berlin marathon.')],
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
    const writes = plan(
      [cand('Wants to run the Berlin marathon!', { confidence: 'low' })],
      [stored('f1', 'Wants to run a Berlin marathon.', { confidence: 'high' })],
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
    const first = plan(candidates, []);
    const nowStored = first.flatMap((w) =>
      w.kind === 'create' ? [{ ...w.fact, kind: 'fact' as const }] : [],
    );
    expect(planExtractionWrites(candidates, nowStored, ['x', 'y'], NOW)).toEqual([]);
  });

  it('updates the fact a later session says again, instead of adding a near-duplicate', () => {
    const writes = plan(
      [cand('The user wants to run a marathon!', { sourceSession: 's2', confidence: 'high' })],
      [stored('f1', 'Wants to run a marathon.')],
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
    expect(plan([cand('The user wants to run a marathon!')], existing)).toEqual([
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
    expect(kinds([dropped], [goal])).toEqual(['create', 'supersede']);
    expect(kinds([cand('I want to learn Spanish.', { subject: 'goal:spanish' })], [goal])).toEqual([
      'create',
    ]);
    expect(
      kinds(
        [cand('I really want to run a marathon in spring 2024!', { subject: 'goal:marathon' })],
        [goal],
      ),
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
    expect(kinds([quit], [choir])).toEqual(['create', 'supersede']);
    const bookClub = stored('f-book', 'I joined a book club.', {
      factType: 'event',
      subject: 'activity:book-club',
    });
    expect(
      kinds([cand('I joined a running club.', { subject: 'activity:running-club' })], [bookClub]),
    ).toEqual(['create']);
    const nurse = stored('f-nurse', "I'm a nurse at St. Luke's.", {
      factType: 'event',
      subject: 'job:st-luke-s',
    });
    expect(
      kinds([cand('I work at the bakery on weekends.', { subject: 'job:bakery' })], [nurse]),
    ).toEqual(['create']);
    // The same place named shorter: "quit the tapas place" ends the job "at a tapas place downtown".
    const cook = stored('f-cook', 'Is a line cook at a tapas place downtown.', {
      factType: 'fact',
      subject: 'job:tapas-place-downtown',
    });
    expect(
      kinds([cand('Decided to quit the tapas place.', { subject: 'job:tapas-place' })], [cook]),
    ).toEqual(['create', 'supersede']);
    // A job named by no place is whichever job the person means.
    expect(kinds([cand('I decided to step down as CTO.', { subject: 'job' })], [nurse])).toEqual([
      'create',
      'supersede',
    ]);
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
    expect(kinds([dorm, room], [])).toEqual(['create', 'create']);
    // The next turn of the same session is a change.
    const moving = cand("I'm moving out of the dorm into a flat in Schwabing.", {
      factType: 'event',
      subject: 'home',
      sourceTurns: [9],
    });
    expect(kinds([dorm, moving], [])).toEqual(['create', 'create', 'supersede']);
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
      plan([cand('The user takes metformin twice a day!', { factType: 'event' })], [pending]),
    ).toEqual([]);
  });

  it('does not edit a pending proposal through a plainly worded restatement', () => {
    // Proposed because its tool category said so, though the words alone are ordinary.
    const pending = stored('p2', 'Knees are not great on stairs.', {
      factType: 'event',
      kind: 'proposal',
    });
    expect(
      plan([cand('The knees are not great on the stairs!', { factType: 'event' })], [pending]),
    ).toEqual([]);
  });

  it('leaves a confirmed sensitive fact alone rather than rewording it unasked', () => {
    const confirmed = stored('f9', 'Takes metformin twice a day.', { factType: 'event' });
    expect(
      plan(
        [cand('Takes metformin twice a day now.', { factType: 'event', confidence: 'high' })],
        [confirmed],
      ),
    ).toEqual([]);
  });

  it('keeps a caller-given source such as coach', () => {
    const [write] = plan(
      [cand('Prefers morning calls.', { factType: 'preference', source: 'coach' })],
      [],
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
  it('lets a change of mind with no subject supersede the earlier fact it is most about, in lemmas and senses', () => {
    const walks = stored('f-walks', 'Walks round the park every morning with Mabel.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const german = stored('f-german', 'Wants to learn German to talk to their partner.', {
      sourceSession: 's0',
    });
    const stopped = cand('Stopped walking with Mabel in the park when the frost came.', {
      factType: 'decision',
    });
    expect(plan([stopped], [walks, german])).toEqual([
      expect.objectContaining({ kind: 'create' }),
      { kind: 'supersede', factId: 'f-walks', supersededBy: 'id-1', subject: 'change-of-mind' },
    ]);
    // A new fact that changes nothing, or a change that shares one word, leaves the older facts be.
    expect(
      kinds([cand('Walks the dog Mabel in the evening too.', { factType: 'fact' })], [walks]),
    ).toEqual(['create']);
    expect(
      kinds([cand('Stopped going to the park café.', { factType: 'decision' })], [walks, german]),
    ).toEqual(['create']);
  });
  it('lets a change of mind that names what it gave up supersede the fact that says it, across sessions', () => {
    const coffee = stored('f-coffee', 'Loves a strong black coffee in the morning.', {
      factType: 'preference',
      sourceSession: 's0',
    });
    const climbing = stored('f-member', 'Is a member of the climbing wall in Leeds.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const volunteer = stored('f-rail', 'Volunteers at the heritage railway on Thursdays.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const deploy = stored('f-deploy', 'Deploys the billing service on Thursdays.', {
      factType: 'decision',
      sourceSession: 's0',
    });
    const switched = cand('Switched from coffee to green tea, which is gentler.', {
      factType: 'preference',
    });
    expect(plan([switched], [coffee, climbing])).toEqual([
      expect.objectContaining({ kind: 'create' }),
      { kind: 'supersede', factId: 'f-coffee', supersededBy: 'id-1', subject: 'change-of-mind' },
    ]);
    // One word is enough when the person named it as what they left.
    expect(
      plan(
        [cand('Is not a member anymore; they climb outdoors now.', { factType: 'decision' })],
        [coffee, climbing],
      ).at(-1),
    ).toEqual({
      kind: 'supersede',
      factId: 'f-member',
      supersededBy: 'id-1',
      subject: 'change-of-mind',
    });
    // A day alone names no fact: the deploy day changes, volunteering on Thursdays stays.
    expect(
      plan(
        [cand('Deploys on Tuesdays now, not Thursdays.', { factType: 'decision' })],
        [volunteer, deploy],
      ).at(-1),
    ).toEqual({
      kind: 'supersede',
      factId: 'f-deploy',
      supersededBy: 'id-1',
      subject: 'change-of-mind',
    });
    expect(
      kinds(
        [cand('Goes to choir on Tuesdays now, not Thursdays.', { factType: 'fact' })],
        [volunteer],
      ),
    ).toEqual(['create']);
  });
  it('lets a day moved supersede the fact that dated what was moved, and nothing else', () => {
    const review = stored('f-review', 'Has a performance review on 20 March 2025.', {
      factType: 'event',
      sourceSession: 's0',
    });
    const party = stored('f-party', 'Is having a garden party on 22 March 2025.', {
      factType: 'event',
      sourceSession: 's0',
    });
    expect(
      plan(
        [cand('Their review was pushed to 10 April 2025.', { factType: 'event' })],
        [party, review],
      ).at(-1),
    ).toEqual({
      kind: 'supersede',
      factId: 'f-review',
      supersededBy: 'id-1',
      subject: 'change-of-mind',
    });
    expect(
      plan([cand('Moved the review to 10 April 2025.', { factType: 'event' })], [party, review]).at(
        -1,
      ),
    ).toEqual({
      kind: 'supersede',
      factId: 'f-review',
      supersededBy: 'id-1',
      subject: 'change-of-mind',
    });
    expect(
      kinds([cand('Moved to Leeds to be near the party crowd.', { factType: 'event' })], [party]),
    ).toEqual(['create']);
  });
  it('lets a later session state a new favourite, diet or place of work without naming the old one', () => {
    const show = stored('f-show', 'Their favourite show right now is Severance.', {
      factType: 'preference',
      sourceSession: 's0',
    });
    const band = stored('f-band', 'Their favourite band is Wet Leg.', {
      factType: 'preference',
      sourceSession: 's0',
    });
    const office = stored('f-office', 'Prefers working from the office; they focus better there.', {
      factType: 'preference',
      sourceSession: 's0',
    });
    const vegan = stored('f-vegan', 'Has been vegan since January.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const all = [show, band, office, vegan];
    const superseded = (content: string) =>
      plan([cand(content, { factType: 'preference' })], all).flatMap((w) =>
        w.kind === 'supersede' ? [[w.factId, w.subject]] : [],
      );
    expect(superseded('Their favourite shows these days are The Bear.')).toEqual([
      ['f-show', 'favourite:show'],
    ]);
    expect(superseded('Works from home most days now.')).toEqual([['f-office', 'work-place']]);
    expect(superseded('Is pescatarian.')).toEqual([['f-vegan', 'diet']]);
    // A like of another kind fills no slot: it adds, it replaces nothing.
    expect(superseded('Loves The Bear.')).toEqual([]);
  });
  it('never lets a change of mind end a fact it only looks like: other people, trips, ranges, maybes', () => {
    const vegan = stored('f-vegan', 'Is vegan, for nearly a year.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const wedding = stored(
      'f-wedding',
      'Their wedding is on 14 June 2025 at the botanical gardens.',
      {
        factType: 'event',
        sourceSession: 's0',
      },
    );
    const home = stored('f-home', 'Lives in Bristol, in a flat near the harbour.', {
      factType: 'fact',
      subject: 'home',
      sourceSession: 's0',
    });
    const nurse = stored(
      'f-nurse',
      "Works as a nurse at St Mary's hospital, mostly night shifts.",
      {
        factType: 'fact',
        sourceSession: 's0',
      },
    );
    const swim = stored('f-swim', 'Swims three mornings a week at the leisure centre.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const jest = stored('f-jest', 'Runs the tests with Jest.', {
      factType: 'decision',
      sourceSession: 's0',
    });
    const all = [vegan, wedding, home, nurse, swim, jest];
    const superseded = (content: string, factType: CandidateFact['factType'] = 'fact') =>
      plan([cand(content, { factType })], all).flatMap((w) =>
        w.kind === 'supersede' ? [w.factId] : [],
      );
    // Someone else's change of mind is theirs.
    expect(superseded('Their sister is not vegan anymore, she caved at a barbecue.')).toEqual([]);
    expect(superseded('Their mum is vegetarian now too, instead of her usual meat.')).toEqual([]);
    expect(superseded('Their brother moved his wedding to August 2025.', 'relationship')).toEqual(
      [],
    );
    expect(superseded('Summer: their colleague Dev quit the night shift.')).toEqual([]);
    expect(superseded("Their daughter doesn't swim anymore, she hates the cold pool.")).toEqual([]);
    // A drive, a copy or a range "from X to Y" gives nothing up.
    expect(superseded('Drove from Bristol to Edinburgh for Easter.', 'event')).toEqual([]);
    expect(superseded('The migration copies rows from Jest to the S3 archive.')).toEqual([]);
    // A maybe gives nothing up either.
    expect(
      superseded('Would cycle instead of the swims at the leisure centre if it were warmer.'),
    ).toEqual([]);
    // The person's own change still ends the fact it changes.
    expect(
      superseded('Moved the tests from Jest to Vitest because it is faster.', 'decision'),
    ).toEqual(['f-jest']);
    expect(superseded('Moved their wedding to 20 September 2025.', 'event')).toEqual(['f-wedding']);
    expect(superseded('Is not swimming anymore; they switched to aqua aerobics.')).toEqual([
      'f-swim',
    ]);
  });
  describe('what looks like a change of mind and ends nothing', () => {
    const bakery = stored('f-bakery', 'Got a weekend job at a bakery near the university.', {
      factType: 'event',
      subject: 'job:bakery',
      sourceSession: 's0',
    });
    const ux = stored('f-ux', 'Wants to move into UX research within the next two years.', {
      subject: 'goal:ux',
      sourceSession: 's0',
    });
    const vegan = stored('f-vegan', 'Is vegan, for nearly a year.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const superseded = (content: string, over: Partial<CandidateFact> = {}) =>
      plan([cand(content, { factType: 'decision', ...over })], [bakery, ux, vegan]).flatMap((w) =>
        w.kind === 'supersede' ? [w.factId] : [],
      );

    it('keeps a job its holder plans to leave until the day has passed', () => {
      // NOW is April 2026: the job holds until August.
      const leaving = 'Is going to stop working at the bakery in August so they can prepare.';
      expect(superseded(leaving, { subject: 'job:bakery', occurredOn: '2026-08' })).toEqual([]);
      expect(superseded(leaving, { subject: 'job:bakery' })).toEqual([]);
      expect(superseded('Will quit the bakery job.', { subject: 'job:bakery' })).toEqual([]);
      // Said after its day, or said as done, the ending has happened.
      expect(superseded(leaving, { subject: 'job:bakery', occurredOn: '2026-03' })).toEqual([
        'f-bakery',
      ]);
      expect(superseded('Stopped working at the bakery.', { subject: 'job:bakery' })).toEqual([
        'f-bakery',
      ]);
    });

    it('keeps a goal when one way to it is chosen over another', () => {
      expect(
        superseded(
          'Has decided to apply for the internal UX researcher opening instead of looking outside the company.',
          { subject: 'goal:ux' },
        ),
      ).toEqual([]);
      expect(
        superseded('Is going for the UX research opening instead of looking outside.'),
      ).toEqual([]);
      // A goal given up for another still ends it.
      expect(
        superseded(
          'Does not want to move into UX research anymore; wants to stay a manager instead.',
          { subject: 'goal:ux' },
        ),
      ).toEqual(['f-ux']);
    });

    it('keeps a job when a change of mind only changes a detail of it', () => {
      const nurse = stored('f-nurse', "Is a nurse at St. Luke's, mostly night shifts these days.", {
        factType: 'fact',
        subject: 'job:st-luke-s',
        sourceSession: 's0',
      });
      const nights = stored('f-nights', "Works night shifts at St. Luke's, four in a row.", {
        factType: 'fact',
        sourceSession: 's0',
      });
      const superseded = (existing: ExistingFact[]) =>
        plan(
          [cand("Moved to the day shift at St. Luke's two weeks ago.", { factType: 'event' })],
          existing,
        ).flatMap((w) => (w.kind === 'supersede' ? [w.factId] : []));
      expect(superseded([nurse])).toEqual([]);
      // A fact about the shifts alone is what the move changes.
      expect(superseded([nights])).toEqual(['f-nights']);
    });

    it('keeps the person’s fact when someone named changes theirs', () => {
      expect(
        superseded('Sam is not vegan anymore, he caved at a barbecue.', { factType: 'fact' }),
      ).toEqual([]);
      expect(superseded('Summer: Hanna quit being vegan.', { factType: 'fact' })).toEqual([]);
      expect(
        superseded('Is not vegan anymore, they eat fish again.', { factType: 'fact' }),
      ).toEqual(['f-vegan']);
    });
  });

  it('keeps a first job or home beside a second, and a goal said again as it goes on', () => {
    const nurse = stored('f-nurse', "Works as a nurse at St Mary's hospital.", {
      factType: 'fact',
      subject: 'job',
      sourceSession: 's0',
    });
    const flat = stored('f-flat', 'Lives in a flat in Ancoats, Manchester.', {
      factType: 'fact',
      subject: 'home',
      sourceSession: 's0',
    });
    const adopt = stored('f-adopt', 'Has wanted to adopt a child for years.', {
      subject: 'goal:child',
      sourceSession: 's0',
    });
    const all = [nurse, flat, adopt];
    const superseded = (content: string, subject: string) =>
      plan([cand(content, { factType: 'fact', subject })], all).flatMap((w) =>
        w.kind === 'supersede' ? [w.factId] : [],
      );
    expect(
      superseded('Has a second job at a pub on weekends, alongside the hospital.', 'job'),
    ).toEqual([]);
    expect(superseded('Bought a caravan in Wales for weekends, keeping the flat.', 'home')).toEqual(
      [],
    );
    expect(
      superseded('Is hoping to be matched with a child by the end of the year.', 'goal:child'),
    ).toEqual([]);
    // A new job, a new home, a goal given up still end the old.
    expect(superseded('Started as a paramedic with the ambulance service.', 'job')).toEqual([
      'f-nurse',
    ]);
    expect(superseded('Lives in Leeds now.', 'home')).toEqual(['f-flat']);
    expect(superseded('Does not want to adopt anymore.', 'goal:child')).toEqual(['f-adopt']);
  });

  describe('a supersession needs a change of the person’s own and the fact it names', () => {
    const home = stored('f-home', 'Lives in Leeds, in a flat near the park.', {
      factType: 'fact',
      subject: 'home',
      sourceSession: 's0',
    });
    const job = stored('f-job', 'Works as a nurse at the Royal Infirmary.', {
      factType: 'fact',
      subject: 'job',
      sourceSession: 's0',
    });
    const oat = stored('f-oat', "Drinks oat milk; switched from cow's milk in July.", {
      factType: 'preference',
      sourceSession: 's0',
    });
    const beer = stored('f-beer', 'Has a beer with friends on Fridays.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const coffee = stored('f-coffee', 'Drinks two cups of coffee a day, never after lunch.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const climbing = stored('f-climbing', 'Goes climbing at the wall on Tuesday nights.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const honesty = stored('f-honesty', 'Values honesty in a team above almost everything.', {
      factType: 'value',
      subject: 'activity:team',
      sourceSession: 's0',
    });
    const married = stored('f-married', 'Is married to Tom.', {
      factType: 'relationship',
      subject: 'partner',
      sourceSession: 's0',
    });
    const all = [home, job, oat, beer, coffee, climbing, honesty, married];
    const superseded = (content: string, over: Partial<CandidateFact> = {}) =>
      plan([cand(content, { factType: 'fact', ...over })], all).flatMap((w) =>
        w.kind === 'supersede' ? [w.factId] : [],
      );

    it('ends nothing by a wish or a maybe, even one that names a home', () => {
      expect(
        superseded('Would move to the coast in a heartbeat if it were not for the allotment.', {
          subject: 'home',
        }),
      ).toEqual([]);
      expect(superseded('Lives in York now.', { subject: 'home' })).toEqual(['f-home']);
    });

    it('ends nothing by a past told as a story', () => {
      expect(
        superseded('Used to work as a waitress at a café near the station.', { subject: 'job' }),
      ).toEqual([]);
      expect(
        superseded('Lived in Paris for two years in their twenties.', { subject: 'home' }),
      ).toEqual([]);
      expect(superseded('Was a barista at a café in Soho.', { subject: 'job' })).toEqual([]);
      expect(
        superseded('Started as a paramedic with the ambulance service.', { subject: 'job' }),
      ).toEqual(['f-job']);
    });

    it('ends nothing by a try, a change undone or a near miss', () => {
      expect(superseded("Went back to cow's milk for a week and hated it.")).toEqual([]);
      expect(
        superseded('Tried decaf and went back to normal coffee; decaf tasted of nothing.'),
      ).toEqual([]);
      expect(
        superseded('Almost switched from climbing to bouldering but stuck with the wall.'),
      ).toEqual([]);
      expect(superseded("Switched from cow's milk to oat milk, then to soy; oat is gone.")).toEqual(
        ['f-oat'],
      );
    });

    it('ends nothing by someone else’s change told beside the person’s fact', () => {
      expect(
        superseded('Eats salmon twice a week; their husband switched from beer to wine.'),
      ).toEqual([]);
      expect(
        superseded('Took their cousin climbing on Saturday, she stopped going to the wall.'),
      ).toEqual([]);
      expect(
        superseded('Stopped the Friday beer with friends; they play five-a-side instead.'),
      ).toEqual(['f-beer']);
    });

    it('ends nothing by meaning alone unless the change is said outright', () => {
      // "now" or "again" with no subject to tie the two facts says too little.
      expect(superseded('Climbs at the wall on Tuesday and Thursday nights now.')).toEqual([]);
      expect(superseded('Had two cups of coffee again after lunch at the conference.')).toEqual([]);
      expect(superseded('Stopped climbing at the wall on Tuesday nights, it closed.')).toEqual([
        'f-climbing',
      ]);
    });

    it('reads ", not" as giving something up only beside a word of change', () => {
      expect(
        superseded('Likes tea with breakfast, not coffee.', { factType: 'preference' }),
      ).toEqual([]);
      expect(
        superseded('Has tea with breakfast now, not coffee.', { factType: 'preference' }),
      ).toEqual(['f-coffee']);
    });

    it('never ends a value by a subject, nor a partner but by a change of status', () => {
      expect(
        superseded('Joined a new team at work in March.', { subject: 'activity:team' }),
      ).toEqual([]);
      expect(
        superseded('Celebrated their tenth anniversary with Tom in Rome.', {
          factType: 'event',
          subject: 'partner',
        }),
      ).toEqual([]);
      expect(
        superseded('Is divorced from Tom since the spring.', {
          factType: 'relationship',
          subject: 'partner',
        }),
      ).toEqual(['f-married']);
    });
  });

  it('reads no stop on the way as something given up, and no aim named by a word any aim has as a goal', () => {
    const cafe = stored('f-cafe', 'Works at the café on Mill Street.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const school = stored('f-school', 'Walks to the school gates with the twins every morning.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const family = stored('f-family', 'Wants to spend more time with their family.', {
      subject: 'goal:time',
      sourceSession: 's0',
    });
    const triathlon = stored('f-tri', 'Wants to do a triathlon in 2026.', {
      subject: 'goal:triathlon',
      sourceSession: 's0',
    });
    const all = [cafe, school, family, triathlon];
    const superseded = (content: string, over: Partial<CandidateFact> = {}) =>
      plan([cand(content, { factType: 'event', ...over })], all).flatMap((w) =>
        w.kind === 'supersede' ? [w.factId] : [],
      );
    expect(superseded('Stopped at the café on Mill Street for lunch.')).toEqual([]);
    expect(superseded('Dropped the twins off at the school gates early.')).toEqual([]);
    expect(superseded('Quit the café on Mill Street.')).toEqual(['f-cafe']);
    expect(
      superseded('Has no time for the gym these days.', { factType: 'goal', subject: 'goal:time' }),
    ).toEqual([]);
    expect(
      superseded('Decided not to do the triathlon.', {
        factType: 'decision',
        subject: 'goal:triathlon',
      }),
    ).toEqual(['f-tri']);
  });

  it('ends a job or home only by a fact that says one: work or a move, not a role or a stay', () => {
    const nurse = stored('f-nurse', 'Works as a nurse at the Royal Infirmary.', {
      factType: 'fact',
      subject: 'job',
      sourceSession: 's0',
    });
    const flat = stored('f-flat', 'Lives in a flat in Leeds near the park.', {
      factType: 'fact',
      subject: 'home',
      sourceSession: 's0',
    });
    const superseded = (content: string, subject: string) =>
      plan([cand(content, { factType: 'fact', subject })], [nurse, flat]).flatMap((w) =>
        w.kind === 'supersede' ? [w.factId] : [],
      );
    expect(superseded('Is a member of the climbing gym.', 'job')).toEqual([]);
    expect(superseded('Has been a vegetarian for ten years.', 'job')).toEqual([]);
    expect(superseded('Is a regular at the Crown pub.', 'job:crown-pub')).toEqual([]);
    expect(
      superseded("Is staying at their mum's house on the weekend of 10 May 2025.", 'home'),
    ).toEqual([]);
    expect(superseded('Got a job as a paramedic with the ambulance service.', 'job')).toEqual([
      'f-nurse',
    ]);
    expect(superseded('Moved into a house in York with a garden.', 'home')).toEqual(['f-flat']);
  });

  it('ends a pastime only by joining or leaving it, and a diet only by one the person keeps', () => {
    const choir = stored('f-choir', 'Sings alto in the community choir.', {
      factType: 'fact',
      subject: 'activity:community-choir',
      sourceSession: 's0',
    });
    const pescatarian = stored('f-fish', 'Is pescatarian and eats fish twice a week.', {
      factType: 'fact',
      sourceSession: 's0',
    });
    const superseded = (content: string, over: Partial<CandidateFact> = {}) =>
      plan([cand(content, { factType: 'event', ...over })], [choir, pescatarian]).flatMap((w) =>
        w.kind === 'supersede' ? [w.factId] : [],
      );
    expect(
      superseded('Sang a solo at the Christmas concert of the choir.', {
        subject: 'activity:choir',
      }),
    ).toEqual([]);
    expect(superseded('Cooked a vegan lasagne for the neighbours.')).toEqual([]);
    expect(
      superseded('Left the choir because of their knees.', { subject: 'activity:choir' }),
    ).toEqual(['f-choir']);
    expect(superseded('Has been vegan since January.', { factType: 'fact' })).toEqual(['f-fish']);
  });
});
