import { z } from 'zod';
import { Confidence, FactType } from './events/memory.events';
import { measurementUnit, metricName } from './events/ingest.events';
import {
  MAX_FACT_CHARS,
  MEMORY_CATEGORIES,
  MIN_SEARCH_CHARS,
  type MemoryCategory,
} from './memory-categories';

/**
 * The Memory Explorer's wire contract: the memory service parses these, the web UI sends
 * them (type-only there), the OpenAPI document shows them.
 */

/** Tabs are matched case-insensitively: `?category=goals` is the Goals tab. */
const Category = z.string().transform((value, ctx) => {
  const found = MEMORY_CATEGORIES.find((c) => c.toLowerCase() === value.trim().toLowerCase());
  if (!found) ctx.addIssue({ code: 'custom', message: `one of ${MEMORY_CATEGORIES.join(', ')}` });
  return found as MemoryCategory;
});

/** Words only: control characters would corrupt the search snippet's highlight markers. */
const factText = z
  .string()
  .trim()
  .min(1)
  .max(MAX_FACT_CHARS)
  .refine(
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    (text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text),
    'may not hold control characters',
  );

export const ListMemoriesQuery = z.object({
  category: Category.default('All'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const SearchMemoriesQuery = z.object({
  q: z.string().trim().min(MIN_SEARCH_CHARS, `at least ${MIN_SEARCH_CHARS} characters`).max(200),
  category: Category.default('All'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const CreateMemoryBody = z.strictObject({
  content: factText,
  /** The type; without it the active tab decides ("All" saves under Facts, as an event). */
  factType: FactType.optional(),
  category: Category.optional(),
});

export const PatchMemoryBody = z
  .strictObject({
    version: z.number().int().positive(),
    content: factText.optional(),
    factType: FactType.optional(),
    confidence: Confidence.optional(),
  })
  .refine(
    (body) =>
      body.content !== undefined || body.factType !== undefined || body.confidence !== undefined,
    {
      message: 'nothing to change: send content, factType or confidence',
      path: ['content'],
    },
  );

/** What a client sends (the `z.input` side: defaults may be left out). */
/** The most measurements one POST /v1/measurements takes: a month of a watch's samples at once. */
export const MAX_MEASUREMENTS_PER_BATCH = 2000;

/** One measurement of the person's own as POST /v1/measurements takes it (as MeasurementRecorded says it); `id` makes a retry the same measurement. */
export const MeasurementBody = z
  .strictObject({
    id: z.string().trim().min(1).max(200).optional(),
    metric: metricName,
    value: z.number().finite(),
    unit: measurementUnit,
    day: z.iso.date().optional(),
    at: z.iso.datetime({ offset: true }).optional(),
    source: z.string().trim().min(1).max(200),
  })
  .refine((m) => (m.day === undefined) !== (m.at === undefined), {
    path: ['day'],
    message: 'exactly one of day or at',
  });

/** A batch of the person's own measurements, all or nothing. */
export const RecordMeasurementsBody = z.strictObject({
  measurements: z.array(MeasurementBody).min(1).max(MAX_MEASUREMENTS_PER_BATCH),
});

export type ListMemoriesParams = z.input<typeof ListMemoriesQuery>;
export type SearchMemoriesParams = z.input<typeof SearchMemoriesQuery>;
export type CreateMemoryRequest = z.input<typeof CreateMemoryBody>;
export type PatchMemoryRequest = z.input<typeof PatchMemoryBody>;
/** One measurement of the person's own, as `POST /v1/measurements` takes it (exactly one of day or at). */
export type MeasurementInput = z.input<typeof MeasurementBody>;

/**
 * What the memory service answers (the web UI reads these types; the e2e tests check the shapes): one
 * definition, so the UI cannot drift from the service.
 */
export interface MemoryView {
  id: string;
  factType: z.infer<typeof FactType>;
  category: Exclude<MemoryCategory, 'All'>;
  content: string;
  confidence: z.infer<typeof Confidence>;
  source: string;
  /** Where it came from: the session and, for an extracted fact, the turns it was read from; or the artifact. */
  origin: {
    session: string;
    segment?: number;
    artifactId?: string;
    messageSeq?: number;
    turns?: number[];
  };
  /** The day an event happened or is planned for. */
  occurredOn: string | null;
  /** The person changed it; its origin still says where it first came from. */
  editedByPerson: boolean;
  /** `superseded`: a newer fact about the same thing replaced it (`supersededBy`); it stays for its history. */
  status: 'active' | 'superseded';
  supersededBy: string | null;
  /** The facts this one replaced, oldest first (filled by the reads; empty from memoryView alone). */
  supersedes?: Array<{ id: string; content: string }>;
  sensitive: boolean;
  confirmed: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
  lastUsedAt: string | null;
}

/** `GET /v1/memories`: one tab's page, with every tab's count. */
export interface MemoryPage {
  memories: MemoryView[];
  counts: Record<MemoryCategory, number>;
  total: number;
  page: number;
  pageSize: number;
}

/** One hit of `GET /v1/memories/search`. */
export interface MemorySearchHit {
  id: string;
  factType: z.infer<typeof FactType>;
  content: string;
  version: number;
  rank: number;
  /** Server-escaped text with `<mark>` around the matches: the only markup in it is ours. */
  snippet: string;
}

/** One `change` of `GET /v1/memories/stream` (server-sent events), in log order. */
export interface MemoryFeedChange {
  /** extracted, created, edited, deleted, used; for proposals proposal_pending, proposal_confirmed, … */
  type: string;
  memoryId?: string;
  proposalId?: string;
  version?: number;
  seq: number;
}
