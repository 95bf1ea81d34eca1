import { artifactCosts, artifactText, gistOf, SUMMARY_CHARS, tokensFor } from './artifact-costs';

describe('artifact costs', () => {
  it('takes the first sentence as the gist and caps it', () => {
    expect(gistOf('I value honesty.  Then more text.')).toBe('I value honesty.');
    expect(gistOf('x'.repeat(500))).toHaveLength(200);
    expect(gistOf('no stop at all')).toBe('no stop at all');
  });

  it('reads the gist from the prose, not from the markdown headings or list markers', () => {
    expect(
      gistOf(
        '# Career History\n\nTen years as an ICU nurse. Strong under pressure.\n\n## Turning point\nIT.',
      ),
    ).toBe('Ten years as an ICU nurse.');
    expect(gistOf('## Values\n- Honesty above comfort.\n- Care.')).toBe('Honesty above comfort.');
    expect(gistOf('# Only A Title')).toBe('Only A Title');
    expect(gistOf('#hashtag is not a heading.')).toBe('#hashtag is not a heading.');
  });

  it('prices each level from its length, the summary never above the full text', () => {
    expect(artifactCosts('a'.repeat(10_000), 'gist')).toEqual({
      gist: 1,
      summary: 500,
      full: 2_500,
    });
    expect(artifactCosts('short', 'short')).toEqual({ gist: 2, summary: 2, full: 2 });
  });

  it('serves at each level exactly the text the index priced', () => {
    const content = `${'word '.repeat(1_000)}end`;
    const gist = gistOf(content);
    const costs = artifactCosts(content, gist);
    const at = (level: 'gist' | 'summary' | 'full') => artifactText(content, gist, level);
    expect(at('gist')).toEqual({ text: gist, truncated: true });
    expect(at('summary')).toEqual({ text: content.slice(0, SUMMARY_CHARS), truncated: true });
    expect(at('full')).toEqual({ text: content, truncated: false });
    expect([
      tokensFor(at('gist').text.length),
      tokensFor(at('summary').text.length),
      tokensFor(at('full').text.length),
    ]).toEqual([costs.gist, costs.summary, costs.full]);
    expect(artifactText('Short.', 'Short.', 'summary')).toEqual({
      text: 'Short.',
      truncated: false,
    });
  });
});
