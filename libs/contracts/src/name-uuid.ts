import { createHash } from 'node:crypto';

/**
 * RFC 9562 UUID version 5: SHA-1 of the namespace bytes and the name, with version and variant bits
 * set. Every id Mnemo derives instead of drawing (a re-read transcript line, a redelivered reaction, a
 * lapse two sweeps find at once) comes from here, so the log's duplicate check stores it once.
 */
export function deterministicUuid(namespace: string, name: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new TypeError(`namespace must be a UUID, got "${namespace}"`);
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes.readUInt8(6) & 0x0f) | 0x50;
  bytes[8] = (bytes.readUInt8(8) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Namespace of ids derived for reactions (a fixed v4 UUID, chosen once). */
const REACTION_NAMESPACE = '3c9e7a52-f0d1-4b6e-8a1d-5b7c2e4f6a80';

/**
 * The id of something a reactor writes, from (the event reacted to, what it wrote): a redelivered
 * reaction derives the same ids, so the log's duplicate window stores its events once.
 */
export const reactionId = (causationId: string, role: string): string =>
  deterministicUuid(REACTION_NAMESPACE, `${causationId}\u0000${role}`);
