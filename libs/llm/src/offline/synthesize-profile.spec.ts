import fc from 'fast-check';
import { BAKERY_ARTIFACTS } from './offline.fixtures';
import { artifactSource, factsSource } from './artifact-source';
import { PROFILE_MAX_CHARS, synthesizeProfile } from './synthesize-profile';

describe('synthesizeProfile (offline)', () => {
  it("writes, in the coach's voice, the recurring topics and values, each artifact's goal, key facts, tensions and open questions", () => {
    const profile = synthesizeProfile(BAKERY_ARTIFACTS);
    expect(profile).toBe(
      [
        '**Themes and values:**',
        '- Keeps coming back to bakery and kids.',
        '- Values stability for their kids.',
        '- Cares about family dinners.',
        '**Goals:**',
        '- Their goal is to open a bakery.',
        '- Wants to spend more evenings with the kids.',
        '- Wants to test the bakery at the farmers market.',
        '**Key facts:**',
        '- Their wife is a nurse and works night shifts.',
        '- Decided to save a year of expenses first.',
        '- Loves baking bread on Sunday mornings.',
        '**Tensions:**',
        '- The bank job pays well but it drains them.',
        '- Baking is where they feel creative, yet money worries them.',
        '**Open questions:**',
        '- Could they run a bakery and still be home for dinner?',
      ].join('\n'),
    );
    // short of 600 characters, further facts the artifacts state fill it in
    expect(profile.length).toBeGreaterThanOrEqual(600);
  });

  it('puts the confirmed and high-confidence stored facts first among the key facts, never a low-confidence one', () => {
    const facts = factsSource([
      { content: 'Likes jazz on Fridays.', confidence: 'low', confirmed: false },
      { content: 'Has two kids, aged 6 and 9.', confidence: 'high', confirmed: false },
      { content: 'Works at a regional bank as an analyst.', confidence: 'medium', confirmed: true },
    ]);
    const profile = synthesizeProfile([...BAKERY_ARTIFACTS, facts]);
    expect(profile.split('**Key facts:**\n')[1]?.split('\n').slice(0, 3)).toEqual([
      '- Works at a regional bank as an analyst.',
      '- Has two kids, aged 6 and 9.',
      '- Their wife is a nurse and works night shifts.',
    ]);
    expect(profile).not.toContain('jazz');
  });

  it('names opposite statements on one topic in two artifacts as a tension, and reads artifacts through their source header', () => {
    const profile = synthesizeProfile([
      artifactSource({
        id: 'a',
        title: 'Spring',
        savedAt: '2026-03-01T00:00:00Z',
        content: 'I want to live near my parents in Porto.',
      }),
      artifactSource({
        id: 'b',
        title: 'Autumn',
        savedAt: '2026-09-01T00:00:00Z',
        content: 'I never want to live near my parents again.',
      }),
    ]);
    expect(profile).toContain(
      '**Tensions:**\n- Wants to live near their parents in Porto. — yet: they never want to live near their parents again.',
    );
    // the goal is labelled with the artifact it came from
    expect(profile).toContain('**Goals:**\n- Wants to live near their parents in Porto (Spring).');
    expect(profile).not.toContain('@artifact');
  });

  it('reads the main goal of a CV under its heading, of a list from the line it calls the one, and of a page from its stated aim', () => {
    const cv = artifactSource({
      id: 'cv',
      title: 'Career history',
      savedAt: '2026-03-01T00:00:00Z',
      content: [
        'PROFESSIONAL SUMMARY',
        'Logistics manager with twelve years in warehousing.',
        'CAREER OBJECTIVE',
        'To lead a regional distribution network within three years.',
      ].join('\n'),
    });
    const list = artifactSource({
      id: 'list',
      title: 'Someday',
      savedAt: '2026-04-01T00:00:00Z',
      content: [
        '- Sail the Hebrides with my brother. This is the one.',
        '- Learn Welsh. Maybe.',
        '- Already did: the Three Peaks, 2021.',
        '- Not mine: my wife wants a house in Spain.',
      ].join('\n'),
    });
    const page = artifactSource({
      id: 'page',
      title: 'Autumn page',
      savedAt: '2026-05-01T00:00:00Z',
      content:
        'The leaves are turning and the kids are back at school. My friend Oli keeps saying I should run for the council. ' +
        'My aim is to finish the pottery course at the college by Easter, two evenings a week.',
    });
    const goals = synthesizeProfile([cv, list, page]).split('**Goals:**\n')[1]?.split('\n**')[0];
    expect(goals?.split('\n')).toEqual([
      '- Career objective: to lead a regional distribution network within three years (Career history).',
      '- Sail the Hebrides with their brother (Someday).',
      '- Their aim is to finish the pottery course at the college by Easter, two evenings a week (Autumn page).',
    ]);
  });

  it('gives a paragraph\'s "that\'s the dream" to the aim just before it, not to the whole paragraph', () => {
    const journal = artifactSource({
      id: 'journal',
      title: 'river notes',
      savedAt: '2026-03-01T00:00:00Z',
      content:
        'ok so today at the lock the whole crew watched sam paddle the weir and everybody cheered, best run of the summer. ' +
        'ngl i just want the kayak club (the one by the bridge) to pick me for the regional squad. ' +
        'travel kit and a club jacket. thats it thats the dream. practising rolls every evening this month.',
    });
    const list = artifactSource({
      id: 'list',
      title: 'before thirty',
      savedAt: '2026-04-01T00:00:00Z',
      content: [
        'random list from a slow sunday',
        '1. cycle the length of portugal with my cousins. THIS one. spring after next.',
        '2. learn to bake sourdough',
        '3. see the northern lights',
      ].join('\n'),
    });
    const goals = synthesizeProfile([journal, list]).split('**Goals:**\n')[1]?.split('\n**')[0];
    expect(goals?.split('\n')).toEqual([
      '- Just wants the kayak club (the one by the bridge) to pick them for the regional squad (river notes).',
      '- Cycle the length of portugal with their cousins (before thirty).',
    ]);
  });
  it('names themes as recurring topics: never a stop word, a time word, a contraction or a person', () => {
    const profile = synthesizeProfile([
      "I'm back at the allotment every Sunday morning. Sarah says the allotment is my second home. I've grown beans for years.",
      "This year I'm giving the allotment to tomatoes. I'll think about beans later. Sarah helps on Sundays.",
      'Cooking what I grow is the point. The beans went into a stew, and cooking for friends is my week.',
    ]);
    const themes = profile.split('\n')[1] ?? '';
    expect(themes).toBe('- Keeps coming back to allotment and beans.');
  });

  it('asks about two of their topics when the person asked nothing', () => {
    const profile = synthesizeProfile([
      'Running keeps me calm. Running with friends matters.',
      'Friends and running fill my weekends.',
    ]);
    expect(profile).toContain(
      '- How do friends and running fit together in their week, and which comes first?',
    );
  });

  it('returns nothing from nothing', () => {
    expect(synthesizeProfile([])).toBe('');
  });

  it(`stays within ${PROFILE_MAX_CHARS} characters`, () => {
    const sentence = fc.constantFrom(
      'My goal is to write a novel about my grandmother and her village.',
      'I value honesty, but I avoid hard conversations with my brother.',
      'I decided to move to Lisbon next year with my partner.',
      'Should I go back to university?',
      'Writing and family are what matter to me.',
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.array(sentence, { maxLength: 30 }).map((s) => s.join(' ')),
          { maxLength: 12 },
        ),
        (texts) => {
          expect(synthesizeProfile(texts).length).toBeLessThanOrEqual(PROFILE_MAX_CHARS);
        },
      ),
      // each run parses up to 12 artifacts of 30 sentences: a few dozen runs cover the budget's edges
      { numRuns: 12 },
    );
  });
});
