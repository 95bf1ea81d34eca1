import { z } from 'zod';
import { logProject } from '@mnemo/contracts';
import { severityOfOtlp, type RawLogLine } from './log-line';

/** OTLP's AnyValue, as the JSON encoding writes it; only what a log body or attribute needs. */
const AnyValue: z.ZodType<Record<string, unknown>> = z.record(z.string(), z.unknown());
const KeyValue = z.object({ key: z.string(), value: AnyValue.optional() });
const Attributes = z.array(KeyValue).max(256).optional();

const LogRecord = z.object({
  timeUnixNano: z.union([z.string(), z.number()]).optional(),
  observedTimeUnixNano: z.union([z.string(), z.number()]).optional(),
  severityNumber: z.number().int().min(0).max(24).optional(),
  severityText: z.string().max(64).optional(),
  body: AnyValue.optional(),
  attributes: Attributes,
});

/** `ExportLogsServiceRequest` in OTLP's JSON encoding (opentelemetry-proto, logs/v1). */
export const OtlpLogsRequest = z.object({
  resourceLogs: z
    .array(
      z.object({
        resource: z.object({ attributes: Attributes }).optional(),
        scopeLogs: z
          .array(z.object({ logRecords: z.array(LogRecord).max(100_000).default([]) }))
          .default([]),
      }),
    )
    .default([]),
});
export type OtlpLogsRequest = z.infer<typeof OtlpLogsRequest>;

export interface OtlpLine {
  project: string;
  line: RawLogLine;
}

/**
 * The lines of an OTLP request, each with its project: the resource's `mnemo.project`, else its
 * `service.namespace`, else `fallbackProject`. The unit is `service.name`, the host `host.name`; a
 * record without a time of its own is dated `receivedAt`.
 */
export function linesOfOtlp(
  request: OtlpLogsRequest,
  fallbackProject: string,
  receivedAt: Date,
): OtlpLine[] {
  const lines: OtlpLine[] = [];
  for (const resourceLogs of request.resourceLogs) {
    const attributes = resourceLogs.resource?.attributes ?? [];
    const named = (key: string) => stringOf(attributes.find((a) => a.key === key)?.value);
    const candidate = named('mnemo.project') ?? named('service.namespace');
    const project =
      candidate && logProject.safeParse(candidate).success ? candidate : fallbackProject;
    const unit = named('service.name');
    const host = named('host.name');
    for (const scope of resourceLogs.scopeLogs)
      for (const record of scope.logRecords) {
        const at = dateOfNanos(record.timeUnixNano ?? record.observedTimeUnixNano) ?? receivedAt;
        const severity = severityOfOtlp(record.severityNumber, record.severityText);
        lines.push({
          project,
          line: {
            message: stringOf(record.body) ?? '',
            at,
            ...(severity !== 'unknown' ? { severity } : {}),
            ...(unit ? { unit } : {}),
            ...(host ? { host } : {}),
          },
        });
      }
  }
  return lines;
}

function dateOfNanos(nanos: string | number | undefined): Date | undefined {
  if (nanos === undefined) return undefined;
  try {
    const millis = Number(BigInt(nanos) / 1_000_000n);
    return millis > 0 && Number.isFinite(new Date(millis).getTime()) ? new Date(millis) : undefined;
  } catch {
    return undefined; // not an integer: the record is dated when it was received
  }
}

function stringOf(value: Record<string, unknown> | undefined): string | undefined {
  if (!value) return undefined;
  if (typeof value.stringValue === 'string') return value.stringValue;
  for (const key of ['intValue', 'doubleValue', 'boolValue']) {
    const scalar = value[key];
    if (typeof scalar === 'string' || typeof scalar === 'number' || typeof scalar === 'boolean')
      return String(scalar);
  }
  if (typeof value.bytesValue === 'string')
    return Buffer.from(value.bytesValue, 'base64').toString('utf8');
  return Object.keys(value).length > 0 ? JSON.stringify(value) : undefined;
}
