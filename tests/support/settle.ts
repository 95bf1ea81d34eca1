import type { JetStreamManager } from '@nats-io/jetstream';
import { eventually } from './servers';

/** Polls until the raw queue is empty and no consumer of the raw or durable stream has anything pending. */
export async function settleConsumers(
  jsm: JetStreamManager,
  streamPrefix: string,
  timeoutMs: number,
): Promise<void> {
  await eventually(
    async () => {
      const pending: Record<string, number> = {};
      for (const kind of ['RAW', 'EVENTS']) {
        const name = `${streamPrefix}_${kind}`;
        if (kind === 'RAW') pending.raw_messages = (await jsm.streams.info(name)).state.messages;
        for await (const consumer of jsm.consumers.list(name))
          pending[`${kind}:${consumer.name}`] = consumer.num_pending + consumer.num_ack_pending;
      }
      return pending;
    },
    (pending) => Object.keys(pending).length > 2 && Object.values(pending).every((n) => n === 0),
    timeoutMs,
  );
}
