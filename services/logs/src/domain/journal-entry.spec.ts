import { parseJournalEntry } from './journal-entry';

const readAt = new Date('2026-12-07T06:00:00.000Z');
const entry = (fields: Record<string, unknown>) =>
  JSON.stringify({ __CURSOR: 's=1;i=2', __REALTIME_TIMESTAMP: '1765000000001000', ...fields });

describe('parseJournalEntry', () => {
  it('reads the message, time, priority, unit and host of an entry with its cursor', () => {
    expect(
      parseJournalEntry(
        entry({ MESSAGE: 'disk full', PRIORITY: '3', _SYSTEMD_UNIT: 'a.service', _HOSTNAME: 'h' }),
        readAt,
      ),
    ).toEqual({
      cursor: 's=1;i=2',
      line: {
        message: 'disk full',
        at: new Date(1765000000001),
        severity: 'error',
        unit: 'a.service',
        host: 'h',
      },
    });
  });

  it('decodes a message sent as bytes, replacing what is not UTF-8', () => {
    const bytes = [...Buffer.from('caf'), 0xc3, 0xa9, 0x20, 0xff, 0x21];
    expect(parseJournalEntry(entry({ MESSAGE: bytes }), readAt)?.line?.message).toBe(
      'café \ufffd!',
    );
  });

  it('takes the first value of a field set twice, and the identifier when there is no unit', () => {
    const parsed = parseJournalEntry(
      entry({ MESSAGE: ['first', 'second'], SYSLOG_IDENTIFIER: 'cron' }),
      readAt,
    );
    expect(parsed?.line).toMatchObject({ message: 'first', unit: 'cron' });
    expect(parsed?.line?.severity).toBeUndefined();
  });

  it('keeps the cursor of an entry with no message, so the source moves past it', () => {
    expect(parseJournalEntry(entry({ MESSAGE: null }), readAt)).toEqual({
      cursor: 's=1;i=2',
      line: null,
    });
  });

  it('answers null for the --show-cursor trailer, a broken line and an entry with no cursor', () => {
    expect(parseJournalEntry('-- cursor: s=1;i=2', readAt)).toBeNull();
    expect(parseJournalEntry('{"MESSAGE": "cut', readAt)).toBeNull();
    expect(parseJournalEntry('{"MESSAGE":"no cursor"}', readAt)).toBeNull();
  });
});
