import type {
  ArtifactIndexEntry,
  BookmarkItem,
  ConversationSoFar,
  InsightItem,
  MemoryFact,
  MemoryItem,
  PinnedArtifact,
  PlanItem,
  ProposalQuestion,
  ReminderItem,
} from '../domain/context-sources';
import {
  completedTakesByType,
  mergeCatalog,
  SHIPPED_INVENTORY_TYPES,
  type CompletedTake,
  type InventoryType,
} from '@mnemo/life-inventory';
import {
  DEFAULT_PROFILE_LOOKBACK_DAYS,
  type DayValue,
  type ProposalState,
} from '@mnemo/memory-rules';
import { openTrail } from '@mnemo/eventing';
import { isoTimestamp } from './iso-timestamp';
import type { SourceReader } from './source-reader';

/**
 * One loader per source, each a single account-scoped query against one of the context service's own
 * read models (projections/), mapping rows to the assembler's types. Loaders throw freely: the
 * handler wraps each in loadFailOpen. Memories, plans, reminders, session sources and summaries are
 * the context's copies, built from the events memory, ingest and compaction publish.
 */

/**
 * A row limit written into the statement, not sent as a parameter. Behind `LIMIT $n` Postgres's
 * generic plan guesses a tenth of the account's rows, loses to a custom plan, and the sources
 * statement is then planned again at every execution (1 ms of a cold CLAUDE.md's 2.3 ms in
 * Postgres). The limits are the service's own numbers, never a request's.
 */
const limitOf = (limit: number): string => {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`not a row limit: ${limit}`);
  return String(limit);
};

export async function loadCoreProfile(reader: SourceReader): Promise<string | null> {
  const rows = await reader.query<{ profile: string }>(
    'SELECT profile FROM core_profiles WHERE account_id = $1',
    [],
  );
  return rows[0]?.profile ?? null;
}

const MEMORY_COLUMNS =
  'id, account_id, fact_type, content, confidence, confirmed, sensitive, created_at, updated_at';
const toMemory = (row: Record<string, any>): MemoryItem => ({
  id: row.id,
  accountId: row.account_id,
  factType: row.fact_type,
  content: row.content,
  confidence: row.confidence,
  confirmed: row.confirmed,
  sensitive: row.sensitive,
  createdAt: isoTimestamp(row.created_at),
  updatedAt: isoTimestamp(row.updated_at),
});

/**
 * Personal Context (docs/context.md) considers the most recent memories (by creation) before dedup.
 */
export async function loadRecentMemories(
  reader: SourceReader,
  limit: number,
): Promise<MemoryItem[]> {
  // Sensitive facts are held back without the health module, and unconfirmed ones always: leave them
  // out before the limit, so Personal Context still gets its twenty.
  const rows = await reader.query(
    `SELECT ${MEMORY_COLUMNS} FROM context_memory_facts WHERE account_id = $1 AND status = 'active' AND (NOT sensitive OR ($2 AND confirmed))
     ORDER BY created_at DESC, id DESC LIMIT ${limitOf(limit)}`,
    [reader.switches.healthModuleOn],
  );
  return rows.map(toMemory);
}

/**
 * The memory block shows confirmed facts first, then the newest; its 1,500 characters hold far fewer
 * than `perKind` of either, so the newest `perKind` of each are all it can use.
 */
export async function loadBlockFacts(reader: SourceReader, perKind: number): Promise<MemoryFact[]> {
  const rows = await reader.query(
    `(SELECT ${MEMORY_COLUMNS} FROM context_memory_facts WHERE account_id = $1 AND status = 'active' AND confirmed ORDER BY updated_at DESC, id LIMIT ${limitOf(perKind)})
     UNION
     (SELECT ${MEMORY_COLUMNS} FROM context_memory_facts WHERE account_id = $1 AND status = 'active' ORDER BY updated_at DESC, id LIMIT ${limitOf(perKind)})`,
  );
  return rows.map(toMemory);
}

