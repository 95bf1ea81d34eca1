import { meaningSimilarity, meaningWords } from './meaning-words';

describe('meaning words (lemmas and WordNet senses)', () => {
  it('reads a statement as the lemmas that carry its meaning', () => {
    expect(meaningWords('Has always had a love for horses.').map((w) => w.lemma)).toEqual([
      'love',
      'horse',
    ]);
  });

  it('finds a statement said again in other words alike', () => {
    expect(meaningSimilarity('Has always had a love for horses.', 'Loves horses.')).toBe(1);
    expect(meaningSimilarity('Watches films on Sundays.', 'Watches movies on Sundays.')).toBe(1);
    expect(meaningSimilarity('Has two kids.', 'Has two children.')).toBe(1);
  });

  it('keeps different things and opposite statements apart', () => {
    expect(meaningSimilarity('Loves horses.', 'Loves cats.')).toBeLessThan(0.8);
    expect(meaningSimilarity('Wants kids.', 'Never wants kids.')).toBe(0);
    expect(meaningSimilarity('Eats meat.', "Doesn't eat meat.")).toBe(0);
  });
});
