import { randomUUID } from 'node:crypto';
import type { AnyEvent, StoredEvent } from '@mnemo/contracts';
import { InProcessEventLog, type Logger } from '@mnemo/eventing';
import { SECRET_SAMPLES, findPlantedSecrets } from '@mnemo/redaction';
import { RedactingEventLog } from '../write-path/redacting-event-log';
import { RawEventReactor } from './raw-event.reactor';

const secrets = Object.values(SECRET_SAMPLES).join(' and ');
const turn = (text: string): AnyEvent => ({
  id: randomUUID(),
  type: 'TurnRecorded',
  version: 2,
  accountId: 'a',
  sessionId: 's',
  occurredAt: '2026-11-29T10:00:00.000Z',
  producer: 'test',
  payload: { seq: 1, role: 'user', text },
});

describe('RawEventReactor', () => {
  let log: RedactingEventLog;
  let reports: Array<{ fields: object; message: string }>;
  let reactor: RawEventReactor;
  beforeEach(() => {
    reports = [];
    const logger: Logger = {
      debug: () => undefined,
      info: (fields, message) => reports.push({ fields, message }),
      warn: () => undefined,
      error: () => undefined,
    };
    // the platform's write path reports too: a second report of one event is a second redaction
    log = new RedactingEventLog(new InProcessEventLog({ dataDir: null }), (_event, findings) =>
      reports.push({ fields: { findings }, message: 'write path redacted' }),
    );
    reactor = new RawEventReactor(log, logger);
  });
  afterEach(() => log.close());

  const stored = async (): Promise<StoredEvent[]> => {
    const all: StoredEvent[] = [];
    for await (const batch of log.read('events', 1)) all.push(...batch);
    return all;
  };

  it('stores the redacted twin of a raw event, redacted once, here', async () => {
    const raw = turn(`my keys: ${secrets}`);
    await reactor.onRawEvent(raw);
    const [twin] = await stored();
    expect(findPlantedSecrets(JSON.stringify(twin))).toEqual([]);
    expect(twin?.event).toMatchObject({ id: raw.id, type: 'TurnRecorded', accountId: 'a' });
    expect(JSON.stringify(twin?.event.payload)).toContain('[REDACTED:');
    expect(reports).toEqual([
      { fields: expect.objectContaining({ eventId: raw.id }), message: 'secrets redacted' },
    ]);
  });

  it('stores an event id once per account, whatever redelivers it', async () => {
    const raw = turn(`again ${secrets}`);
    await reactor.onRawEvent(raw);
    await reactor.onRawEvent(structuredClone(raw));
    expect((await stored()).map((s) => s.event.id)).toEqual([raw.id]);
  });
});
