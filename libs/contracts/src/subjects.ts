/** NATS subject layout: one place that knows it. (Stream names are the JetStream adapter's: `<prefix>_EVENTS|_RAW|_DLQ`.) */

export type StreamKind = 'events' | 'raw';

/**
 * The raw work queue is split into this many partitions by session (docs/event-log.md: per-session
 * order): one session's raw input always lands in one partition, and each partition is handed out one
 * message at a time across every redaction worker, so a session's events reach MNEMO_EVENTS in the order
 * they were accepted. Changing the number remaps sessions: do it only with MNEMO_RAW drained.
 */
export const RAW_PARTITIONS = 32;

/** What orders raw input: events of one session of one account (or an account's session-less events) stay in order. */
export const rawOrderKey = (event: { accountId: string; sessionId?: string }): string =>
  `${event.accountId}\n${event.sessionId ?? ''}`;

/** The partition (`p00`…) of an event's order key: FNV-1a, so every process and adapter agrees. */
export function rawPartition(event: { accountId: string; sessionId?: string }): string {
  const key = rawOrderKey(event);
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return rawPartitionName((hash >>> 0) % RAW_PARTITIONS);
}

export const rawPartitionName = (index: number): string => `p${String(index).padStart(2, '0')}`;

export const subjects = {
  event: (accountId: string, type: string) => `mnemo.events.${accountId}.${type}`,
  /** Raw input of one account in one partition; a message may pack several of its events (any types). */
  raw: (partition: string, accountId: string) => `mnemo.raw.${partition}.${accountId}`,
  /** Every account's events of one type: one filter subject, which a 2.9 server supports. */
  eventsOfType: (type: string) => `mnemo.events.*.${type}`,
  allEvents: 'mnemo.events.>',
  allRaw: 'mnemo.raw.>',
  rawPartition: (partition: string) => `mnemo.raw.${partition}.>`,
  deadLetter: (service: string) => `mnemo.dlq.${service}`,
  rpc: (service: string, verb: string) => `mnemo.rpc.${service}.${verb}`,
} as const;

export const streamSubject = (
  stream: StreamKind,
  event: { accountId: string; type: string; sessionId?: string },
) =>
  stream === 'events'
    ? subjects.event(event.accountId, event.type)
    : subjects.raw(rawPartition(event), event.accountId);
