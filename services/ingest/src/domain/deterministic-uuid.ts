import { createHash } from 'node:crypto';

/** Namespace of every id the transcript reader derives (a fixed v4 UUID, chosen once). */
export const TRANSCRIPT_ID_NAMESPACE = '6f1c2a94-3b7e-4d0a-9c55-8e2f4b1d7a63';

/**
 * RFC 9562 UUID version 5: SHA-1 of the namespace bytes and the name, with version and variant bits
 * set. The same (namespace, name) always gives the same id, which is what makes re-ingest idempotent.
 */
export function deterministicUuid(namespace: string, name: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new TypeError(`namespace must be a UUID, got "${namespace}"`);
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
