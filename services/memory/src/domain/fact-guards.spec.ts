import fc from 'fast-check';
import {
  artifactOrigin,
  factItemsOf,
  hasTextToExtract,
  MAX_FACTS_PER_EXTRACTION,
  MIN_TRANSCRIPT_CHARS,
  segmentOrigin,
  sentenceCount,
  shouldExtract,
  validateFacts,
} from './fact-guards';

const origin = segmentOrigin('sess-1', 2);
const item = (over: Record<string, unknown> = {}) => ({
  factType: 'goal',
  content: 'Wants to run a marathon.',
  confidence: 'high',
  ...over,
});

describe('shouldExtract', () => {
  it('skips transcripts under 200 characters, counting trimmed text', () => {
    expect(MIN_TRANSCRIPT_CHARS).toBe(200);
    expect(shouldExtract('a'.repeat(199))).toBe(false);
    expect(shouldExtract(`  ${'a'.repeat(199)}  `)).toBe(false);
    expect(shouldExtract('a'.repeat(200))).toBe(true);
  });
});

describe('hasTextToExtract', () => {
  it('reads any text however short, and no blank one', () => {
    expect(['', '  \n ', 'never use yarn'].map(hasTextToExtract)).toEqual([false, false, true]);
  });
});

describe('factItemsOf', () => {
  it('accepts {"facts": [...]} and a bare array, and nothing else', () => {
    expect(factItemsOf({ facts: [1] })).toEqual([1]);
    expect(factItemsOf([2])).toEqual([2]);
    expect(factItemsOf({ facts: 'no' })).toBeNull();
    expect(factItemsOf(null)).toBeNull();
    expect(factItemsOf('[]')).toBeNull();
  });
});

describe('validateFacts', () => {
  it('keeps a good fact with its origin and trimmed content', () => {
    const { facts, dropped } = validateFacts(
      [item({ content: '  Wants to run   a marathon. ' })],
      origin,
    );
    expect(dropped).toBe(0);
    expect(facts).toEqual([
      {
        factType: 'goal',
        content: 'Wants to run a marathon.',
        confidence: 'high',
        sourceSession: 'sess-1',
        sourceSegment: 2,
      },
    ]);
  });

  it('keeps a note about the person as written, without an "(as of …)" glued on', () => {
    const { facts } = validateFacts(
      [
        item({ content: 'Wants to run a marathon in spring 2027 (as of 23 August 2026).' }),
        item({ content: 'Has a sister, Anna, in Berlin (since 2019); they talk every Sunday.' }),
      ],
      origin,
    );
    expect(facts.map((f) => f.content)).toEqual([
      'Wants to run a marathon in spring 2027.',
      'Has a sister, Anna, in Berlin (since 2019); they talk every Sunday.',
    ]);
  });

  it('drops each bad item alone and keeps the good ones', () => {
    const raw = [
      item(),
      item({ factType: 'health' }),
      item({ confidence: 'certain' }),
      item({ content: '   ' }),
      item({ content: 'x'.repeat(401) }),
      item({ content: 'One. Two. Three.' }),
      'not an object',
      null,
      item({ factType: 'relationship', content: 'Has a sister named Ana.' }),
    ];
    const { facts, dropped } = validateFacts(raw, origin);
    expect(facts.map((f) => f.factType)).toEqual(['goal', 'relationship']);
    expect(dropped).toBe(7);
  });

  it('forgives case and spaces in the type and confidence', () => {
    expect(
      validateFacts([item({ factType: ' Goal', confidence: 'HIGH ' })], origin).facts,
    ).toHaveLength(1);
  });

  it('puts higher confidence first, keeping the model order within a level, and caps at 20', () => {
    const raw = [
      ...Array.from({ length: 15 }, (_, i) => item({ confidence: 'low', content: `Low ${i}.` })),
      ...Array.from({ length: 10 }, (_, i) => item({ confidence: 'high', content: `High ${i}.` })),
      item({ confidence: 'medium', content: 'Medium.' }),
    ];
    const { facts, overCap } = validateFacts(raw, origin);
    expect(facts).toHaveLength(MAX_FACTS_PER_EXTRACTION);
    expect(overCap).toBe(6);
    expect(facts.slice(0, 10).map((f) => f.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `High ${i}.`),
    );
    expect(facts[10]?.content).toBe('Medium.');
    expect(facts.slice(11).map((f) => f.content)).toEqual(
      Array.from({ length: 9 }, (_, i) => `Low ${i}.`),
    );
  });

  it('never returns more than 20 facts or an unordered list, whatever the model sends', () => {
    const conf = fc.constantFrom('high', 'medium', 'low', 'bogus');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            factType: fc.constant('value'),
            content: fc.constant('Values honesty.'),
            confidence: conf,
          }),
          { maxLength: 60 },
        ),
        (raw) => {
          const { facts, dropped, overCap } = validateFacts(raw, origin);
          expect(facts.length).toBeLessThanOrEqual(20);
          expect(facts.length + dropped + overCap).toBe(raw.length);
          const ranks = facts.map((f) => ({ high: 3, medium: 2, low: 1 })[f.confidence]);
          expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
        },
      ),
    );
  });
});

describe('origins', () => {
  it('scopes an artifact to its source session', () => {
    expect(artifactOrigin('art-1', 'sess-9')).toEqual({
      sourceSession: 'sess-9',
      sourceArtifactId: 'art-1',
    });
  });

  it('falls back to artifact-extract when the artifact has no session', () => {
    expect(artifactOrigin('art-1')).toEqual({
      sourceSession: 'artifact-extract',
      sourceArtifactId: 'art-1',
    });
    expect(artifactOrigin('art-1', '  ')).toEqual({
      sourceSession: 'artifact-extract',
      sourceArtifactId: 'art-1',
    });
  });
});

describe('sentenceCount', () => {
  it('counts sentences but not abbreviations or decimals', () => {
    expect(sentenceCount('Sees Dr. Smith weekly.')).toBe(1);
    expect(sentenceCount('Ran 5.5 km today. Felt great!')).toBe(2);
    expect(sentenceCount('Likes tea, e.g. Earl Grey.')).toBe(1);
    expect(sentenceCount('One. Two? Three!')).toBe(3);
  });
});
