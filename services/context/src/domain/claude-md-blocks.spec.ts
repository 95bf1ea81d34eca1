import { indexLine, nestHeadings } from './claude-md-blocks';

describe('claude-md blocks', () => {
  it('nests an artifact’s headings below ours, leaving code fences alone', () => {
    expect(nestHeadings('# Title\n## Part\n#### Deep\n```\n# not a heading\n```\n#hashtag')).toBe(
      '##### Title\n###### Part\n###### Deep\n```\n# not a heading\n```\n#hashtag',
    );
  });

  it('lists an artifact with its gist and its token cost at each level', () => {
    expect(
      indexLine(
        {
          id: 'a1',
          title: 'Career\nHistory',
          gist: 'Ten years.',
          tokens: { gist: 5, summary: 50, full: 500 },
        },
        undefined,
      ),
    ).toBe('- **Career History** (`a1`): Ten years. · tokens: gist 5 / summary 50 / full 500');
  });

  it('lists a pinned artifact that spilled, even without its costs', () => {
    expect(indexLine(undefined, { id: 'p1', title: 'Values', content: '…' })).toBe(
      '- **Values** (`p1`) · pinned for this session, but too long to include in full here',
    );
  });
});