/** Waiting proposals never put to the person yet, oldest first. */
export async function loadOfferableProposals(
  reader: SourceReader,
  limit: number,
): Promise<ProposalQuestion[]> {
  const rows = await reader.query<{ id: string; account_id: string; state: ProposalState }>(
    `SELECT id, account_id, state FROM context_fact_proposals WHERE account_id = $1 AND status = 'pending' AND state->>'offeredAt' IS NULL
     ORDER BY state->>'proposedAt', id LIMIT ${limitOf(limit)}`,
  );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    // the trail is sealed at rest (docs/memory-facts.md)
    content: openTrail(row.state.fact.content),
    proposedAt: row.state.proposedAt,
  }));
}

export async function loadBookmarks(reader: SourceReader, limit: number): Promise<BookmarkItem[]> {
  const rows = await reader.query(
    `SELECT id, text, created_at FROM bookmarks WHERE account_id = $1 ORDER BY created_at DESC, id LIMIT ${limitOf(limit)}`,
  );
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    createdAt: isoTimestamp(row.created_at),
  }));
}

/** Artifacts saved as pinned, and those the request pins for this session. */
export async function loadPinnedArtifacts(
  reader: SourceReader,
  requested: readonly string[],
): Promise<PinnedArtifact[]> {
  const rows = await reader.query(
    'SELECT id, title, content FROM artifacts WHERE account_id = $1 AND (pinned OR id = ANY($2::text[])) ORDER BY created_at, id',
    [requested],
  );
  return rows.map((row) => ({ id: row.id, title: row.title, content: row.content }));
}

export async function loadArtifactIndex(reader: SourceReader): Promise<ArtifactIndexEntry[]> {
  // index_entry: the columns this reads, kept as JSON with the row (projections/context-entries.sql.ts)
  const rows = await reader.query<{ e: Record<string, any> }>(
    'SELECT index_entry AS e FROM artifacts WHERE account_id = $1 ORDER BY created_at, id',
  );
  return rows.map(({ e: row }) => ({
    id: row.id,
    title: row.title,
    gist: row.gist,
    tokens: { gist: row.gist_tokens, summary: row.summary_tokens, full: row.full_tokens },
  }));
}

/** Active insights with the titles of their artifact pair (the id stands in for an artifact not projected yet). */
export async function loadInsights(reader: SourceReader): Promise<InsightItem[]> {
  // entry: the insight with its pair's titles, kept as JSON with the row (projections/context-entries.sql.ts)
  const rows = await reader.query<{ e: Record<string, any> }>(
    `SELECT entry AS e FROM insights WHERE account_id = $1 AND status = 'active' ORDER BY created_at DESC, id`,
  );
  return rows.map(({ e: row }) => ({
    id: row.id,
    kind: row.kind,
    text: row.text,
    artifactATitle: row.a_title,
    artifactBTitle: row.b_title,
    createdAt: isoTimestamp(row.created_at),
  }));
}

/**
 * The person's day series for the rolling profile: each metric's days within the account's lookback
 * (docs/day-series.md) of its latest recorded day, oldest first.
 */
export async function loadRollingProfile(reader: SourceReader): Promise<{
  lookbackDays: number;
  endDay: string | null;
  series: Array<{ metric: string; unit: string; days: DayValue[] }>;
}> {
  const settings = await reader.query<{ profile_lookback_days: number | null }>(
    'SELECT profile_lookback_days FROM account_settings WHERE account_id = $1',
  );
  const lookbackDays = settings[0]?.profile_lookback_days ?? DEFAULT_PROFILE_LOOKBACK_DAYS;
  const rows = await reader.query<{
    metric: string;
    unit: string;
    day: string;
    value: number;
    end_day: string;
  }>(
    `WITH latest AS (SELECT max(day) AS end_day FROM context_measurement_days WHERE account_id = $1)
     SELECT d.metric, d.unit, to_char(d.day, 'YYYY-MM-DD') AS day, d.value, to_char(latest.end_day, 'YYYY-MM-DD') AS end_day
     FROM context_measurement_days d, latest
     WHERE d.account_id = $1 AND d.day > latest.end_day - ${limitOf(lookbackDays)}
     ORDER BY d.metric, d.unit, d.day`,
  );
  const series = new Map<string, { metric: string; unit: string; days: DayValue[] }>();
  for (const row of rows) {
    const key = `${row.metric}\u0000${row.unit}`;
    const entry = series.get(key) ?? { metric: row.metric, unit: row.unit, days: [] };
    entry.days.push({ day: row.day, value: Number(row.value) });
    series.set(key, entry);
  }
  return { lookbackDays, endDay: rows[0]?.end_day ?? null, series: [...series.values()] };
}

