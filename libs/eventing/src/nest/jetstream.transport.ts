import { ArgumentsHost, Catch, RpcExceptionFilter } from '@nestjs/common';
import {
  BaseRpcContext,
  CustomTransportStrategy,
  EventPattern,
  Server,
} from '@nestjs/microservices';
import { isObservable, lastValueFrom, Observable, throwError } from 'rxjs';
import {
  subjects,
  type AnyEvent,
  type EventOf,
  type EventType,
  type StoredEvent,
} from '@mnemo/contracts';
import type { EventLog, Subscription } from '../event-log.port';
import { runConsumer, type ConsumerLogger } from '../consumer-runtime';

const RAW_PATTERN = 'raw:>';
const eventPattern = (type: string) => `events:${type}`;

/** What a reactor method of `@OnEvent(type)` is handed: the event, narrowed to its type, and its context. */
export type EventHandler<T extends EventType> = (
  event: EventOf<T>,
  context: EventContext,
) => unknown;

/**
 * A reactor method for one event type of MNEMO_EVENTS: `@OnEvent('SegmentPaused')`. The method's
 * first parameter is the event of that type (`event: EventOf<'SegmentPaused'>`); a method that takes
 * another type's event does not compile.
 */
export const OnEvent =
  <T extends EventType>(type: T) =>
  <H extends EventHandler<T>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ): void => {
    EventPattern<string>(eventPattern(type))(target, key, descriptor);
  };

/**
 * A reactor method for everything that lands on the raw work-queue stream (the redaction service):
 * events checked by the edge that accepted them, not yet redacted (docs/event-log.md).
 */
export const OnRawEvent =
  () =>
  <H extends (event: AnyEvent, context: EventContext) => unknown>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ): void => {
    EventPattern<string>(RAW_PATTERN)(target, key, descriptor);
  };

export class EventContext extends BaseRpcContext<[StoredEvent]> {
  get stored(): StoredEvent {
    return this.args[0];
  }
}

/**
 * The raw work queue's batch (docs/event-log.md): its events (unpacked from its messages) are independent and each
 * is one append, which the idempotent log joins into one transaction and one pipelined publish per batch,
 * so a larger batch is fewer round trips per event. Reactors on the durable stream keep 100.
 */
const RAW_BATCH = 500;

export interface JetStreamTransportOptions {
  log: EventLog;
  service: string;
  logger: ConsumerLogger;
  maxDeliver?: number;
  ackWaitMs?: number;
  batchSize?: number;
}

/**
 * A Nest transport that turns every `@OnEvent` handler of a microservice into a durable consumer on
 * the event log, named `<service>-<Type>`; every instance of the service shares it.
 */
export class JetStreamTransport extends Server implements CustomTransportStrategy {
  private subscriptions: Subscription[] = [];

  constructor(private readonly options: JetStreamTransportOptions) {
    super();
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      for (const [pattern, handler] of this.messageHandlers) {
        const isRaw = pattern === RAW_PATTERN;
        const type = isRaw ? 'raw' : pattern.replace(/^events:/, '');
        this.subscriptions.push(
          await runConsumer({
            log: this.options.log,
            service: this.options.service,
            logger: this.options.logger,
            spec: {
              stream: isRaw ? 'raw' : 'events',
              durable: `${this.options.service}-${type}`,
              filterSubject: isRaw ? subjects.allRaw : subjects.eventsOfType(type),
              maxDeliver: this.options.maxDeliver ?? 5,
              ackWaitMs: this.options.ackWaitMs ?? 30_000,
              batchSize: this.options.batchSize ?? (isRaw ? RAW_BATCH : 100),
            },
            handle: async (events) => {
              await Promise.all(
                events.map(async (stored) => {
                  const result: unknown = await handler(stored.event, new EventContext([stored]));
                  if (isObservable(result))
                    await lastValueFrom(result, { defaultValue: undefined });
                }),
              );
            },
          }),
        );
      }
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.stop()));
    this.subscriptions = [];
  }

  on(): void {
    throw new Error('JetStreamTransport has no client events');
  }

  unwrap<T>(): T {
    return this.options.log as T;
  }
}

/** Keeps a handler's own error (and its class) so the consumer runtime can choose retry or dead-letter. */
@Catch()
export class RethrowRpcErrors implements RpcExceptionFilter {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => exception);
  }
}
