import { deterministicUuid, eventFactory, type EventOf, type PayloadOf } from '@mnemo/contracts';

const build = eventFactory('logs');

/** Namespace of the ids the logs service derives (a fixed v4 UUID, chosen once). */
const LOGS_NAMESPACE = '8f0b1c2d-4e5a-4b6c-9d7e-1a2b3c4d5e6f';

type LogsEventType = 'LogTemplateSeen' | 'LogFactsUpdated';

/** An event the logs service writes, validated, with logs as producer. */
export function logsEvent<T extends LogsEventType>(fields: {
  type: T;
  accountId: string;
  occurredAt: string;
  /** What makes the event itself: the same name, the same id, stored once. */
  name: string;
  payload: PayloadOf<T>;
}): EventOf<T> {
  return build<T>({
    id: deterministicUuid(
      LOGS_NAMESPACE,
      `${fields.type}\u0000${fields.accountId}\u0000${fields.name}`,
    ),
    type: fields.type,
    accountId: fields.accountId,
    occurredAt: fields.occurredAt,
    payload: fields.payload,
  });
}
