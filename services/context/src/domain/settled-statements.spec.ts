import { settledStatements, type DigestTurn } from './settled-statements';

const turns = (...texts: Array<[string, string]>): DigestTurn[] =>
  texts.map(([role, text], i) => ({
    seq: i + 1,
    role,
    text,
    occurredAt: `2026-11-01T09:0${i}:00Z`,
  }));

describe('settledStatements', () => {
  it('reads choices, rules, rejections and ways of working from the person, each traced to its turn', () => {
    const { decisions, preferences } = settledStatements(
      's1',
      turns(
        ['user', 'set up the tooling please'],
        ['user', 'We chose pnpm over yarn because workspaces install faster.'],
        ['assistant', 'We chose pnpm. Always run pnpm install.'],
        ['user', 'Always import schemas from src/contracts, never inline.'],
        ['user', 'Lazy loading broke the e2e suite, revert it.'],
        ['user', 'Park Turbo Streams for the cart until the stimulus controllers are gone.'],
        ['user', 'I prefer small commits, one concern each.'],
        ['user', 'ok run the tests'],
      ),
    );
    expect(decisions.map((d) => [d.stance, d.turnSeq])).toEqual([
      ['chose', 2],
      ['convention', 4],
      ['rejected', 5],
      ['deferred', 6],
    ]);
    expect(decisions[0]).toEqual(
      expect.objectContaining({
        sessionId: 's1',
        topic: 'We chose pnpm over yarn because workspaces install faster.',
      }),
    );
    expect(preferences.map((p) => [p.content, p.turnSeq])).toEqual([
      ['I prefer small commits, one concern each.', 7],
    ]);
  });

  it('leaves ordinary requests, the assistant and pasted code alone', () => {
    const { decisions, preferences } = settledStatements(
      's1',
      turns(
        ['user', 'add request ids to the logger'],
        ['assistant', 'Never mind, I always do this.'],
        ['user', 'here is the trace ```never mind always```'],
      ),
    );
    expect(decisions).toEqual([]);
    expect(preferences).toEqual([]);
  });
});
