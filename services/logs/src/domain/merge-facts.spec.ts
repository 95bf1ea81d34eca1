import type { LogTemplateDelta } from '@mnemo/contracts';
import { dominantSeverity, mergeFacts } from './merge-facts';

const delta = (over: Partial<LogTemplateDelta>): LogTemplateDelta => ({
  templateId: '0123456789abcdef',
  template: 'job <*> done',
  count: 1,
  firstSeenAt: '2026-12-01T10:00:00.000Z',
  lastSeenAt: '2026-12-01T10:00:00.000Z',
  severities: {},
  hours: {},
  units: {},
  hosts: {},
  examples: [],
  shapes: {},
  ...over,
});

describe('mergeFacts', () => {
  it('adds counts, widens the seen times, keeps three examples and the most frequent units', () => {
    const first = mergeFacts(
      undefined,
      delta({
        count: 2,
        examples: ['job 1 done', 'job 2 done'],
        units: { a: 2 },
        lastSeenAt: '2026-12-01T11:00:00.000Z',
      }),
    );
    const units = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`u${i}`, i + 1]));
    const merged = mergeFacts(
      first,
      delta({
        count: 5,
        firstSeenAt: '2026-12-01T09:00:00.000Z',
        lastSeenAt: '2026-12-01T10:30:00.000Z',
        examples: ['job 2 done', 'job 3 done', 'job 4 done'],
        units,
        severities: { error: 4, info: 1 },
      }),
    );
    expect(merged).toMatchObject({
      count: 7,
      firstSeenAt: '2026-12-01T09:00:00.000Z',
      lastSeenAt: '2026-12-01T11:00:00.000Z',
      examples: ['job 1 done', 'job 2 done', 'job 3 done'],
      severities: { error: 4, info: 1 },
    });
    expect(Object.keys(merged.units)).toHaveLength(10);
    expect(merged.units.u11).toBe(12);
    expect(merged.units.u0).toBeUndefined();
  });

  it('names the severity most lines had, the graver one on a tie, unknown only when nothing else', () => {
    expect(dominantSeverity({ info: 3, error: 3 })).toBe('error');
    expect(dominantSeverity({ info: 5, error: 1, unknown: 9 })).toBe('info');
    expect(dominantSeverity({ unknown: 2 })).toBe('unknown');
  });
});
