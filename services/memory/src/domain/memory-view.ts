import {
  FACTS_GROUP,
  MEMORY_CATEGORIES,
  categoryOf,
  type MemoryCategory,
} from './memory-categories';
import type { MemoryView } from '@mnemo/contracts';
import type { FactTypeName } from './memory-fact';

/** A memory as the Explorer shows it: the wire shape is the contract's, shared with the web UI. */
export type { MemoryView };

const iso = (value: unknown): string => new Date(value as string).toISOString();
// node-postgres reads a date column as local midnight; the stored day is what counts.
const isoDay = (value: unknown): string =>
  value instanceof Date
    ? `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`
    : String(value).slice(0, 10);

export function memoryView(row: Record<string, any>): MemoryView {
  return {
    id: row.id,
    factType: row.fact_type,
    category: categoryOf(row.fact_type),
    content: row.content,
    confidence: row.confidence,
    source: row.source,
    origin: {
      session: row.source_session,
      ...(row.source_segment != null ? { segment: row.source_segment } : {}),
      ...(row.source_artifact_id != null ? { artifactId: row.source_artifact_id } : {}),
      ...(row.source_message_seq != null ? { messageSeq: row.source_message_seq } : {}),
      ...(row.source_turns != null ? { turns: (row.source_turns as unknown[]).map(Number) } : {}),
    },
    occurredOn: row.occurred_on == null ? null : isoDay(row.occurred_on),
    editedByPerson: row.edited_by_person === true,
    status: row.status === 'superseded' ? 'superseded' : 'active',
    supersededBy: row.superseded_by ?? null,
    sensitive: row.sensitive,
    confirmed: row.confirmed,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    lastUsedAt: row.last_used_at ? iso(row.last_used_at) : null,
  };
}

/**
 * Per-tab counts from per-type totals (what a GROUP BY gives): the same numbers `countByCategory`
 * gives for the facts themselves, without loading them.
 */
export function countsFromTypeTotals(
  totals: readonly { factType: FactTypeName; n: number }[],
): Record<MemoryCategory, number> {
  const counts = Object.fromEntries(MEMORY_CATEGORIES.map((c) => [c, 0])) as Record<
    MemoryCategory,
    number
  >;
  for (const { factType, n } of totals) {
    counts.All += n;
    const tab = categoryOf(factType);
    counts[tab] += n;
    if (tab !== 'Facts' && FACTS_GROUP.includes(factType)) counts.Facts += n;
  }
  return counts;
}

const MARK_START = '\u0001';
const MARK_END = '\u0002';
/** ts_headline's options: control characters as markers, so the markup is ours, added after escaping. */
export const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes the snippet's text and turns the markers into `<mark>`…`</mark>`: only our marks are markup. */
export function highlightSnippet(headline: string): string {
  return headline
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>');
}
