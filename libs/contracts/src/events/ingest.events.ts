import { z } from 'zod';
import { storedCount } from './stored-integer';

/** A turn or segment number: the proto's int32, and the `int` columns the projections keep it in (larger ones were accepted, then dead-lettered by every projection). */
export const sequenceNumber = storedCount;

/** Events producers send (over HTTP, gRPC or the transcript reader). Text fields are redacted before MNEMO_EVENTS. */
export const SessionStarted = z.object({
  source: z.string().min(1).max(200),
  title: z.string().max(500).optional(),
  cwd: z.string().max(2000).optional(),
  gitBranch: z.string().max(500).optional(),
  /** Who ran the session (the transcript loop: MNEMO_DEVELOPER, else the OS user); recall filters on it. */
  developer: z.string().max(200).optional(),
  /** The git root of `cwd` (worktrees of one repository share it), or what the producer names; recall filters on it. */
  project: z.string().max(2000).optional(),
  /** Set when this session is a subagent (sidechain) transcript: the session that spawned it. */
  parentSessionId: z.string().max(128).optional(),
  /** Who the conversation is with, when the producer knows (a coaching app knows its client): memory's extraction prompt names them. */
  personName: z.string().max(200).optional(),
  /** What the person is to the producer ("a coaching client", "a developer"): context for the extraction prompt. */
  personRole: z.string().max(200).optional(),
});

export const SessionEnded = z.object({
  reason: z.string().max(200).optional(),
});

export const ToolCall = z.object({
  id: z.string().max(200).optional(),
  name: z.string().min(1).max(200),
  input: z.string().max(200_000).optional(),
  result: z.string().max(1_000_000).optional(),
  isError: z.boolean().optional(),
});

export const TurnRecorded = z.object({
  seq: sequenceNumber,
  role: z.enum(['user', 'assistant', 'system']),
  text: z.string().max(1_000_000),
  toolCalls: z.array(ToolCall).max(500).optional(),
  isSidechain: z.boolean().optional(),
  /** The turn is a compaction summary written by the assistant's harness, not something a person typed. */
  isCompactSummary: z.boolean().optional(),
});

export const SegmentPaused = z.object({
  segment: sequenceNumber.positive(),
});

export const ArtifactSaved = z.object({
  artifactId: z.string().min(1).max(200),
  title: z.string().max(500),
  content: z.string().max(2_000_000),
  kind: z.string().max(100).optional(),
  gist: z.string().max(2000).optional(),
  /** Loaded in full into every CLAUDE.md while the budget allows (pinned context, docs/context.md). */
  pinned: z.boolean().optional(),
});

export const BookmarkAdded = z.object({
  bookmarkId: z.string().min(1).max(200),
  text: z.string().min(1).max(5000),
  turnSeq: sequenceNumber.optional(),
});

export const ReminderSet = z.object({
  reminderId: z.string().min(1).max(200),
  text: z.string().min(1).max(2000),
  dueAt: z.iso.datetime({ offset: true }).optional(),
});

/** A metric of the person's own day series: lower-case words joined by `_` ("steps", "resting_heart_rate"). */
export const metricName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, 'lower-case letters, digits and _, starting with a letter');
/** A unit as the producer writes it ("steps", "bpm", "kg", "h"); series are kept per metric and unit. */
export const measurementUnit = z
  .string()
  .regex(/^[A-Za-z%°/][A-Za-z0-9%°/._-]{0,31}$/, 'a unit symbol such as steps, bpm, kg or h');

/** What a plan measures itself by: a metric of the person's day series and a daily target in its unit. */
export const PlanMeasure = z.object({
  metric: metricName,
  unit: measurementUnit,
  target: z.number().finite().nonnegative(),
  /** Whether the target is a floor (8,000 steps a day) or a ceiling (resting heart rate under 60). */
  direction: z.enum(['at_least', 'at_most']).default('at_least'),
});

export const PlanProposed = z.object({
  planId: z.string().min(1).max(200),
  title: z.string().min(1).max(500),
  steps: z.array(z.string().max(1000)).max(50).default([]),
  reviewDays: z.number().int().positive().max(365).default(14),
  measure: PlanMeasure.optional(),
  /** The person's message this plan answers (its seq in the session): memory's rule stamps it, one plan per answer. */
  answerSeq: sequenceNumber.optional(),
});

/**
 * One measurement of the person's own (a step count from a watch, a weighing): a point of a day series.
 * Dated by its calendar `day` or by its time `at` (its day is the date as written, in the producer's offset).
 */
export const MeasurementRecorded = z
  .object({
    metric: metricName,
    value: z.number().finite(),
    unit: measurementUnit,
    day: z.iso.date().optional(),
    at: z.iso.datetime({ offset: true }).optional(),
    source: z.string().min(1).max(200),
    /** The producer's id of this measurement: a second one with the same id is the same measurement. */
    measurementId: z.string().min(1).max(200).optional(),
  })
  .refine((m) => (m.day === undefined) !== (m.at === undefined), {
    path: ['day'],
    message: 'exactly one of day or at',
  });

export const SessionOutcomeRecorded = z.object({
  summary: z.string().max(4000),
  firstUserTurn: z.string().max(1200),
  lastAssistantTurn: z.string().max(800),
  filesRead: z.array(z.string()).max(2000),
  filesEdited: z.array(z.string()).max(2000),
  toolsCalled: z.record(z.string(), z.number().int().nonnegative()),
  commitShas: z.array(z.string()).max(20),
  startedAt: z.iso.datetime({ offset: true }).optional(),
  endedAt: z.iso.datetime({ offset: true }).optional(),
  cwd: z.string().optional(),
  gitBranch: z.string().optional(),
  outcome: z.enum(['merged', 'reverted', 'abandoned', 'unknown']),
});

/** One run of the transcript ingest loop (or its on-demand trigger): what it read and where it got to. */
const TranscriptIngestRun = z.object({
  runId: z.uuid(),
  trigger: z.enum(['loop', 'admin', 'cli']),
  root: z.string().max(4000),
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }),
  durationMs: storedCount,
  /** Files modified at or after this time were read; absent for a full scan. */
  since: z.iso.datetime({ offset: true }).optional(),
  files: storedCount,
  sessions: storedCount,
  turns: storedCount,
  events: storedCount,
  skippedFiles: storedCount,
  skippedLines: storedCount,
  outcomesUpdated: storedCount.default(0),
});

export const TranscriptIngestRunCompleted = TranscriptIngestRun.extend({
  /** The newest file modification time fully ingested: the next loop run reads files from here on. */
  watermark: z.iso.datetime({ offset: true }).optional(),
});

/** A failed run keeps the watermark where it was, so the next run retries the same window. */
export const TranscriptIngestRunFailed = TranscriptIngestRun.extend({
  error: z.string().max(2000),
});

export const ingestEvents = {
  SessionStarted,
  SessionEnded,
  TurnRecorded,
  SegmentPaused,
  ArtifactSaved,
  BookmarkAdded,
  ReminderSet,
  PlanProposed,
  MeasurementRecorded,
  SessionOutcomeRecorded,
  TranscriptIngestRunCompleted,
  TranscriptIngestRunFailed,
} as const;
