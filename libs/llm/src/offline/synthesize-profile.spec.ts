import fc from 'fast-check';
import { BAKERY_ARTIFACTS } from './offline.fixtures';
import { artifactSource, factsSource } from './artifact-source';
import { PROFILE_MAX_CHARS, synthesizeProfile } from './synthesize-profile';

describe('synthesizeProfile (offline)', () => {
  it('writes themes and values, key facts, tensions and open questions from the artifacts', () => {
    expect(synthesizeProfile(BAKERY_ARTIFACTS)).toBe(
      [
        '**Themes and values:**',
        '- Recurring themes: bakery, baking, kids, family, money.',
        '- I value stability for my kids.',
        '- I love baking bread on Sunday mornings.',
        '**Key facts:**',
        '- My goal is to open a bakery.',
        '- My wife is a nurse and works night shifts.',
        '- I decided to save a year of expenses first.',
        '**Tensions:**',
        '- The bank job pays well but it drains me.',
        '- Baking is where I feel creative, yet money worries me.',
        '**Open questions:**',
        '- Could I run a bakery and still be home for dinner?',
      ].join('\n'),
    );
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
      '- My goal is to open a bakery.',
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
      '**Tensions:**\n- I want to live near my parents in Porto. — yet: I never want to live near my parents again.',
    );
    expect(profile).not.toContain('@artifact');
  });

  it('asks about its two strongest themes when the person asked nothing', () => {
    const profile = synthesizeProfile([
      'Running keeps me calm. Running with friends matters.',
      'Friends and running fill my weekends.',
    ]);
    expect(profile).toContain('- How do running and friends shape each other for this person?');
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
    );
  });
});
