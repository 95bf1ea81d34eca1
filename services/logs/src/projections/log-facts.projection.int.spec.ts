import type { DataSource } from 'typeorm';
import { firstItems, projection, storedEvent } from '@mnemo/testing';
import { Scratch } from '../../../../tests/support/scratch';
import { logFactsProjection } from './log-facts.projection';
import { readLogFacts } from './log-facts.read';

const ID = '0123456789abcdef';
const stored = (seq: number, type: string, payload: unknown) =>
  storedEvent(seq, type, payload, { producer: 'logs' });
const seen = (seq: number, sourceId = 'journald') =>
  stored(seq, 'LogTemplateSeen', {
    project: 'web',
    sourceId,
    templateId: ID,
    template: 'disk <*> full',
    firstSeenAt: '2026-12-01T10:05:00.000Z',
  });
const window = (seq: number, count: number, hour: string, cursor: string, sourceId = 'journald') =>
  stored(seq, 'LogFactsUpdated', {
    project: 'web',
    sourceId,
    lines: count,
    skipped: 1,
    cursor,
    templates: [
      {
        templateId: ID,
        template: 'disk <*> full',
        count,
        firstSeenAt: hour,
        lastSeenAt: hour,
        severities: { error: count },
        hours: { [hour]: count },
        units: { 'disk.service': count },
        hosts: {},
        examples: ['disk sda1 full'],
        shapes: { '1:a9': count },
      },
    ],
  });

describe('log-facts projection (Postgres)', () => {
  const scratch = new Scratch('log_facts');
  let db: DataSource;

  beforeAll(async () => {
    db = await scratch.db(logFactsProjection.migrations);
  });
  afterAll(() => scratch.drop());

  it('adds windows to a template, keeps its hours and its source position, and a redelivered window changes nothing', async () => {
    const [template] = firstItems(
      await projection(logFactsProjection, db)
        .given(
          seen(1),
          window(2, 3, '2026-12-01T10:00:00.000Z', 'c1'),
          window(3, 10, '2026-12-01T11:00:00.000Z', 'c2'),
        )
        .when(window(3, 10, '2026-12-01T11:00:00.000Z', 'c2'))
        .then<{ count: string }>(
          `SELECT count, severity, examples, first_seen_at, last_seen_at FROM log_templates WHERE account_id = 'acc'`,
        ),
      1,
    );
    expect({ ...template, count: Number(template.count) }).toEqual({
      count: 13,
      severity: 'error',
      examples: ['disk sda1 full'],
      first_seen_at: new Date('2026-12-01T10:00:00.000Z'),
      last_seen_at: new Date('2026-12-01T11:00:00.000Z'),
    });
    const [position] = await db.query(`SELECT cursor, lines, skipped FROM log_source_positions`);
    expect(position).toEqual({ cursor: 'c2', lines: '13', skipped: '2' });

    const facts = await readLogFacts(db, {
      accountId: 'acc',
      words: ['DISK'],
      severity: 'warn',
      since: new Date('2026-12-01T11:00:00.000Z'),
      until: new Date('2026-12-01T12:00:00.000Z'),
      change: 'rising',
      limit: 10,
    });
    expect(facts.map((f) => [f.templateId, f.inWindow, f.before])).toEqual([[ID, 10, 3]]);
    const other = await readLogFacts(db, {
      accountId: 'other',
      words: [],
      since: new Date('2026-12-01T00:00:00.000Z'),
      until: new Date('2026-12-02T00:00:00.000Z'),
      limit: 10,
    });
    expect(other).toEqual([]);
  });

  it('counts a window committed after a later one (another instance held it), and its redelivery once', async () => {
    const source = 'file:/var/log/app.log';
    const hour = '2026-12-02T09:00:00.000Z';
    const [position] = await projection(logFactsProjection, db)
      .given(seen(10, source), window(11, 3, hour, 'c1', source))
      .when(window(13, 5, hour, 'c3', source))
      .when(window(12, 7, hour, 'c2', source))
      .when(window(12, 7, hour, 'c2', source))
      .then<{ cursor: string; lines: string }>(
        `SELECT cursor, lines FROM log_source_positions WHERE source_id = $1`,
        [source],
      );
    expect(position).toEqual({ cursor: 'c3', lines: '15' });
  });
});
