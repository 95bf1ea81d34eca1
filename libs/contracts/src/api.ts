import { z } from 'zod';
import { EventEnvelopeBase, subjectToken } from './envelope';
import { producerEventTypes } from './events';

export const INGEST_MAX_EVENTS = 1000;
export const INGEST_MAX_BYTES = 5 * 1024 * 1024;

/** One event of `POST /v1/events`. The account comes from the API key, never from the body. */
export const IngestEventInput = z.object({
  id: z.uuid(),
  type: z.enum(producerEventTypes),
  version: z.number().int().positive().optional(),
  sessionId: subjectToken,
  occurredAt: z.iso.datetime({ offset: true }),
  causationId: z.uuid().optional(),
  correlationId: z.string().max(128).optional(),
  payload: z.unknown(),
});
export type IngestEventInput = z.infer<typeof IngestEventInput>;

/**
 * An event of `POST /v1/events` once the gateway has put the key's account and its producer on it: the
 * envelope the edge checks, once (parseEvent then checks the payload against its type).
 */
export const IngestEnvelope = EventEnvelopeBase.extend({
  type: IngestEventInput.shape.type,
  sessionId: IngestEventInput.shape.sessionId,
});

export const IngestRequest = z.object({
  events: z.array(z.unknown()).min(1).max(INGEST_MAX_EVENTS),
});

export const IngestResponse = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
});
export type IngestResponse = z.infer<typeof IngestResponse>;

export const CreateAccountRequest = z.object({ name: z.string().trim().min(1).max(200) });
export const CreateAccountResponse = z.object({ accountId: z.string(), apiKey: z.string() });

/** A life-inventory take as `/v1/life-inventory/takes` answers it (the profile service writes it, the web UI reads it). */
export interface LifeInventoryTake {
  takeId: string;
  inventoryType: string;
  status: 'in_progress' | 'completed';
  imported: boolean;
  scores: Record<string, number> | null;
  startedAt: string;
  completedAt: string | null;
}

/** `GET /v1/admin/session-ingest/status`: the transcript ingest loop as the operations page shows it. */
export interface TranscriptIngestStatus {
  enabled: boolean;
  intervalHours: number;
  root: string;
  accountId: string;
  watermark: string | null;
  lastRun: null | {
    runId: string;
    trigger: string;
    status: 'completed' | 'failed';
    startedAt: string;
    finishedAt: string;
  };
  lastRunAt: string | null;
  lastCount: number | null;
  lastTurns: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  nextRunAt: string | null;
}