/** Active plans, each with its progress line (the projection keeps it with the plan). */
export async function loadActivePlans(reader: SourceReader): Promise<PlanItem[]> {
  const rows = await reader.query(
    `SELECT id, account_id, title, progress_line, progress_at FROM context_plans WHERE account_id = $1 AND status = 'active'`,
  );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    title: row.title,
    progress: row.progress_line ?? null,
    active: true,
    updatedAt: isoTimestamp(row.progress_at),
  }));
}

export async function loadReminders(reader: SourceReader, limit: number): Promise<ReminderItem[]> {
  const rows = await reader.query(
    `SELECT id, account_id, text, due_at FROM context_reminders WHERE account_id = $1 ORDER BY due_at NULLS LAST, id LIMIT ${limitOf(limit)}`,
  );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    text: row.text,
    dueAt: row.due_at ? isoTimestamp(row.due_at) : null,
  }));
}

export async function loadSessionSource(
  reader: SourceReader,
  sessionId: string,
): Promise<string | null> {
  const rows = await reader.query<{ source: string | null }>(
    'SELECT source FROM context_sessions WHERE account_id = $1 AND id = $2',
    [sessionId],
  );
  return rows[0]?.source ?? null;
}

/** The latest compaction summary of a session: `## Conversation So Far` when it resumes. */
export async function loadConversationSoFar(
  reader: SourceReader,
  sessionId: string,
): Promise<ConversationSoFar | null> {
  const rows = await reader.query<{ summary: string; segment: number }>(
    'SELECT summary, segment FROM context_summaries WHERE account_id = $1 AND session_id = $2 ORDER BY segment DESC LIMIT 1',
    [sessionId],
  );
  return rows[0] ? { summary: rows[0].summary, segment: Number(rows[0].segment) } : null;
}

/** The account's latest compaction summary of any session: the narrative of the zero-LLM recall line. */
export async function loadLatestSummary(reader: SourceReader): Promise<string | null> {
  const rows = await reader.query<{ summary: string }>(
    'SELECT summary FROM context_summaries WHERE account_id = $1 ORDER BY last_seq DESC LIMIT 1',
  );
  return rows[0]?.summary ?? null;
}

/** The account's completed inventory takes by type, over its catalog (shipped types merged with its own): what the summary reads. */
export async function loadLifeInventory(reader: SourceReader): Promise<CompletedTake[][]> {
  const [types, takes] = await Promise.all([
    reader.query<{ definition: InventoryType }>(
      'SELECT definition FROM context_inventory_types WHERE account_id = $1 ORDER BY inventory_type',
    ),
    reader.query<{ inventory_type: string; completed_at: string; scores: Record<string, number> }>(
      'SELECT inventory_type, completed_at, scores FROM context_inventory_takes WHERE account_id = $1',
    ),
  ]);
  const catalog = mergeCatalog(
    SHIPPED_INVENTORY_TYPES,
    types.map((row) => row.definition),
  );
  return completedTakesByType(
    catalog,
    takes.map((row) => ({
      inventoryType: row.inventory_type,
      completedAt: isoTimestamp(row.completed_at),
      scores: row.scores,
    })),
  );
}
