import { artifactCosts, gistOf } from './artifact-costs';

describe('artifact costs', () => {
  it('takes the first sentence as the gist and caps it', () => {
    expect(gistOf('I value honesty.  Then more text.')).toBe('I value honesty.');
    expect(gistOf('x'.repeat(500))).toHaveLength(200);
    expect(gistOf('no stop at all')).toBe('no stop at all');
  });

  it('prices each level from its length, the summary never above the full text', () => {
    expect(artifactCosts('a'.repeat(10_000), 'gist')).toEqual({ gist: 1, summary: 500, full: 2_500 });
    expect(artifactCosts('short', 'short')).toEqual({ gist: 2, summary: 2, full: 2 });
  });
});
