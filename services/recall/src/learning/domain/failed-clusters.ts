import {
  clusterBySimilarity,
  similarities,
  type ChannelWeights,
  type Gate,
} from './cluster-sessions';
import {
  editedFiles,
  ErrorTemplates,
  gist,
  isFailed,
  medoid,
  placeTerms,
  saidTerms,
  shortHash,
  sessionTerms,
  toolErrors,
  type LearningSession,
  type TermKind,
} from './learning-session';

/** Failed attempts at one thing (docs/learning.md): who tried, what they touched, how it failed. */
export interface FailedCluster {
  clusterId: string;
  project: string | null;
  /** One line: what was attempted and how it failed. */
  label: string;
  /** The attempt that stands for the others (the medoid's task). */
  task: string;
  sessions: Array<{ sessionId: string; outcome: string; startedAt: string | null; task: string }>;
  /** Files at least half the attempts changed (two at least), most changed first. */
  sharedFiles: string[];
  /** The error template most attempts hit, or how they ended when none did. */
  commonFailure: string;
  lastAttemptAt: string | null;
}

/** Distance (1 - similarity) under which failed attempts are one task's (tuned on the dev splits, tests/bench/learning.bench.ts). */
export const FAILED_MAX_DISTANCE = 0.885;

/**
 * Attempts at one task are told by what was asked and how it failed more than by where: a file is
 * shared by many tasks (the hard negatives of the dev splits). The steps not at all: they say how
 * an attempt went about it (a curl at the running app, then the tests), which attempts at one task
 * often do differently and unrelated ones alike (the project's one test command).
 */
export const FAILED_WEIGHTS: ChannelWeights<TermKind> = {
  task: 2,
  files: 0.5,
  steps: 0,
  errors: 1,
  made: 0,
};

/**
 * The kinds that count by how specific they are within the project (cluster-sessions.ts's
 * `similarities`, to this power): a generic test failure is shared by unrelated tasks.
 */
export const FAILED_SPECIFIC: Partial<Record<TermKind, number>> = { errors: 2 };

/**
 * Where two failed sessions worked (their files) counts only as far
 * as what the person asked in one agrees with the other beyond the names of the files both touched
 * (cluster-sessions.ts's `Gate`): a failure at another task in a group's file shares the file, not
 * the task. Any such agreement opens it: a cosine of 0.02 (the dev splits gave the same from 0.01
 * to 0.03).
 */
export const FAILED_GATE = {
  on: 'task',
  kinds: ['files'],
  full: 0.02,
} as const satisfies Omit<Gate<TermKind>, 'places'>;

/** The weight of an error's words among a failed session's task words (learning-session.ts's `sessionTerms`). */
export const FAILURE_WORDS = 0.2;

function byProject(sessions: readonly LearningSession[]): LearningSession[][] {
  const groups = new Map<string, LearningSession[]>();
  for (const session of sessions) {
    const key = session.project ?? '';
    groups.set(key, [...(groups.get(key) ?? []), session]);
  }
  return [...groups.values()];
}

const chronological = (a: LearningSession, b: LearningSession) =>
  (a.startedAt ?? '').localeCompare(b.startedAt ?? '') || a.sessionId.localeCompare(b.sessionId);

/** Items that at least half of `lists` hold (and at least two), most held first. */
export function sharedItems(lists: readonly string[][]): string[] {
  const counts = new Map<string, number>();
  for (const list of lists)
    for (const item of new Set(list)) counts.set(item, (counts.get(item) ?? 0) + 1);
  const floor = Math.max(2, Math.ceil(lists.length / 2));
  return [...counts]
    .filter(([, n]) => n >= floor)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([item]) => item);
}

function commonFailure(members: readonly LearningSession[], errors: ErrorTemplates): string {
  const counts = new Map<string, number>();
  for (const session of members) {
    const ids = new Set(session.steps.flatMap((s) => (s.error ? [errors.id(s.error) ?? ''] : [])));
    for (const id of ids) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const [top] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (top && top[1] >= 2) return errors.text(top[0]);
  const endings = new Map<string, number>();
  for (const s of members) endings.set(s.outcome, (endings.get(s.outcome) ?? 0) + 1);
  return [...endings].map(([outcome, n]) => `${outcome} ×${n}`).join(', ');
}

/**
 * The failed sessions of each project clustered by what they attempted (learning-session.ts's
 * terms, weighed against all of the project's sessions; agglomerative, average linkage, cosine
 * distance under FAILED_MAX_DISTANCE). Groups of two or more; newest attempt first.
 */
export function failedClusters(
  accountId: string,
  sessions: readonly LearningSession[],
  maxDistance = FAILED_MAX_DISTANCE,
): FailedCluster[] {
  const ordered = [...sessions].sort(chronological);
  const errors = new ErrorTemplates(ordered);
  const clusters: FailedCluster[] = [];
  for (const all of byProject(ordered)) {
    const project = all.filter(isFailed);
    // the kinds of trouble, not the areas: two failures in the sign-in code are often at two tasks
    const terms = (s: LearningSession) => sessionTerms(s, errors, FAILURE_WORDS, false);
    const similarity = similarities(
      project.map(terms),
      FAILED_WEIGHTS,
      all.map(terms),
      [],
      FAILED_SPECIFIC,
      { ...FAILED_GATE, places: project.map(placeTerms), said: project.map(saidTerms) },
    );
    const indexed = project.map((session, index) => ({ session, index }));
    for (const group of clusterBySimilarity(indexed, similarity, maxDistance)) {
      const members = group.map((m) => m.session);
      const center = medoid(group, (a, b) => similarity[a.index]?.[b.index] ?? 0).session;
      const failure = commonFailure(members, errors);
      const errorsSeen = members.reduce((n, s) => n + toolErrors(s), 0);
      const task = gist(center.task) || 'an unnamed task';
      clusters.push({
        clusterId: `fc_${shortHash(JSON.stringify([accountId, center.project, group[0].session.sessionId]))}`,
        project: center.project,
        label: `"${task}"${failure ? ` — ${gist(failure, 80)}` : ''}${errorsSeen ? ` (${errorsSeen} tool errors)` : ''}`,
        task,
        sessions: members.map((s) => ({
          sessionId: s.sessionId,
          outcome: s.outcome,
          startedAt: s.startedAt,
          task: gist(s.task),
        })),
        sharedFiles: sharedItems(members.map(editedFiles)),
        commonFailure: failure,
        lastAttemptAt: members.at(-1)?.startedAt ?? null,
      });
    }
  }
  return clusters.sort((a, b) => (b.lastAttemptAt ?? '').localeCompare(a.lastAttemptAt ?? ''));
}
