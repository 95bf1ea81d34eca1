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

  it('reads terse, hedged and misspelt settlements, and a yes to what the assistant proposed', () => {
    const { decisions, preferences } = settledStatements(
      's2',
      turns(
        ['user', 'nah, vitest. jest is too slow on this repo'],
        [
          'assistant',
          'The queries could stay hand-written. I would use sqlc here; it checks SQL at build time.',
        ],
        ['user', 'yes do that'],
        ['user', 'alwyas squash merge feature branches'],
        ['user', 'handlers should live in internal/http, one file per resource'],
        ['user', 'Prisma, not TypeORM, for the new service'],
        ['user', 'from now on run make lint before you tell me it is done'],
        ['assistant', 'The build is green.'],
        ['user', 'ok'],
        ['user', 'ok run the tests'],
      ),
    );
    expect(decisions.map((d) => [d.stance, d.turnSeq])).toEqual([
      ['chose', 1],
      ['chose', 3],
      ['convention', 4],
      ['convention', 5],
      ['convention', 6],
    ]);
    expect(decisions[1].topic).toBe('Agreed: I would use sqlc here; it checks SQL at build time.');
    // the person's own words are kept, typo and all
    expect(decisions[2].topic).toBe('alwyas squash merge feature branches');
    expect(preferences.map((p) => p.turnSeq)).toEqual([7]);
  });
});
