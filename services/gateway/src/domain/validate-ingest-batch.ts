import {
  IngestEventInput,
  IngestRequest,
  parseEvent,
  zodIssues,
  type EventEnvelope,
  type FieldIssue,
} from '@mnemo/contracts';

export interface BatchIssue extends FieldIssue {
  /** Index of the bad event in `events`; absent for issues with the request as a whole. */
  index?: number;
}

export type BatchResult =
  { ok: true; events: EventEnvelope[] } | { ok: false; issues: BatchIssue[] };

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
  const events: EventEnvelope[] = [];
  request.data.events.forEach((raw, index) => {
    const input = IngestEventInput.safeParse(raw);
    if (!input.success) {
      issues.push(...zodIssues(input.error).map((issue) => ({ index, ...issue })));
      return;
    }
    // An event without its own correlation id carries the request's, so its log lines join the access log's.
    const parsed = parseEvent({
      correlationId,
      ...input.data,
      version: input.data.version ?? 1,
      accountId,
      producer,
    });
    if (!parsed.ok) issues.push(...parsed.issues.map((issue) => ({ index, ...issue })));
    else events.push(parsed.value);
  });
  return issues.length ? { ok: false, issues } : { ok: true, events };
}
