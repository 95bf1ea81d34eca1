import { createHash } from 'node:crypto';
import type { JsMsg } from '@nats-io/jetstream';
import {
  accountEventKey,
  rawOrderKey,
  type EventEnvelope,
  type StoredEvent,
} from '@mnemo/contracts';
import type { Delivery } from '../event-log.port';

/**
 * MNEMO_RAW, the work queue in front of redaction, carries packs: events of one subject (one partition of
 * one account, docs/event-log.md) in one message, a JSON array. A message per event cost a
 * publish, a delivery and an ack on the server and in both processes for every turn, and raw input is
 * only a queue (its events are stored one per message, and deduplicated, in MNEMO_EVENTS after
 * redaction). A pack is the size of an ingest request's share of one partition at most, so it stays well
 * under the server's payload limit.
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
 * Splits events into packs by subject: each subject's events keep their order and go in packs of at most
 * PACK_MAX_EVENTS and `maxBytes` (an event larger than that goes alone), in the order a subject's packs
 * must be stored. Events of different subjects (other partitions) need no order between them, so a
 * request's sessions interleaved event by event still make one pack per partition. A pack of one has
 * its event's message id; a larger pack's is a digest of its events'.
 */
export function packRawEvents(
  events: readonly EventEnvelope[],
  subjectOf: (event: EventEnvelope) => string,
  maxBytes = PACK_MAX_BYTES,
  messageIdOf: (event: EventEnvelope) => string = accountEventKey,
): RawPack[] {
  const open = new Map<string, { events: EventEnvelope[]; parts: string[]; bytes: number }>();
  const packs: RawPack[] = [];
  const close = (subject: string) => {
    const pack = open.get(subject);
    if (!pack) return;
    open.delete(subject);
    packs.push({
      subject,
      events: pack.events,
      body: `[${pack.parts.join(',')}]`,
      msgID: packId(pack.events, messageIdOf),
    });
  };
  for (const event of events) {
    const json = JSON.stringify(event);
    const size = Buffer.byteLength(json) + 1;
    const subject = subjectOf(event);
    let pack = open.get(subject);
    if (pack && (pack.events.length >= PACK_MAX_EVENTS || pack.bytes + size > maxBytes)) {
      close(subject);
      pack = undefined;
    }
    if (!pack) {
      pack = { events: [], parts: [], bytes: 2 };
      open.set(subject, pack);
    }
    pack.events.push(event);
    pack.parts.push(json);
    pack.bytes += size;
  }
  for (const subject of [...open.keys()]) close(subject);
  return packs;
}

function packId(
  events: readonly EventEnvelope[],
  messageIdOf: (event: EventEnvelope) => string,
): string {
  const [only] = events;
  if (events.length === 1 && only) return messageIdOf(only);
  const digest = createHash('sha256');
  for (const event of events) digest.update(messageIdOf(event)).update('\n');
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
      orderKey: rawOrderKey(event),
    };
  });
}
