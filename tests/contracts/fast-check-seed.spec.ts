import fc from 'fast-check';

// The property specs' inputs come from one seed, unless FC_SEED=random asks for fresh draws
// (tests/support/fast-check-seed.ts, CONTRIBUTING.md).
const draw = () => fc.sample(fc.string({ minLength: 8 }), 20);

describe('property specs draw their inputs', () => {
  if (process.env.FC_SEED === 'random') {
    it('afresh each time a spec asks, when FC_SEED=random', () => {
      expect(draw()).not.toEqual(draw());
    });
  } else {
    it('from one seed: the same inputs every time a spec asks', () => {
      expect(draw()).toEqual(draw());
    });
  }
});
