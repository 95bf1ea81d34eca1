import { randomUUID } from 'node:crypto';
import type { EventEnvelope, StoredEvent, StreamKind } from '@mnemo/contracts';
import { SECRET_SAMPLES, findPlantedSecrets } from '@mnemo/redaction';
import { InProcessEventLog } from '@mnemo/eventing';
import { RedactingEventLog } from './redacting-event-log';

const secrets = Object.values(SECRET_SAMPLES).join(' and ');
const event = (text: string): EventEnvelope => ({
  id: randomUUID(),
  type: 'MemoryFactCreated',
  version: 1,
  accountId: 'a',
  occurredAt: '2026-11-29T10:00:00.000Z',
  producer: 'test',
  correlationId: 'c-1',
  payload: { content: text, nested: { list: [text] } },
});

async function readAll(log: RedactingEventLog, stream: StreamKind): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for await (const batch of log.read(stream, 1)) all.push(...batch);
  return all;
}

describe('RedactingEventLog', () => {
  let inner: InProcessEventLog;
  let log: RedactingEventLog;
  let reported: number;
  beforeEach(() => {
    inner = new InProcessEventLog({ dataDir: null });
    reported = 0;
    log = new RedactingEventLog(inner, (_event, findings) => (reported += findings));
  });
  afterEach(() => log.close());

  it('stores no planted secret in MNEMO_EVENTS, whoever appends, one by one or in bulk', async () => {
    await log.append('events', event(`my keys: ${secrets}`));
    await log.appendMany('events', [event(secrets), event('nothing secret here')]);
    const stored = JSON.stringify(await readAll(log, 'events'));
    expect(findPlantedSecrets(stored)).toEqual([]);
    expect(stored).toContain('nothing secret here');
    expect(stored).toContain('[REDACTED:');
    expect(reported).toBeGreaterThanOrEqual(Object.keys(SECRET_SAMPLES).length * 2);
  });

  it('leaves MNEMO_RAW as given: it is the redaction service that moves it on', async () => {
    await log.append('raw', event(secrets));
    const stored = JSON.stringify(await readAll(log, 'raw'));
    expect(findPlantedSecrets(stored).length).toBeGreaterThan(0);
  });

  it('redacts a dead letter whole, since letters are kept', async () => {
    await log.publishDeadLetter('svc', {
      service: 'svc',
      stream: 'raw',
      seq: 1,
      deliveryCount: 3,
      error: { code: 'invalid_event', message: `bad event with ${secrets}` },
      event: event(secrets),
      deadAt: '2026-11-29T10:00:00.000Z',
    });
    expect(
      findPlantedSecrets(
        JSON.stringify(
          await log.listDeadLetters('svc').then((stored) => stored.map((s) => s.letter)),
        ),
      ),
    ).toEqual([]);
  });
});
