import { decisionLine, leftOffLine, sessionRef, statementOf } from './developer-digest-sections';

describe('statementOf', () => {
  it.each([
    ['yes do that. one driver only after this, pgx', 'one driver only after this, pgx'],
    ['right, the runners are rootless podman', 'the runners are rootless podman'],
    [
      'No, revert it. Deterministic output matters more.',
      'revert it. Deterministic output matters more.',
    ],
    ['yep. and update the README, uv add only', 'update the README, uv add only'],
    ['table-driven tests with t.Run, fix pls', 'table-driven tests with t.Run'],
  ])('drops the reply around the rule: %s', (said, rule) => {
    expect(statementOf(said, 200)).toBe(rule);
  });

  it.each([
    'no testify here, plain if got != want',
    'pnpm over yarn',
    'Ok then toml, with +++ delimiters',
  ])('keeps a statement that opens with its content: %s', (said) => {
    expect(statementOf(said, 200)).toBe(said);
  });

  it('keeps the whole reply when the opening is all there is', () => {
    expect(statementOf('yes, ok.', 200)).toBe('yes, ok.');
  });
});

describe('sessionRef', () => {
  it('cites a session by the first eight characters of its id', () => {
    expect(sessionRef('45b59b72-2aa0-4bfc-b770-f914e967b40d')).toBe('s:45b59b72');
  });
});

describe('decisionLine', () => {
  const decision = {
    id: 'd1',
    sessionId: '45b59b72-2aa0-4bfc-b770-f914e967b40d',
    occurredAt: '2026-11-01T00:00:00Z',
    stance: 'rejected' as const,
  };
  it('says a rationale that repeats its topic once', () => {
    const line = decisionLine({
      ...decision,
      topic: 'Reverted the commit; bucket.go is the active limiter again.',
      rationale: 'commit; bucket.go is the active limiter again',
    });
    expect(line.match(/bucket\.go/g)).toHaveLength(1);
  });
  it('keeps a rationale that adds a reason', () => {
    const line = decisionLine({
      ...decision,
      topic: 'rayon is not the way, we stop this branch.',
      rationale: 'It failed twice with LockBusy.',
    });
    expect(line).toContain('— It failed twice with LockBusy.');
  });
});

describe('leftOffLine', () => {
  const ended = (lastAssistantTurn: string) =>
    leftOffLine({
      sessionId: 's1234567890',
      startedAt: '2026-03-09T13:40:00Z',
      endedAt: null,
      outcome: 'reverted',
      firstUserTurn: 'timestamps from the Sao Paulo shop are 3 hours off',
      lastAssistantTurn,
      filesEdited: ['ingest/clock.py'],
    });

  it('says why after a closing sentence that only names what was undone', () => {
    expect(
      ended(
        'Reverted ingest/clock.py. The export is UTC already, so nothing converts it. Tests pass.',
      ),
    ).toContain(
      '→ ended: Reverted ingest/clock.py. The export is UTC already, so nothing converts it.',
    );
  });

  it('says nothing of an ending that says no more than the verdict', () => {
    expect(ended('Done. All good.')).not.toContain('ended');
  });
});
