import { randomUUID } from 'node:crypto';

/** The repository the learning specs' sessions work in. */
export const REPO = '/home/dev/shop';

/** A tool call of a session: a file it read or wrote, or a command it ran, and the error it met. */
export interface Step {
  name: string;
  file?: string;
  command?: string;
  error?: string;
}

/** A session as the transcript reader sends it: started, the request, the tool calls, the outcome. */
export function session(
  sessionId: string,
  day: number,
  outcome: 'merged' | 'reverted' | 'abandoned' | 'unknown',
  task: string,
  steps: Step[],
) {
  const at = (minute: number) =>
    `2026-11-${String(day).padStart(2, '0')}T09:${String(minute).padStart(2, '0')}:00.000Z`;
  const edited = steps.filter((s) => s.file && s.name !== 'Read').map((s) => `${REPO}/${s.file}`);
  return [
    {
      id: randomUUID(),
      type: 'SessionStarted',
      sessionId,
      occurredAt: at(0),
      payload: { source: 'claude-code', cwd: REPO, project: REPO },
    },
    {
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: at(1),
      payload: { seq: 1, role: 'user', text: task },
    },
    {
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: at(2),
      payload: {
        seq: 2,
        role: 'assistant',
        text: 'Working on it.',
        toolCalls: steps.map((s, i) => ({
          id: `${sessionId}-${i}`,
          name: s.name,
          input: JSON.stringify({
            ...(s.file ? { file_path: `${REPO}/${s.file}` } : {}),
            ...(s.command ? { command: s.command } : {}),
          }),
          result: s.error ?? 'ok',
          isError: s.error !== undefined,
        })),
      },
    },
    {
      id: randomUUID(),
      type: 'SessionOutcomeRecorded',
      sessionId,
      occurredAt: at(3),
      payload: {
        summary: task,
        firstUserTurn: task,
        lastAssistantTurn: 'Done.',
        filesRead: [],
        filesEdited: edited,
        toolsCalled: {},
        commitShas: [],
        cwd: REPO,
        outcome,
      },
    },
  ];
}

/**
 * The same work done again for another entity: a CSV export route, registered beside the others,
 * with its spec (`withSpec`) and its test run.
 */
export const exportRepeat = (
  id: string,
  day: number,
  entity: string,
  task: string,
  withSpec = true,
) =>
  session(id, day, 'merged', task, [
    { name: 'Read', file: 'src/routes/index.ts' },
    { name: 'Write', file: `src/routes/${entity}-export.ts` },
    { name: 'Edit', file: 'src/routes/index.ts' },
    ...(withSpec ? [{ name: 'Write', file: `test/${entity}-export.spec.ts` }] : []),
    { name: 'Bash', command: 'npm test -- export' },
  ]);
