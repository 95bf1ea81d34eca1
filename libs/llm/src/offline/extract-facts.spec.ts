import fc from 'fast-check';
import { extractFacts, MAX_OFFLINE_FACTS } from './extract-facts';
import { BAKERY_TRANSCRIPT } from './offline.fixtures';

describe('extractFacts (offline)', () => {
  it('extracts typed facts with confidence from the person’s sentences, strongest first', () => {
    expect(extractFacts(BAKERY_TRANSCRIPT)).toEqual([
      {
        factType: 'goal',
        content: 'My goal is to start a small bakery within two years.',
        confidence: 'high',
      },
      {
        factType: 'decision',
        content: 'I decided to take a weekend pastry course in March.',
        confidence: 'high',
      },
      {
        factType: 'preference',
        content: 'I prefer to save a year of expenses before I quit the bank.',
        confidence: 'high',
      },
      { factType: 'value', content: 'I value stability for my kids.', confidence: 'high' },
      {
        factType: 'insight',
        content: 'I realized that I only feel creative on weekends.',
        confidence: 'high',
      },
      {
        factType: 'relationship',
        content: 'My wife thinks the bakery is a risk, but she supports me.',
        confidence: 'medium',
      },
      { factType: 'event', content: 'We moved to Leeds in 2019.', confidence: 'medium' },
      {
        factType: 'goal',
        content: 'I want to test the bakery idea at the farmers market first.',
        confidence: 'medium',
      },
    ]);
  });

  it("ignores the assistant's first-person sentences when speakers are marked", () => {
    const facts = extractFacts(BAKERY_TRANSCRIPT);
    expect(facts.map((f) => f.content)).not.toContain('I want to help you plan.');
  });

  it('reads unmarked text whole', () => {
    expect(
      extractFacts('My manager is supportive of remote work. I love hiking in the Alps.'),
    ).toEqual([
      {
        factType: 'relationship',
        content: 'My manager is supportive of remote work.',
        confidence: 'high',
      },
      { factType: 'preference', content: 'I love hiking in the Alps.', confidence: 'high' },
    ]);
  });

  it('skips questions and counts a repeated sentence once', () => {
    expect(
      extractFacts('Should I decide to move? I want to learn Spanish. I want to learn Spanish.'),
    ).toEqual([{ factType: 'goal', content: 'I want to learn Spanish.', confidence: 'medium' }]);
  });

  it(`keeps at most ${MAX_OFFLINE_FACTS}, preferring higher confidence`, () => {
    const medium = Array.from({ length: 25 }, (_, i) => `I want to visit country number ${i}.`);
    const text = [...medium, 'I value honesty above all.'].join(' ');
    const facts = extractFacts(text);
    expect(facts).toHaveLength(MAX_OFFLINE_FACTS);
    expect(facts[0]).toEqual({
      factType: 'value',
      content: 'I value honesty above all.',
      confidence: 'high',
    });
  });

  it('only ever returns sentences of the input, within the item shape', () => {
    const sentence = fc.constantFrom(
      'I want to run a marathon.',
      'My sister lives in Oslo.',
      'The weather is nice.',
      'I decided to quit sugar.',
      'Is it late?',
      'I prefer tea.',
    );
    fc.assert(
      fc.property(fc.array(sentence, { maxLength: 30 }), (sentences) => {
        const text = sentences.join(' ');
        for (const fact of extractFacts(text)) {
          expect(text).toContain(fact.content);
          expect(['high', 'medium', 'low']).toContain(fact.confidence);
        }
        expect(extractFacts(text).length).toBeLessThanOrEqual(MAX_OFFLINE_FACTS);
      }),
    );
  });
});
