import { deterministicUuid } from '@mnemo/contracts';

/** Namespace of the ledger's derived ids (a fixed v4 UUID, chosen once). */
const LEDGER_NAMESPACE = '9d2b6c41-7e3a-4f58-b0c6-1a4e8d3f5b27';

/**
 * The ledger's events take their id from the reservation they settle, so a commit retried from an
 * outbox, or answered by a second instance, is dropped by the log's duplicate window instead of being
 * recorded twice.
 */
export const settlementEventId = (
  kind: 'committed' | 'released' | 'refused',
  reservationId: string,
): string => deterministicUuid(LEDGER_NAMESPACE, `${kind}:${reservationId}`);
