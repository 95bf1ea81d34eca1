import { createHash } from 'node:crypto';

export { deterministicUuid } from '@mnemo/contracts';

/** Namespace of every id the transcript reader derives (a fixed v4 UUID, chosen once). */
export const TRANSCRIPT_ID_NAMESPACE = '6f1c2a94-3b7e-4d0a-9c55-8e2f4b1d7a63';

/** A stable digest of JSON-able data, with object keys sorted so key order never changes it. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
