import type { SearchHit } from '../../types';

/** The matches of a search, each a snippet with the matched words marked. */
export function SearchResults({ hits, query }: { hits: readonly SearchHit[]; query: string }) {
  return (
    <section aria-label="Search results">
      <p className="hint">
        {hits.length} {hits.length === 1 ? 'match' : 'matches'} for “{query.trim()}”
      </p>
      <ul className="memories">
        {hits.map((hit) => (
          <li key={hit.id} className="memory">
            {/* the snippet is escaped by the server; its only markup is <mark> around the matches */}
            <p className="snippet" dangerouslySetInnerHTML={{ __html: hit.snippet }} />
            <p className="meta">{hit.factType}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
