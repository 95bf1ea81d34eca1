import {
  AckPolicy,
  DeliverPolicy,
  type ConsumerConfig,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { RAW_PARTITIONS, rawPartitionName, subjects, type EventEnvelope } from '@mnemo/contracts';
import type { BatchHandler, ConsumerSpec, Delivery, Subscription } from '../event-log.port';
import { MicroBatcher } from './micro-batcher';
import { whileStarting } from './patience';
import { packDeliveries, unpackRaw } from './raw-packs';

const NS_PER_MS = 1_000_000;
const decoder = new TextDecoder();

export interface RawStreamAccess {
  jsm: JetStreamManager;
  js: JetStreamClient;
  /** The MNEMO_RAW stream's name. */
  stream: string;
  /** A port subject (`mnemo.…`) as it is on the wire. */
  wire(subject: string): string;
  /** Stores raw events again under their partitions' subjects, with message ids of their own. */
  republish(events: EventEnvelope[], messageIdOf: (event: EventEnvelope) => string): Promise<void>;
}

/** The durable of one partition: `<durable>-p07`. */
export const partitionDurable = (durable: string, partition: string): string =>
  `${durable}-${partition}`;

export const rawPartitions = (): string[] =>
  Array.from({ length: RAW_PARTITIONS }, (_, i) => rawPartitionName(i));

/** Creates a durable consumer, or brings an existing one's limits up to date. */
export async function ensureConsumer(
  jsm: JetStreamManager,
  stream: string,
  config: Partial<ConsumerConfig> & { durable_name: string },
): Promise<void> {
  // An add that timed out may still have been carried out: the next try finds the consumer and updates it.
  await whileStarting(async () => {
    try {
      await jsm.consumers.info(stream, config.durable_name);
      await jsm.consumers.update(stream, config.durable_name, {
        ack_wait: config.ack_wait,
        max_deliver: config.max_deliver,
        max_ack_pending: config.max_ack_pending,
      });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await jsm.consumers.add(stream, config);
    }
  });
}

/**
 * The raw work queue's consumer (docs/event-log.md: per-session order). One durable per partition, each
 * with at most one message unacknowledged across every instance that opens it: the server hands a
 * partition's next pack out only once the one before is acked or terminated, so however many workers
 * run, join or die (their pack comes back after ack wait, before anything behind it), a session's
 * packs are redacted one after another, in the order they were stored. The partitions' packs meet in one
 * batch, so a worker still writes many sessions' events in one transaction and one pipelined publish.
 */
export async function consumeRawPartitions(
  access: RawStreamAccess,
  spec: ConsumerSpec,
  handler: BatchHandler,
): Promise<Subscription> {
  await retireUnpartitionedConsumer(access, spec.durable);
  const batcher = new MicroBatcher<Delivery>(spec.batchSize, handler);
  let closing = false;
  const streams = await Promise.all(
    rawPartitions().map(async (partition) => {
      const durable = partitionDurable(spec.durable, partition);
      await ensureConsumer(access.jsm, access.stream, {
        durable_name: durable,
        filter_subject: access.wire(subjects.rawPartition(partition)),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: spec.ackWaitMs * NS_PER_MS,
        max_deliver: spec.maxDeliver,
        max_ack_pending: 1,
      });
      const consumer = await whileStarting(() => access.js.consumers.get(access.stream, durable));
      return consumer.consume({ max_messages: 1 });
    }),
  );
  // A pulled pack waits behind the batch in hand, its ack wait running: without a heartbeat a slow
  // batch would have it redelivered meanwhile, and one session's events handled twice at once.
  const heartbeat = setInterval(
    () => {
      for (const delivery of batcher.waiting()) delivery.working();
    },
    Math.max(1, Math.floor(spec.ackWaitMs / 3)),
  );
  const pumps = streams.map(async (messages) => {
    for await (const msg of messages) {
      // Stopping: a pack pulled but not started goes back at once, not after its ack wait.
      if (closing) msg.nak();
      else
        for (const delivery of packDeliveries(msg, unpackRaw(decoder.decode(msg.data))))
          batcher.push(delivery);
    }
  });
  return {
    stop: async () => {
      closing = true;
      await Promise.all(streams.map((messages) => messages.close()));
      await Promise.all(pumps.map((pump) => pump.catch(() => undefined)));
      await batcher.drain();
      clearInterval(heartbeat);
    },
  };
}

/**
 * Before partitions, one durable read the whole raw stream, and a work-queue stream refuses a second
 * consumer whose filter overlaps it. Packs still stored under the old subjects (`mnemo.raw.<account>.
 * <type>`) are moved, in order, into their partitions, then the old durable is removed. Instances doing
 * this at once store each move once (the moved packs' message ids are the same for both).
 */
async function retireUnpartitionedConsumer(access: RawStreamAccess, durable: string) {
  try {
    await whileStarting(() => access.jsm.consumers.info(access.stream, durable));
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  const { first_seq: first, last_seq: last } = (await access.jsm.streams.info(access.stream)).state;
  const partitioned = new RegExp(`^[^.]+\\.raw\\.p\\d{2}\\.`);
  for (let seq = first; seq <= last && last > 0; seq += 1) {
    const msg = await access.jsm.streams.getMessage(access.stream, { seq }).catch(() => null);
    if (!msg || partitioned.test(msg.subject)) continue;
    await access.republish(unpackRaw(decoder.decode(msg.data)), (e) => `moved:${seq}:${e.id}`);
    await access.jsm.streams.deleteMessage(access.stream, seq, false).catch(() => false);
  }
  await access.jsm.consumers.delete(access.stream, durable).catch(() => false);
}

export function isNotFound(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? error);
  return /not found/i.test(text);
}
