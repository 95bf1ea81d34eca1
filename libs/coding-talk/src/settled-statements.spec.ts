import { settledStatements, type SettledTurn } from './settled-statements';

const turns = (...texts: Array<[string, string]>): SettledTurn[] =>
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
    expect(decisions[1]?.topic).toBe('I would use sqlc here; it checks SQL at build time.');
    // the person's own words are kept, typo and all
    expect(decisions[2]?.topic).toBe('alwyas squash merge feature branches');
    expect(preferences.map((p) => p.turnSeq)).toEqual([7]);
  });

  it("keeps the reason a proposal gave, and the person's own restatement of what they agreed to", () => {
    const { decisions } = settledStatements(
      's3',
      turns(
        ['user', 'need config loading, yaml + env'],
        [
          'assistant',
          "Two options: viper or koanf. I'd go with koanf. viper lowercases every key it reads, and your names are case-sensitive.",
        ],
        ['user', 'ok'],
        [
          'assistant',
          "The export needs window functions. EF Core can't express them. I'll move the export reads to Dapper. Does that work for you?",
        ],
        ['user', 'I guess that makes sense, yes. Dapper for the export reads, EF for writes.'],
      ),
    );
    expect(decisions.map((d) => [d.stance, d.topic])).toEqual([
      ['chose', "I'd go with koanf."],
      ['chose', 'Dapper for the export reads, EF for writes.'],
    ]);
    expect(decisions[0]?.rationale).toContain('viper lowercases every key');
    expect(decisions[1]?.rationale).toContain('window functions');
  });

  it('reads a rejection with what the assistant had just found, and "later" in it does not make it a deferral', () => {
    const { decisions } = settledStatements(
      's4',
      turns(
        ['assistant', 'Result is worse: 104s, and it failed twice with LockBusy. Want me to dig?'],
        [
          'user',
          'ok so rayon is not the way. remove it, we stop this branch. Maybe later more heap.',
        ],
      ),
    );
    expect(decisions).toEqual([
      expect.objectContaining({
        stance: 'rejected',
        topic: 'ok so rayon is not the way. remove it, we stop this branch. Maybe later more heap.',
        rationale: 'Result is worse: 104s, and it failed twice with LockBusy.',
      }),
    ]);
  });

  it('splits a numbered list of rules, reads a long turn from the sentence that settles, and no decision in a question', () => {
    const { decisions } = settledStatements(
      's5',
      turns(
        [
          'user',
          '1. providers pinned in versions.tf of every module. 2. no per-resource tags, tags come from default_tags. 3. names are {env}-{service}-{purpose}. applies to every module from now on',
        ],
        [
          'user',
          'Problem: half of my notes are in Japanese, a search for Tokyo finds nothing useful, and the ranking is bad for every CJK query we tried last week. I decided we switch to tantivy with lindera.',
        ],
        [
          'user',
          'Maybe we can write the bank file with CsvHelper instead of our code? Feels fragile.',
        ],
        // asked without its mark: a request and a question, nothing settled
        ['user', 'new fastapi service for invoices. what should we use for db access'],
      ),
    );
    expect(decisions.map((d) => [d.stance, d.topic])).toEqual([
      ['convention', 'providers pinned in versions.tf of every module.'],
      ['convention', 'no per-resource tags, tags come from default_tags.'],
      ['convention', 'names are {env}-{service}-{purpose}. applies to every module from now on'],
      ['chose', 'I decided we switch to tantivy with lindera.'],
    ]);
    expect(decisions[3]?.rationale).toContain('ranking is bad for every CJK query');
    // a turn that fits a line is kept whole: its first sentence names what the rule is about
    const short = settledStatements(
      's6',
      turns(['user', 'Never use count for replicas, use for_each keyed by name. Revert.']),
    );
    expect(short.decisions[0]?.topic).toBe(
      'Never use count for replicas, use for_each keyed by name. Revert.',
    );
  });

  it('reads a reply that picks one of the options the assistant just offered as a choice', () => {
    const { decisions } = settledStatements(
      's7',
      turns(
        ['user', 'spring boot service: pick a migration tool'],
        ['assistant', 'Flyway or Liquibase.'],
        ['user', 'Flyway. Plain SQL migrations are easier to review than Liquibase XML.'],
        ['assistant', 'Run it now or later?'],
        ['user', 'now'],
      ),
    );
    expect(decisions.map((d) => [d.stance, d.topic, d.turnSeq])).toEqual([
      ['chose', 'Flyway. Plain SQL migrations are easier to review than Liquibase XML.', 3],
    ]);
  });

  it('reads choices said as done, rules said as complaints or bare bans, and approaches tried and dropped', () => {
    const { decisions } = settledStatements(
      's8',
      turns(
        ['user', 'switched the CI to pnpm myself just now, yarn kept breaking the lockfile'],
        ['user', 'I have replaced clap derive by argh, the binary was 4 MB too big'],
        ['user', 'stop putting logic in controllers. controller parses and calls the service'],
        ['user', 'fine. btw no default exports, I grep for names'],
        ['user', 'queue driver redis. not database. db one locks the jobs table'],
        ['user', 'write the comments in english even if I write in french to you'],
        ['assistant', 'Could spread it with dask on the workers.'],
        ['user', 'no. we tried dask in january, is dropped. the scheduler was hanging'],
        [
          'user',
          'tried Livewire for the admin tables. removed. too slow with 5k rows, keep Inertia',
        ],
      ),
    );
    expect(decisions.map((d) => [d.stance, d.turnSeq])).toEqual([
      ['chose', 1],
      ['chose', 2],
      ['convention', 3],
      ['convention', 4],
      ['convention', 5],
      ['convention', 6],
      ['rejected', 8],
      ['rejected', 9],
    ]);
    // a long turn keeps what came before its cue as the reason: the approach it rejects
    expect(`${decisions[7]?.topic} ${decisions[7]?.rationale}`).toContain('Livewire');
  });

  it('reads a short assent ("cool", "perfect", "👍") to an option the assistant offered as that choice', () => {
    const { decisions } = settledStatements(
      's10',
      turns(
        ['assistant', 'One option is Oban for the jobs: it runs on the Postgres we have.'],
        ['user', 'cool'],
        ['assistant', 'Could use a Livewire table for the sorting.'],
        ['user', '👍'],
        ['assistant', 'Added the table.'],
        ['user', 'perfect'],
      ),
    );
    expect(decisions.map((d) => [d.stance, d.topic, d.turnSeq])).toEqual([
      ['chose', 'One option is Oban for the jobs: it runs on the Postgres we have.', 2],
      ['chose', 'Could use a Livewire table for the sorting.', 4],
    ]);
  });

  it('reads a pick from an enumerated list and an assent after a sound of thinking, with what follows it', () => {
    const { decisions } = settledStatements(
      's11',
      turns(
        [
          'assistant',
          'Options: (a) quarkus-quartz with the clustered JDBC store, (b) a ShedLock-style lock table.',
        ],
        ['user', 'hmm. quartz clustered I guess, quarkus supports it out of the box'],
        [
          'assistant',
          "Options: (a) move Hilt to KSP; (b) drop Hilt for Koin, plain Kotlin DSL. I'd do (b): 14 classes is small.",
        ],
        ['user', 'hmm. ok, koin. get rid of hilt and kapt completely'],
      ),
    );
    expect(decisions.map((d) => [d.stance, d.topic, d.turnSeq])).toEqual([
      ['chose', 'hmm. quartz clustered I guess, quarkus supports it out of the box', 2],
      ['chose', 'koin. get rid of hilt and kapt completely', 4],
    ]);
  });

  it('reads no rule from a report of what happened or a request to move a thing', () => {
    const { decisions } = settledStatements(
      's9',
      turns(
        ['user', 'add a check that orders without region are dropped and count them'],
        ['user', 'Tokyo trips show day 1 twice and no day 7 for users in LA'],
        ['user', 'move deps to a version catalog'],
        ['user', 'fine. no idea why it failed, try again'],
        ['user', 'bad release of api yesterday took 20 min to roll back. canary?'],
      ),
    );
    expect(decisions).toEqual([]);
  });

  it('reads an option refused by name at a reply\'s opening as a rejection, and "no, X." as a pick', () => {
    const { decisions } = settledStatements(
      's10',
      turns(
        ['user', 'OCR takes 40s, cannot do it in the request. celery?'],
        ['assistant', 'Celery with a Redis broker is the usual choice.'],
        ['user', 'not celery, the workers stopped consuming after broker reconnects. use arq'],
        ['user', 'no STI. every query grew type bugs. keep separate tables'],
        ['user', 'no, minitest.'],
        ['user', 'not sure, let me check the logs first'],
        ['user', 'no problem. run it again'],
      ),
    );
    expect(decisions.map((d) => [d.stance, d.turnSeq])).toEqual([
      ['rejected', 3],
      ['rejected', 4],
      ['chose', 5],
    ]);
    expect(decisions[0]?.topic).toContain('use arq');
  });
});
