import { pathEndsWith, taskOverlap, taskTokens, verdictOf } from './prior-work';

describe('prior work', () => {
  it('labels each outcome with its verdict', () => {
    expect(['merged', 'reverted', 'abandoned', 'unknown', 'other'].map(verdictOf)).toEqual([
      'template',
      'avoid',
      'caution',
      'unknown',
      'unknown',
    ]);
  });

  it('matches a file by path suffix on a segment boundary', () => {
    expect(pathEndsWith('/repo/src/auth/guard.ts', 'auth/guard.ts')).toBe(true);
    expect(pathEndsWith('/repo/src/auth/guard.ts', './guard.ts')).toBe(true);
    expect(pathEndsWith('/repo/src/oauth.ts', 'auth.ts')).toBe(false);
    expect(pathEndsWith('/repo/src/a.ts', '')).toBe(false);
  });

  it('ranks a session by the share of the task it covers in its summary, lessons and files', () => {
    const task = taskTokens('Add retries to the payment webhook handler');
    expect([...task]).toEqual(['add', 'retrie', 'payment', 'webhook', 'handler']);
    const session = {
      summary: 'Retries for the webhook, with backoff',
      lessons: ['the payment provider resends events'],
      files: ['src/webhooks/handler.ts'],
    };
    expect(taskOverlap(task, session)).toBeCloseTo(4 / 5);
    expect(taskOverlap(task, { summary: 'CSS fixes', lessons: [], files: [] })).toBe(0);
  });
});
