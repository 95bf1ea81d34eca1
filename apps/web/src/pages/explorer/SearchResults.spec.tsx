import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SearchHit } from '../../types';
import { SearchResults } from './SearchResults';

const hit = (id: string, snippet: string): SearchHit => ({
  id,
  factType: 'preference',
  content: snippet.replace(/<\/?mark>/g, ''),
  version: 1,
  rank: 1,
  snippet,
});

describe('SearchResults', () => {
  it('counts its matches in words, one or many', () => {
    expect(renderToStaticMarkup(<SearchResults hits={[]} query=" tea " />)).toContain(
      '0 matches for “tea”',
    );
    expect(
      renderToStaticMarkup(
        <SearchResults hits={[hit('a', 'green <mark>tea</mark>')]} query="tea" />,
      ),
    ).toContain('1 match for “tea”');
  });

  it('keeps the server’s marks around the matched words', () => {
    expect(
      renderToStaticMarkup(
        <SearchResults hits={[hit('a', 'green <mark>tea</mark>')]} query="tea" />,
      ),
    ).toContain('<p class="snippet">green <mark>tea</mark></p>');
  });
});
