import { createHash } from 'node:crypto';

/**
 * A UUID derived from a name (RFC 9562 version 5 layout over SHA-256 bits). The ledger's events take
 * their id from the reservation they settle, so a commit retried from an outbox, or answered by a
 * second instance, is dropped by the log's duplicate window instead of being recorded twice.
 */
export function nameUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const settlementEventId = (kind: 'committed' | 'released' | 'refused', reservationId: string): string =>
  nameUuid(`mnemo:cost-ledger:${kind}:${reservationId}`);
