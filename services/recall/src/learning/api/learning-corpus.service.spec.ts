import { toSession, type SessionRow } from './learning-corpus.service';

const row = (over: Partial<SessionRow>): SessionRow => ({
  session_id: 's1',
  project: '/repo/web',
  started_at: new Date('2026-11-01T09:00:00Z'),
  outcome: 'reverted',
  first_user_turn: null,
  files_edited: [],
  turns: [],
  ...over,
});

describe('a learning session read from its rows', () => {
  it('takes the task without the wrappers Claude Code put around it', () => {
    const session = toSession(
      row({
        first_user_turn:
          '<command-name>/clear</command-name>\n<command-message>clear</command-message>\nMake the Stripe webhook idempotent',
      }),
    );
    expect(session.task).toBe('Make the Stripe webhook idempotent');
  });

  it('falls back on the first turn a person typed when the outcome named only a wrapper', () => {
    const session = toSession(
      row({
        first_user_turn: '<command-name>/init</command-name>',
        turns: [
          { role: 'user', text: '', tools: [] },
          { role: 'user', text: 'dedupe webhook deliveries by event id', tools: [] },
        ],
      }),
    );
    expect(session.task).toBe('dedupe webhook deliveries by event id');
  });
});
