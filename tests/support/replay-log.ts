import { createHash, randomUUID } from 'node:crypto';
import { buildEvent, type EventEnvelope, type EventType } from '@mnemo/contracts';
import { everyProjectionSeeds } from './every-projection-seeds';
import { itemAt } from '@mnemo/testing';

const TOPICS = [
  'the migration to the new billing service and how to roll it back',
  'a slow query in the orders report that scans the whole table',
  'whether to move into product management next year',
  'the flaky retry test in the payments client',
  'training for a half marathon without hurting the knee again',
  'how the team reviews pull requests and what slows them down',
  'a memory leak in the worker that restarts every night',
  'planning the move to Lisbon and the paperwork it needs',
];
const OPENERS = ['Can we look at', 'I keep thinking about', 'Next up:', 'Quick question on'];
const REPLIES = [
  'Here is what I found after reading the code around it:',
  'Two options, with what each costs:',
  'That matches what you said last week; the difference now is',
  'I would start with the smallest change that proves it:',
];

/**
 * A log like a busy install's, in the order its producers write it: sessions of turns in two segments
 * (each paused and summarized, with its spend), a remembered fact (every fourth taken back), a quiet-time mark and a feature event per session, a
 * few sessions open at once so their events interleave; and, first, every projection's seeds for each
 * account, so every table has rows. Yields appendable chunks until about `events` are written.
 */
export function* replayLog(options: {
  events: number;
  accounts: string[];
  turnsPerSegment?: number;
  openSessions?: number;
  chunk?: number;
}): Generator<EventEnvelope[]> {
  const turnsPerSegment = options.turnsPerSegment ?? 20;
  const chunk = options.chunk ?? 1000;
  let pending: EventEnvelope[] = [];
  let written = 0;
  let minute = 0;
  const at = () => {
    minute += 1;
    return new Date(Date.UTC(2026, 9, 1) + minute * 20_000).toISOString();
  };
  const event = <T extends EventType>(
    type: T,
    accountId: string,
    sessionId: string | undefined,
    payload: unknown,
  ) =>
    buildEvent({
      type,
      id: randomUUID(),
      accountId,
      sessionId,
      occurredAt: at(),
      producer: 'replay-bench',
      payload,
    } as never) as EventEnvelope;
  for (const [i, accountId] of options.accounts.entries()) {
    pending.push(
      event('AccountCreated', accountId, undefined, {
        name: `account ${i}`,
        keyDigest: createHash('sha256').update(accountId).digest('hex'),
        apiKeyPrefix: 'mk_bench',
      }),
      ...(everyProjectionSeeds(accountId, cycled(options.accounts, i + 1)) as EventEnvelope[]),
    );
  }
  // each open session is a generator of its own events; one event from each in turn
  const session = function* (n: number): Generator<EventEnvelope> {
    const accountId = cycled(options.accounts, n);
    const sessionId = `s-${n}`;
    const topic = cycled(TOPICS, n);
    yield event('SessionStarted', accountId, sessionId, {
      source: n % 3 ? 'claude-code' : 'ai-coaching:interview',
      title: `About ${topic.split(' ').slice(0, 5).join(' ')}`,
    });
    let seq = 0;
    for (const segment of [1, 2]) {
      for (let t = 0; t < turnsPerSegment; t += 1) {
        seq += 1;
        const user = seq % 2 === 1;
        yield event('TurnRecorded', accountId, sessionId, {
          seq,
          role: user ? 'user' : 'assistant',
          text: user
            ? `${OPENERS[seq % OPENERS.length]} ${topic}? Point ${seq} of session ${n}.`
            : `${REPLIES[seq % REPLIES.length]} ${topic} depends on step ${seq}; we measured it at ${(seq * 37) % 100} ms and wrote the numbers down.`,
        });
      }
      yield event('SegmentPaused', accountId, sessionId, { segment });
      yield event('LlmCallSettled', accountId, sessionId, {
        pools: ['compaction'],
        label: 'compaction',
        model: 'offline',
        inputTokens: 40 * turnsPerSegment,
        outputTokens: 60,
        costUsd: 0.0004,
        outcome: 'ok',
        day: '2026-10-01',
      });
      yield event('SegmentCompacted', accountId, sessionId, {
        segment,
        summary: `Segment ${segment} of session ${n}: they worked through ${topic} and agreed on the next step.`,
        inputTokens: 40 * turnsPerSegment,
        outputTokens: 60,
        model: 'offline',
      });
    }
    yield event('MemoryFactCreated', accountId, sessionId, {
      factId: `f-${n}`,
      factType: 'preference',
      content: `Cares about ${topic}.`,
      confidence: 'medium',
      source: 'extraction',
      sourceSession: sessionId,
    });
    // and now and then taken back, so a fact's newest event decides (live or not)
    if (n % 4 === 3) yield event('MemoryFactDeleted', accountId, sessionId, { factId: `f-${n}` });
    yield event('SessionQuietExtracted', accountId, sessionId, {
      throughSeq: seq,
      lastTurnAt: '2026-10-01T10:00:00.000Z',
      outcome: 'extracted',
    });
    yield event('FeatureEventRecorded', accountId, sessionId, {
      name: 'session',
      action: 'ended',
      metadata: { turns: seq },
    });
    yield event('SessionEnded', accountId, sessionId, { reason: 'done' });
  };
  const open: Array<Generator<EventEnvelope>> = [];
  let next = 0;
  while (written + pending.length < options.events) {
    while (open.length < (options.openSessions ?? 8)) open.push(session(next++));
    const index = (written + pending.length) % open.length;
    const step = itemAt(open, index).next();
    if (step.done) open.splice(index, 1);
    else pending.push(step.value);
    if (pending.length >= chunk) {
      written += pending.length;
      yield pending;
      pending = [];
    }
  }
  if (pending.length) yield pending;
}

/** The n-th item of a list read round and round. */
function cycled<T>(list: readonly T[], n: number): T {
  return itemAt(list, n % list.length);
}
