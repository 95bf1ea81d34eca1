/** NATS subject layout: one place that knows it. (Stream names are the JetStream adapter's: `<prefix>_EVENTS|_RAW|_DLQ`.) */

export type StreamKind = 'events' | 'raw';

export const subjects = {
  event: (accountId: string, type: string) => `mnemo.events.${accountId}.${type}`,
  raw: (accountId: string, type: string) => `mnemo.raw.${accountId}.${type}`,
  /** Every account's events of one type: one filter subject, which a 2.9 server supports. */
  eventsOfType: (type: string) => `mnemo.events.*.${type}`,
  allEvents: 'mnemo.events.>',
  allRaw: 'mnemo.raw.>',
  deadLetter: (service: string) => `mnemo.dlq.${service}`,
  rpc: (service: string, verb: string) => `mnemo.rpc.${service}.${verb}`,
} as const;

export const streamSubject = (stream: StreamKind, accountId: string, type: string) =>
  stream === 'events' ? subjects.event(accountId, type) : subjects.raw(accountId, type);
