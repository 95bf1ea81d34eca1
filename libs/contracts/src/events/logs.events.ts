import { z } from 'zod';

/**
 * Runtime logs folded into templates (docs/logs.md). Lines are never events: a source folds them in
 * windows and writes what changed, so a million lines make a handful of events. Every text here was
 * redacted before it was folded.
 */
/**
 * A project's name: a short name or, as a coding agent names its project, the repository's root path, so
 * that the digest of a session in that repository finds the logs written for it (docs/logs.md).
 */
export const logProject = z
  .string()
  .min(1)
  .max(1000)
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'may hold no control character')
  .refine((name) => name.trim() === name, 'may not start or end with a space');

export const logSeverities = ['fatal', 'error', 'warn', 'info', 'debug', 'unknown'] as const;
export const LogSeverity = z.enum(logSeverities);
export type LogSeverity = z.infer<typeof LogSeverity>;

/** A source's name within its account and project: `journald`, `file:<path>`, `otlp`, `import`. */
export const logSourceId = z.string().min(1).max(512);

/** A template met for the first time in a project. */
export const LogTemplateSeen = z.object({
  project: logProject,
  sourceId: logSourceId,
  templateId: z.string().regex(/^[0-9a-f]{16}$/),
  template: z.string().min(1).max(4096),
  firstSeenAt: z.iso.datetime({ offset: true }),
});

const Count = z.number().int().min(0);

/** One template's share of a window: what to add to its facts. */
export const LogTemplateDelta = z.object({
  templateId: z.string().regex(/^[0-9a-f]{16}$/),
  /** The template's text now (its wildcards may have grown since it was seen). */
  template: z.string().min(1).max(4096),
  count: Count.min(1),
  firstSeenAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  severities: z.partialRecord(LogSeverity, Count),
  /** Lines per UTC hour (the hour's start), for rates and rising templates. */
  hours: z
    .record(z.iso.datetime({ offset: true }), Count)
    .refine((h) => Object.keys(h).length <= 200),
  units: z.record(z.string().max(256), Count).refine((u) => Object.keys(u).length <= 10),
  hosts: z.record(z.string().max(256), Count).refine((h) => Object.keys(h).length <= 10),
  /** Up to three redacted lines of this template, each at most 1,000 characters. */
  examples: z.array(z.string().max(1000)).max(3),
  /** The shapes of the variable values, `<position>:<shape>` → count (`3:9.9.9.9`). */
  shapes: z.record(z.string().max(80), Count).refine((s) => Object.keys(s).length <= 20),
});
export type LogTemplateDelta = z.infer<typeof LogTemplateDelta>;

/**
 * A window of a source folded: the per-template deltas and the source's position after it, in one
 * event, so counts and cursor move together (a source that restarts resumes after this window).
 */
export const LogFactsUpdated = z.object({
  project: logProject,
  sourceId: logSourceId,
  lines: Count,
  /** Lines the source could not fold (too long, not text): counted, never stored. */
  skipped: Count.default(0),
  /** Where the source resumes: a journald cursor, a file's identity and offset; absent for pushes. */
  cursor: z.string().max(4096).optional(),
  templates: z.array(LogTemplateDelta).max(500),
});

export const logsEvents = { LogTemplateSeen, LogFactsUpdated } as const;
