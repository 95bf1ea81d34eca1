import { createHash } from 'node:crypto';
import type { JsMsg } from '@nats-io/jetstream';
import type { EventEnvelope, StoredEvent } from '@mnemo/contracts';
import type { Delivery } from '../event-log.port';

/**
 * MNEMO_RAW, the work queue in front of redaction, carries packs: consecutive events of one subject in
 * one message, a JSON array. Issue 17: a message per event cost a publish, a delivery and an ack on the
 * server and in both processes for every turn, and raw input is only a queue (its events are stored one
 * per message, and deduplicated, in MNEMO_EVENTS after redaction). A pack is the size of an ingest
 * request's run of one subject at most, so it stays well under the server's payload limit.
 */
export const PACK_MAX_EVENTS = 100;
/** A pack's body at most, below NATS's default 1 MiB payload limit with room for headers. */
export const PACK_MAX_BYTES = 512 * 1024;

export interface RawPack {
  subject: string;
  events: EventEnvelope[];
  body: string;
  /** The message id the server's duplicate window knows the pack by. */
  msgID: string;
}

/**
 * Splits events, in order, into packs of consecutive events with one subject, at most PACK_MAX_EVENTS
 * and `maxBytes` each (an event larger than that goes alone). A pack of one keeps its event's id as its
 * message id, as before packs; a larger pack's id is a digest of its events' ids.
 */
export function packRawEvents(
  events: readonly EventEnvelope[],
  subjectOf: (event: EventEnvelope) => string,
  maxBytes = PACK_MAX_BYTES,
): RawPack[] {
  const packs: RawPack[] = [];
  let subject = '';
  let members: EventEnvelope[] = [];
  let parts: string[] = [];
  let bytes = 2;
  const close = () => {
    if (members.length === 0) return;
    packs.push({ subject, events: members, body: `[${parts.join(',')}]`, msgID: packId(members) });
    members = [];
    parts = [];
    bytes = 2;
  };
  for (const event of events) {
    const json = JSON.stringify(event);
    const size = Buffer.byteLength(json) + 1;
    const eventSubject = subjectOf(event);
    if (eventSubject !== subject || members.length >= PACK_MAX_EVENTS || bytes + size > maxBytes)
      close();
    subject = eventSubject;
    members.push(event);
    parts.push(json);
    bytes += size;
  }
  close();
  return packs;
}

function packId(events: readonly EventEnvelope[]): string {
  if (events.length === 1) return events[0].id;
  const digest = createHash('sha256');
  for (const event of events) digest.update(event.id).update('\n');
  return `pack-${digest.digest('base64url')}`;
}

/** A raw message's events: a pack, or a single event written before packs. */
export function unpackRaw(text: string): EventEnvelope[] {
  const parsed = JSON.parse(text) as EventEnvelope | EventEnvelope[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * One delivery per event of a pack. The message is settled once every event in it is: acked when each
 * was handled or dead-lettered, redelivered whole (after the longest delay asked) when any asked for a
 * retry; the log absorbs the handled events' second append as duplicates.
 */
export function packDeliveries(msg: JsMsg, events: readonly EventEnvelope[]): Delivery[] {
  let unsettled = events.length;
  let retryAfterMs: number | null = null;
  let pinged = false;
  const settle = (delayMs: number | null) => {
    if (delayMs !== null) retryAfterMs = Math.max(retryAfterMs ?? 0, delayMs);
    unsettled -= 1;
    if (unsettled > 0) return;
    if (retryAfterMs === null) msg.ack();
    else msg.nak(retryAfterMs);
  };
  const working = () => {
    // A heartbeat walks every waiting delivery at once: one word to the server per pack is enough.
    if (pinged) return;
    pinged = true;
    msg.working();
    queueMicrotask(() => (pinged = false));
  };
  return events.map((event): Delivery => {
    const stored: StoredEvent = { seq: msg.seq, event };
    let settled = false;
    const once = (delayMs: number | null) => {
      if (settled) return;
      settled = true;
      settle(delayMs);
    };
    return {
      stored,
      deliveryCount: msg.info.deliveryCount,
      ack: async () => once(null),
      nak: (delayMs) => once(delayMs),
      term: () => once(null),
      working,
    };
  });
}
