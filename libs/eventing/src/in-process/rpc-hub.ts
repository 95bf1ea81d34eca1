import { NoResponderError } from '../event-log.port';
import type { ReplyHandler, Subscription } from '../event-log.port';
import { copyReply, openReply } from '../rpc-envelope';
import { subjectMatches } from '../subject-matches';
import { wireCopy } from './wire-copy';

interface Responder {
  subject: string;
  queue: string;
  handler: ReplyHandler;
  inFlight: Set<Promise<unknown>>;
}

/**
 * In-process request/reply with NATS queue-group semantics: each queue group on a matching subject gets the
 * request once, its members in turn; the first answer wins. Answers and failures go through the JetStream
 * adapter's reply envelope (copied, not encoded), so both adapters hand back the same values and RemoteErrors.
 */
export class RpcHub {
  private readonly responders: Responder[] = [];
  private readonly turns = new Map<string, number>();

  register(subject: string, queue: string, handler: ReplyHandler): Subscription {
    const responder: Responder = { subject, queue, handler, inFlight: new Set() };
    this.responders.push(responder);
    return {
      stop: async () => {
        const at = this.responders.indexOf(responder);
        if (at >= 0) this.responders.splice(at, 1);
        await Promise.allSettled([...responder.inFlight]);
      },
    };
  }

  /** Whether a responder here listens on the subject. */
  answers(subject: string): boolean {
    return this.responders.some((responder) => subjectMatches(responder.subject, subject));
  }

  request(subject: string, body: unknown, timeoutMs: number): Promise<unknown> {
    const groups = new Map<string, Responder[]>();
    for (const responder of this.responders) {
      if (!subjectMatches(responder.subject, subject)) continue;
      groups.set(responder.queue, [...(groups.get(responder.queue) ?? []), responder]);
    }
    if (groups.size === 0) return Promise.reject(new NoResponderError(subject));
    return new Promise((resolve, reject) => {
      let answered = false;
      const timer = setTimeout(() => answer(() => reject(new Error(`request to ${subject} timed out after ${timeoutMs} ms`))), timeoutMs);
      const answer = (settle: () => void) => {
        if (answered) return;
        answered = true;
        clearTimeout(timer);
        settle();
      };
      for (const [queue, members] of groups) {
        const responder = this.nextInTurn(`${subject}\u0000${queue}`, members);
        const call = Promise.resolve()
          // Copied as the wire would carry them (wire-copy.ts), so a handler and its caller see what NATS
          // would have given them and never share an object.
          .then(() => copyReply(() => responder.handler(wireCopy(body))))
          .then((reply) => {
            try {
              const value = openReply(reply);
              answer(() => resolve(value));
            } catch (error) {
              answer(() => reject(error));
            }
          });
        responder.inFlight.add(call);
        void call.finally(() => responder.inFlight.delete(call));
      }
    });
  }

  private nextInTurn(key: string, members: Responder[]): Responder {
    const turn = this.turns.get(key) ?? 0;
    this.turns.set(key, turn + 1);
    return members[turn % members.length];
  }
}
