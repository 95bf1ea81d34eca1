import { subjects, type EventEnvelope } from '@mnemo/contracts';
import type { DeadLetterId, EventLog } from './event-log.port';
import { errorSummary } from './settlement';

/** What a consumer's re-drive responder is asked: the dead event, as its handler first saw it. */
export interface RedriveRequest {
  seq: number;
  event: EventEnvelope;
}

/** `mnemo.rpc.<service>.redrive.<consumer>`: answered by every running instance of that consumer. */
export const redriveSubject = (service: string, consumer: string): string =>
  subjects.rpc(service, `redrive.${consumer}`);

export type ReplayOutcome =
  | { id: DeadLetterId; status: 'replayed'; service: string; consumer: string; eventId: string }
  /** No letter by that id: never was, or replayed already (a second replay applies nothing). */
  | { id: DeadLetterId; status: 'not_found' }
  /** The handler failed again (or nobody answered): the letter is kept, under a new id, with the new error. */
  | {
      id: DeadLetterId;
      status: 'failed';
      service: string;
      error: { code: string; message: string };
    };

/**
 * Re-drives one dead letter through the consumer that dead-lettered it. The letter is taken first, so
 * of two replays of one letter only one reaches the handler; when the handler fails again the letter
 * goes back with its new error, so nothing is lost.
 */
export async function replayDeadLetter(
  log: EventLog,
  id: DeadLetterId,
  options: { timeoutMs: number },
): Promise<ReplayOutcome> {
  const taken = await log.takeDeadLetter(id);
  if (!taken) return { id, status: 'not_found' };
  const { letter } = taken;
  try {
    if (!letter.consumer)
      throw Object.assign(
        new Error('the letter does not name its consumer (dead-lettered before re-drives existed)'),
        { code: 'not_replayable' },
      );
    const request: RedriveRequest = { seq: letter.seq, event: letter.event };
    await log.request(redriveSubject(letter.service, letter.consumer), request, {
      timeoutMs: options.timeoutMs,
    });
    return {
      id,
      status: 'replayed',
      service: letter.service,
      consumer: letter.consumer,
      eventId: letter.event.id,
    };
  } catch (error) {
    const summary = errorSummary(error);
    await log.publishDeadLetter(letter.service, {
      ...letter,
      error: summary,
      deliveryCount: letter.deliveryCount + 1,
      deadAt: new Date().toISOString(),
      redriveOf: id,
    });
    return { id, status: 'failed', service: letter.service, error: summary };
  }
}
