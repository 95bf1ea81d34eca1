/**
 * The rows of an artifact index line and of an insight as the CLAUDE.md loaders read them, kept as
 * JSON beside the row they come from: written with the row by the context projection (and once for
 * rows that were there before, by ContextEntries). Building these objects at every cold build was
 * most of Postgres's time in the sources statement (insights 0.23 → 0.08 ms, the index 0.19 → 0.08
 * ms, the whole statement 0.78-0.96 → 0.32-0.52 ms, p50 of 250 EXPLAIN ANALYZE on the bench's
 * account); a JSON value kept in the row is only copied into the answer. The keys are the columns
 * the loaders read before, so they map them as they did. Each takes the SQL of its columns (a
 * row's, EXCLUDED's, parameters).
 */

export function artifactIndexEntry(c: {
  id: string;
  title: string;
  gist: string;
  gistTokens: string;
  summaryTokens: string;
  fullTokens: string;
}): string {
  return `json_build_object('id', ${c.id}, 'title', ${c.title}, 'gist', ${c.gist}, 'gist_tokens', ${c.gistTokens},
    'summary_tokens', ${c.summaryTokens}, 'full_tokens', ${c.fullTokens})`;
}

/** Its pair's titles as they are when written (the id stands in for an artifact not projected yet); an artifact saved later rewrites it. */
export function insightEntry(c: {
  accountId: string;
  id: string;
  kind: string;
  text: string;
  createdAt: string;
  artifactA: string;
  artifactB: string;
}): string {
  const title = (artifact: string) =>
    `coalesce((SELECT t.title FROM artifacts t WHERE t.account_id = ${c.accountId} AND t.id = ${artifact}), ${artifact})`;
  return `json_build_object('id', ${c.id}, 'kind', ${c.kind}, 'text', ${c.text}, 'created_at', ${c.createdAt},
    'a_title', ${title(c.artifactA)}, 'b_title', ${title(c.artifactB)})`;
}

/** `artifacts.index_entry` of a row of artifacts named `a`. */
export const ARTIFACT_INDEX_ENTRY = artifactIndexEntry({
  id: 'a.id',
  title: 'a.title',
  gist: 'a.gist',
  gistTokens: 'a.gist_tokens',
  summaryTokens: 'a.summary_tokens',
  fullTokens: 'a.full_tokens',
});

/** `insights.entry` of a row of insights named `i`. */
export const INSIGHT_ENTRY = insightEntry({
  accountId: 'i.account_id',
  id: 'i.id',
  kind: 'i.kind',
  text: 'i.text',
  createdAt: 'i.created_at',
  artifactA: 'i.artifact_a',
  artifactB: 'i.artifact_b',
});
