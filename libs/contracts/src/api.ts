import { z } from 'zod';
import { subjectToken } from './envelope';
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

export const IngestRequest = z.object({
  events: z.array(z.unknown()).min(1).max(INGEST_MAX_EVENTS),
});

export const IngestResponse = z.object({ accepted: z.number().int(), duplicates: z.number().int() });
export type IngestResponse = z.infer<typeof IngestResponse>;

export const CreateAccountRequest = z.object({ name: z.string().trim().min(1).max(200) });
export const CreateAccountResponse = z.object({ accountId: z.string(), apiKey: z.string() });
