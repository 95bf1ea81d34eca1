import { buildEvent } from '@mnemo/contracts';
import { TemplateMiner } from '@mnemo/log-templates';
import { LogWindow } from './log-window';

const at = new Date('2026-12-01T10:15:00.000Z');
const line = (message: string, extra: Partial<{ unit: string; host: string }> = {}) => ({
  message,
  at,
  ...extra,
});

describe('LogWindow', () => {
  it('folds lines into one template with its count, severity, unit, hours and value shapes', () => {
    const window = new LogWindow(new TemplateMiner());
    for (const ms of [12, 250, 31])
      window.add(
        line(`ERROR request to 10.0.0.${ms} failed after ${ms}ms`, { unit: 'api.service' }),
      );
    const { seen, facts } = window.drain();
    expect(seen).toHaveLength(1);
    expect(facts.lines).toBe(3);
    expect(facts.templates).toHaveLength(1);
    expect(facts.templates[0]).toMatchObject({
      template: 'ERROR request to <*> failed after <*>',
      count: 3,
      severities: { error: 3 },
      units: { 'api.service': 3 },
      hours: { '2026-12-01T10:00:00.000Z': 3 },
      shapes: { '3:9.9.9.9': 3, '6:9a': 3 },
    });
    expect(facts.templates[0]?.examples).toHaveLength(3);
  });

  it('redacts a secret before it is folded, so no template, example or shape holds it', () => {
    const secret = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
    const window = new LogWindow(new TemplateMiner());
    window.add(line(`deploy token=${secret} accepted`));
    window.add(line(`using Authorization: Bearer ${secret}`));
    const drained = JSON.stringify(window.drain());
    expect(drained).not.toContain(secret);
    expect(drained).toContain('[REDACTED');
  });

  it('counts a binary line, an over-long line and an empty one as skipped, and folds none of them', () => {
    const window = new LogWindow(new TemplateMiner());
    expect(window.add(line('\u0000\u0001\u0002PNG\u0003'))).toBe('binary');
    expect(window.add(line('x'.repeat(1024 * 1024)))).toBe('too_long');
    expect(window.add(line('   '))).toBe('empty');
    const { facts, seen } = window.drain();
    expect(facts).toMatchObject({ lines: 0, skipped: 3, templates: [] });
    expect(seen).toEqual([]);
  });

  it('fills before its event would outgrow the bus, and every drained window is a valid event', () => {
    const window = new LogWindow(new TemplateMiner());
    let added = 0;
    while (!window.full() && added < 100_000) {
      window.add(
        line(
          `${'word'.repeat(1 + (added % 7))} ${added.toString(36).replace(/\d/g, 'q')} x${'y'.repeat(added % 50)} stop`,
        ),
      );
      added++;
    }
    expect(window.full()).toBe(true);
    const { facts, seen } = window.drain();
    const event = buildEvent({
      id: '00000000-0000-4000-8000-000000000001',
      type: 'LogFactsUpdated',
      accountId: 'acc',
      occurredAt: at,
      producer: 'logs',
      payload: { project: 'p', sourceId: 's', ...facts },
    });
    expect(JSON.stringify(event).length).toBeLessThan(1024 * 1024);
    expect(seen.length).toBe(facts.templates.length);
    expect(window.drain().facts.templates).toEqual([]);
  });

  it('keeps the ids a restarted miner continues with, so a template is not seen twice', () => {
    const first = new TemplateMiner();
    const window = new LogWindow(first);
    window.add(line('worker 7 started in 120ms'));
    const [seen] = window.drain().seen;
    const restarted = new LogWindow(new TemplateMiner({}, first.state()));
    restarted.add(line('worker 9 started in 80ms'));
    const again = restarted.drain();
    expect(again.seen).toEqual([]);
    expect(again.facts.templates[0]?.templateId).toBe(seen?.templateId);
  });
});
