import {
  IngestEnvelope,
  IngestRequest,
  parseEvent,
  zodIssues,
  type AnyEvent,
  type FieldIssue,
} from '@mnemo/contracts';

export interface BatchIssue extends FieldIssue {
  /** Index of the bad event in `events`; absent for issues with the request as a whole. */
  index?: number;
}

export type BatchResult = { ok: true; events: AnyEvent[] } | { ok: false; issues: BatchIssue[] };

/**
 * Validates a whole `POST /v1/events` body before anything is written: every bad event is reported
 * with its index, field path and reason, and one bad event rejects the batch.
 */
export function validateIngestBatch(
  body: unknown,
  accountId: string,
  producer: string,
  correlationId?: string,
): BatchResult {
  const request = IngestRequest.safeParse(body);
  if (!request.success) return { ok: false, issues: zodIssues(request.error) };
  const issues: BatchIssue[] = [];
  const events: AnyEvent[] = [];
  request.data.events.forEach((raw, index) => {
    // An event without its own correlation id carries the request's, so its log lines join the access
    // log's; the account and the producer are the gateway's, whatever the body says.
    const parsed = parseEvent(
      isRecord(raw) ? { correlationId, ...raw, accountId, producer } : raw,
      IngestEnvelope,
    );
    if (!parsed.ok) issues.push(...parsed.issues.map((issue) => ({ index, ...issue })));
    else events.push(parsed.value);
  });
  return issues.length ? { ok: false, issues } : { ok: true, events };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
