import { ErrorTemplates, sessionTerms, termBag, type LearningSession } from './learning-session';

const session = (over: Partial<LearningSession>): LearningSession => ({
  sessionId: 's',
  project: '/repo/web',
  startedAt: '2026-11-01T09:00:00.000Z',
  outcome: 'merged',
  task: '',
  steps: [],
  filesEdited: [],
  ...over,
});

const terms = (s: LearningSession) => [...termBag(s, new ErrorTemplates([s])).keys()];

describe('what a session attempted, as terms', () => {
  it('reads the task from the turns after a greeting, lighter than the first request', () => {
    const s = session({ task: 'hey', asked: ['hey', 'add a churn chart to the dashboard'] });
    const bag = termBag(s, new ErrorTemplates([s]));
    expect(bag.get('w:churn')).toBe(0.6);
    expect(bag.get('w:dashboard')).toBe(0.6);
  });

  it('leaves out how a request is asked: a retry says nothing of what is retried', () => {
    const said = terms(
      session({ task: 'try again, could you take another look at the invoice export please' }),
    );
    expect(said.filter((t) => t.startsWith('w:'))).toEqual(['w:invoic', 'w:export']);
  });

  it('counts the folder of an edit and of a new file, not the root', () => {
    const s = session({
      steps: [
        { name: 'Write', file: '/repo/web/src/widgets/ChurnChart.tsx' },
        { name: 'Edit', file: '/repo/web/package.json' },
      ],
    });
    const found = terms(s);
    expect(found).toEqual(
      expect.arrayContaining(['d:src/widgets', 'n:src/widgets', 'f:src/widgets/ChurnChart.tsx']),
    );
    expect(found.filter((t) => t === 'd:.' || t === 'n:.')).toEqual([]);
  });

  it("counts what a session made: the new file's folder and type, and the folder that folder is in", () => {
    const s = session({
      steps: [{ name: 'Write', file: '/repo/web/App/Resources/de.lproj/Localizable.strings' }],
    });
    expect([...sessionTerms(s, new ErrorTemplates([s])).made.keys()]).toEqual([
      'm:Resources/de.lproj',
      'p:Resources',
      'x:.strings',
    ]);
  });

  it('names a file edited in a git worktree as the checkout names it', () => {
    const checkout = terms(
      session({ steps: [{ name: 'Edit', file: '/repo/web/src/app/api/stripe/route.ts' }] }),
    );
    const worktree = terms(
      session({
        steps: [
          { name: 'Edit', file: '/home/me/web-worktrees/dedupe/src/app/api/stripe/route.ts' },
        ],
      }),
    );
    expect(checkout).toContain('f:api/stripe/route.ts');
    expect(worktree).toContain('f:api/stripe/route.ts');
  });

  it('leaves out the errors Claude Code itself answered: a refused call, a turned-down one', () => {
    const s = session({
      steps: [
        {
          name: 'Edit',
          file: '/repo/web/src/a.ts',
          error:
            '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
        },
        {
          name: 'Bash',
          command: 'npm test',
          error: "The user doesn't want to proceed with this tool use. The tool use was rejected.",
        },
        { name: 'Bash', command: 'npm test', error: 'TypeError: x is not a function' },
      ],
    });
    const bag = termBag(s, new ErrorTemplates([s]));
    expect([...bag.keys()].filter((t) => t.startsWith('e:'))).toHaveLength(1);
    expect(bag.has('x:read')).toBe(false);
    expect(bag.has('x:user')).toBe(false);
  });

  it('reads what a command ran on as a path the session worked in', () => {
    const found = terms(
      session({
        steps: [
          { name: 'Bash', command: 'go test -race ./internal/election/... -run TestLeader' },
          { name: 'Bash', command: 'pytest tests/tasks/test_export.py -k big' },
        ],
      }),
    );
    expect(found).toEqual(
      expect.arrayContaining(['a:internal/election', 'a:tests/tasks/test_export.py']),
    );
  });

  it('leaves out words that say little on their own', () => {
    const said = terms(
      session({ task: 'the election test hangs under -race after about a minute' }),
    );
    expect(said.filter((t) => t.startsWith('w:'))).toEqual([
      'w:elect',
      'w:test',
      'w:hang',
      'w:race',
      'w:minut',
    ]);
  });

  it('names the kind of trouble a request describes, however it is worded', () => {
    const kinds = (task: string) => terms(session({ task })).filter((t) => t.startsWith('k:'));
    expect(kinds('the checkout page is sluggish')).toEqual(['k:slow']);
    expect(kinds('cart still takes forever to render')).toEqual(['k:slow']);
    expect(kinds('the app dies right after the splash screen')).toEqual(['k:crash']);
    expect(kinds('infractl panics on an empty config')).toEqual(['k:crash']);
    expect(kinds('add a seats column to the usage report')).toEqual([]);
  });

  it('names the area of the app a request is in only where asked to (skills, not failures)', () => {
    const s = session({ task: 'users are logged out when the JWT signing key rotates' });
    const kinds = (areas: boolean) =>
      [...sessionTerms(s, new ErrorTemplates([s]), 0, areas).task.keys()].filter((t) =>
        t.startsWith('k:'),
      );
    expect(kinds(true)).toEqual(['k:auth']);
    expect(kinds(false)).toEqual([]);
  });
});
