import { z } from 'zod';
import { Confidence, FactType, MAX_FACT_CHARS } from '@mnemo/contracts';

/** A 1–2 sentence statement; anything longer is a paragraph the model should not have written (one limit with the memory API). */
export { MAX_FACT_CHARS };
/** Health facts are only ever proposed (docs/memory-facts.md); an extractor may say so by category. */
export const SensitiveCategory = z.enum(['health_condition', 'limitation', 'medication']);

// Models write "Goal" or " high"; the closed set is checked after case and spaces are forgiven.
const lowerTrim = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
const emptyToUndefined = (v: unknown) =>
  v === null ||
  v === '' ||
  (typeof v === 'string' && /^(?:none|null|n\/a|unknown)$/i.test(v.trim()))
    ? undefined
    : v;

/** Turn numbers as a model writes them: `[12, 14]`, `12`, `"12"`, `["t12"]`, `"12, 14"`. */
const turnNumbers = z.preprocess((v) => {
  const list = Array.isArray(v)
    ? v
    : typeof v === 'string'
      ? v.split(/[,\s]+/)
      : v === undefined || v === null
        ? []
        : [v];
  return [
    ...new Set(
      list
        .map((x) =>
          typeof x === 'number'
            ? x
            : typeof x === 'string' && /\d/.test(x)
              ? Number(x.replace(/^\D+/, ''))
              : Number.NaN,
        )
        .filter((n) => Number.isInteger(n) && n >= 0),
    ),
  ].slice(0, 20);
}, z.array(z.number().int().nonnegative()));

/** `2023-05-05`, or a datetime whose day is taken; anything else is no date. */
const day = z.preprocess((v) => {
  const value = emptyToUndefined(v);
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match && !Number.isNaN(Date.parse(`${match[1]}T00:00:00Z`)) ? match[1] : undefined;
}, z.string().optional());

/** A short key for the single-valued thing a fact sets (`home`, `job`, `goal:marathon`): lowercase words, colons, dashes. */
const subject = z.preprocess(
  (v) => {
    const value = emptyToUndefined(v);
    return typeof value === 'string'
      ? value
          .trim()
          .toLowerCase()
          .replace(/\s*:\s*/g, ':')
          .replace(/\s+/g, '-')
          .slice(0, 80)
      : undefined;
  },
  z
    .string()
    .regex(/^[\p{L}\p{N}:_-]+$/u)
    .optional(),
);

/**
 * One extracted fact, as both adapters answer it (`{"facts":[…]}`) and as memory validates it. Beyond the
 * statement itself: the turns it came from, the day an event happened or is planned for, the subject it
 * sets (a newer fact with the same subject supersedes the older), and a sensitive category.
 */
export const ExtractedFact = z.object({
  factType: z.preprocess(lowerTrim, FactType),
  content: z
    .string()
    // The day lives in occurredOn (docs/memory.md, "How a fact is written"): an "(as of …)" glued on is dropped.
    .transform((s) =>
      s
        .replace(/\s+/g, ' ')
        .replace(/\s*\(as (?:of|at) [^()]*\)(?=[.!]?$)/i, '')
        .trim(),
    )
    .pipe(z.string().min(1).max(MAX_FACT_CHARS)),
  confidence: z.preprocess(lowerTrim, Confidence),
  sourceTurns: turnNumbers.optional(),
  occurredOn: day,
  subject,
  category: z
    .preprocess((v) => lowerTrim(emptyToUndefined(v)), SensitiveCategory.optional())
    .catch(undefined),
});
export type ExtractedFact = z.infer<typeof ExtractedFact>;
