import { ErrorTemplates, termBag, type LearningSession } from './learning-session';

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
});
