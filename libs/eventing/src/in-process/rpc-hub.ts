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

/** Subjects whose routes are kept; past this the table starts again (requests name a few fixed subjects). */
const MAX_ROUTES = 1_000;

/**
 * In-process request/reply with NATS queue-group semantics: each queue group on a matching subject gets the
 * request once, its members in turn; the first answer wins. Answers and failures go through the JetStream
 * adapter's reply envelope (copied, not encoded), so both adapters hand back the same values and RemoteErrors.
 */
export class RpcHub {
  private readonly responders: Responder[] = [];
  private readonly turns = new Map<string, number>();
  /**
   * The queue groups answering each subject asked, matched once and kept until a responder comes or goes
   * (measured: matching every responder's filter twice per request was 0.04 ms of a cold CLAUDE.md).
   */
  private readonly routes = new Map<string, Map<string, Responder[]>>();

  register(subject: string, queue: string, handler: ReplyHandler): Subscription {
    const responder: Responder = { subject, queue, handler, inFlight: new Set() };
    this.responders.push(responder);
    this.routes.clear();
    return {
      stop: async () => {
        const at = this.responders.indexOf(responder);
        if (at >= 0) this.responders.splice(at, 1);
        this.routes.clear();
        await Promise.allSettled([...responder.inFlight]);
      },
    };
  }

  /** Whether a responder here listens on the subject. */
  answers(subject: string): boolean {
    return this.groupsFor(subject).size > 0;
  }

  private groupsFor(subject: string): Map<string, Responder[]> {
    let groups = this.routes.get(subject);
    if (groups === undefined) {
      groups = new Map();
      for (const responder of this.responders) {
        if (!subjectMatches(responder.subject, subject)) continue;
        groups.set(responder.queue, [...(groups.get(responder.queue) ?? []), responder]);
      }
      if (this.routes.size >= MAX_ROUTES) this.routes.clear();
      this.routes.set(subject, groups);
    }
    return groups;
  }

  request(subject: string, body: unknown, timeoutMs: number): Promise<unknown> {
    const groups = this.groupsFor(subject);
    if (groups.size === 0) return Promise.reject(new NoResponderError(subject));
    return new Promise((resolve, reject) => {
      let answered = false;
      const timer = setTimeout(
        () =>
          answer(() => reject(new Error(`request to ${subject} timed out after ${timeoutMs} ms`))),
        timeoutMs,
      );
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
    const member = members[turn % members.length];
    if (member === undefined) throw new Error(`no responder for ${key}`);
    return member;
  }
}
