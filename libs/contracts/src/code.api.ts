import { z } from 'zod';
import { CodeSymbol } from './events/code.events';

/** `GET /v1/drift`: a file (from its repository's root, or absolute), and since when. */
export const DriftQuery = z.object({
  path: z.string().trim().min(1).max(2000),
  since: z.iso.datetime({ offset: true }).or(z.iso.date()),
  project: z.string().min(1).max(2000).optional(),
  /** The baseline's symbols too, for a caller that diffs them against a working tree of its own. */
  baselineSymbols: z.enum(['true', 'false']).optional(),
});
export type DriftQuery = z.infer<typeof DriftQuery>;

const SymbolPlace = z.object({
  name: z.string(),
  kind: z.string(),
  parent: z.string().optional(),
  signature: z.string(),
  startLine: z.number().int(),
  endLine: z.number().int(),
});
const SymbolChange = z.object({ from: SymbolPlace, to: SymbolPlace });
const Point = z.object({
  at: z.string(),
  commit: z.string().optional(),
  /** The commit's author, when the snapshot came from git. */
  author: z.string().optional(),
  contentHash: z.string(),
});

/** What `GET /v1/drift` and `mnemo drift --json` answer: a delta, or no delta and today's symbols. */
export const DriftAnswer = z.object({
  project: z.string().nullable(),
  path: z.string(),
  since: z.string(),
  baseline: Point.nullable(),
  current: Point.nullable(),
  delta: z
    .object({
      added: z.array(SymbolPlace),
      removed: z.array(SymbolPlace),
      renamed: z.array(SymbolChange),
      moved: z.array(SymbolChange),
      signatureChanged: z.array(SymbolChange),
      bodyChanged: z.array(SymbolChange),
      unchanged: z.number().int(),
    })
    .nullable(),
  symbols: z.array(SymbolPlace).optional(),
  /** Asked for with `baselineSymbols=true`: the baseline's symbols, bodies as hashes only. */
  baselineSymbols: z.array(CodeSymbol).optional(),
  text: z.string(),
});
export type DriftAnswer = z.infer<typeof DriftAnswer>;
