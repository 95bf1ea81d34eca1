import type { StoredEvent } from '@mnemo/contracts';
import type { ConsumerSpec, Delivery, EventLog, Subscription } from './event-log.port';
import { backoffMs, errorSummary, settlementFor } from './settlement';
import { deadLetters, eventsConsumed, handlerLatency, redeliveries } from './metrics';
import { redriveSubject, type RedriveRequest } from './dead-letters';
import { withDependencyPatience } from './dependency-patience';

export interface ConsumerLogger {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface RunConsumerOptions {
  log: EventLog;
  /** The service name: dead letters go to `mnemo.dlq.<service>`. */
  service: string;
  spec: ConsumerSpec;
  /** Handles a batch as a whole; when it throws, the runtime retries each event alone to isolate the bad one. */
  handle: (events: StoredEvent[]) => Promise<void>;
  logger: ConsumerLogger;
  /**
   * Called after a batch's deliveries are settled (acked, ended or left for a retry), with the highest
   * sequence among them acked or ended: a projection moves its checkpoint to the consumer's ack floor then.
   */
  onSettled?: (settledSeq: number) => void;
}

/** Heartbeats per ack wait while a handler runs: a third of it leaves room for a slow heartbeat or two. */
const HEARTBEATS_PER_ACK_WAIT = 3;

/**
 * Runs a durable consumer and settles every delivery exactly once: ack on success, nak with a
 * growing delay on a retryable error, dead-letter + term after the last delivery or on bad input.
 * While a handler runs, its deliveries are marked as in progress, so a handler that outlives the ack
 * wait (a slow model call) is not handed to another instance as well and paid for twice. The consumer
 * also answers re-drives of its dead letters (`mnemo dlq replay`) by running the same handler. Handlers
 * never touch acks.
 */
export async function runConsumer(options: RunConsumerOptions): Promise<Subscription> {
  const { log, service, spec, logger } = options;
  const consumer = spec.durable;
  let stopping = false;
  // An outage is waited out in place (deliveries are not spent on it); only the handler's own failures are settled.
  const handle = (events: StoredEvent[]) =>
    withDependencyPatience(() => options.handle(events), {
      stopping: () => stopping,
      onWait: (error, attempt) =>
        attempt === 1 &&
        logger.warn(
          { consumer, seq: events[0]?.seq, err: errorSummary(error) },
          'a dependency is out; waiting for it',
        ),
    });

  /** Settles a failed delivery; answers true when it is left for a retry. */
  const settleFailure = async (delivery: Delivery, error: unknown): Promise<boolean> => {
    const settlement = settlementFor(error, delivery.deliveryCount, spec.maxDeliver);
    const { event, seq } = delivery.stored;
    if (settlement.kind === 'retry') {
      eventsConsumed.inc({ consumer, result: 'retry' });
      logger.warn(
        {
          consumer,
          eventId: event.id,
          correlationId: event.correlationId,
          seq,
          deliveryCount: delivery.deliveryCount,
          err: errorSummary(error),
        },
        'handler failed; will retry',
      );
      delivery.nak(settlement.delayMs);
      return true;
    }
    logger.error(
      {
        consumer,
        eventId: event.id,
        correlationId: event.correlationId,
        seq,
        deliveryCount: delivery.deliveryCount,
        err: errorSummary(error),
      },
      'dead-lettering event',
    );
    try {
      await log.publishDeadLetter(service, {
        service,
        consumer,
        stream: spec.stream,
        seq,
        deliveryCount: delivery.deliveryCount,
        error: errorSummary(error),
        event,
        deadAt: new Date().toISOString(),
      });
    } catch (publishError) {
      // Without the letter stored, ending the message would lose it: leave it for redelivery.
      logger.error(
        { consumer, eventId: event.id, err: errorSummary(publishError) },
        'dead-letter publish failed',
      );
      delivery.nak(backoffMs(delivery.deliveryCount));
      return true;
    }
    deadLetters.inc({ consumer });
    eventsConsumed.inc({ consumer, result: 'dead' });
    delivery.term();
    return false;
  };

  /** Runs `work` while telling the log, every third of the ack wait, that `deliveries` are still in hand. */
  const whileWorking = async <T>(deliveries: Delivery[], work: () => Promise<T>): Promise<T> => {
    const heartbeat = setInterval(
      () => {
        for (const delivery of deliveries) delivery.working();
      },
      Math.max(1, Math.floor(spec.ackWaitMs / HEARTBEATS_PER_ACK_WAIT)),
    );
    try {
      return await work();
    } finally {
      clearInterval(heartbeat);
    }
  };

  /** Handles one delivery alone; answers whether it was settled by a retry. */
  const handleOne = async (delivery: Delivery): Promise<boolean> => {
    try {
      await whileWorking([delivery], () => handle([delivery.stored]));
    } catch (error) {
      return settleFailure(delivery, error);
    }
    await delivery.ack();
    eventsConsumed.inc({ consumer, result: 'ok' });
    return false;
  };

  /**
   * A failed batch's deliveries one by one, in order. Once one of an order key (a session's raw input)
   * asks for a retry, its later ones are retried with it unhandled: handling them now would store them
   * ahead of it (docs/event-log.md). Answers the deliveries acked or ended.
   */
  const handleEach = async (deliveries: Delivery[]): Promise<Delivery[]> => {
    const retrying = new Map<string, number>();
    const settled: Delivery[] = [];
    for (const delivery of deliveries) {
      const key = delivery.orderKey;
      const delay = key === undefined ? undefined : retrying.get(key);
      if (delay !== undefined) {
        eventsConsumed.inc({ consumer, result: 'retry' });
        delivery.nak(delay);
      } else if (await handleOne(delivery)) {
        if (key !== undefined) retrying.set(key, backoffMs(delivery.deliveryCount));
      } else settled.push(delivery);
    }
    return settled;
  };

  // A re-drive answers its caller at once, outage or not: the caller retries, no message waits on it.
  const redrive = await log.reply(
    redriveSubject(service, consumer),
    `redrive-${consumer}`,
    async (body) => {
      const { seq, event } = body as RedriveRequest;
      await options.handle([{ seq, event }]);
      return { handled: true };
    },
  );

  const consuming = await log.consume(spec, async (deliveries) => {
    const stopTimer = handlerLatency.startTimer({ consumer });
    for (const delivery of deliveries)
      if (delivery.deliveryCount > 1) redeliveries.inc({ consumer });
    let settled: Delivery[] = deliveries;
    try {
      await whileWorking(deliveries, () => handle(deliveries.map((d) => d.stored)));
      await Promise.all(deliveries.map((d) => d.ack()));
      eventsConsumed.inc({ consumer, result: 'ok' }, deliveries.length);
    } catch (batchError) {
      const [only] = deliveries;
      if (deliveries.length === 1 && only) {
        if (await settleFailure(only, batchError)) settled = [];
      } else {
        settled = await whileWorking(deliveries, () => handleEach(deliveries));
      }
    } finally {
      stopTimer();
    }
    if (settled.length) options.onSettled?.(Math.max(...settled.map((d) => d.stored.seq)));
  });
  return {
    stop: async () => {
      stopping = true;
      await consuming.stop();
      await redrive.stop();
    },
  };
}
