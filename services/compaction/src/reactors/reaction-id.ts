import { createHash } from 'node:crypto';

/** Namespace of ids derived for reactions (a fixed v4 UUID, chosen once). */
const REACTION_NAMESPACE = Buffer.from('3c9e7a52f0d14b6e8a1d5b7c2e4f6a80', 'hex');

/**
 * A UUID v5 of (the event reacted to, what the reaction wrote): a redelivered reaction derives the same
 * ids, so the log's duplicate window stores its events once.
 */
export function reactionId(causationId: string, role: string): string {
  const bytes = createHash('sha1').update(REACTION_NAMESPACE).update(`${causationId}\u0000${role}`, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
