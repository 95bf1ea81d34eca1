import stem from 'wink-porter2-stemmer';
import type { PayloadOf } from '@mnemo/contracts';
import { taskTokens } from '../../domain/prior-work';
import { clusterBySimilarity, similarities, type ChannelWeights } from './cluster-sessions';
import { sharedItems } from './failed-clusters';
import {
  commandKey,
  editedFiles,
  ErrorTemplates,
  fileKey,
  gist,
  medoid,
  shortHash,
  sessionTerms,
  stems,
  type LearningSession,
  type TermKind,
} from './learning-session';
import type { ToolStep } from './tool-steps';

export type SkillCandidateDraft = PayloadOf<'SkillCandidateProposed'>;

/** Distance (1 - similarity) under which merged sessions did the same kind of work (tuned on the dev splits). */
export const SKILL_MAX_DISTANCE = 0.8;

/**
 * The same kind of work is told by the places it wrote as much as by its words (a new screen beside
 * the last one, its registry edited) and by what it made (its new files' folders and types: a
 * repeat that made new files is not one that only edited them, and a fix to what one repeat made
 * shares its words and folder: what was made counts the most, 1.5, the best mean over the dev
 * splits from 1 to 2); its commands count a little, the errors on the way not at all.
 */
export const SKILL_WEIGHTS: ChannelWeights<TermKind> = {
  task: 1,
  files: 1,
  steps: 0.25,
  errors: 0,
  made: 1.5,
};
/** Steps of a candidate: enough to follow, short enough to read. */
const MAX_STEPS = 15;

const chronological = (a: LearningSession, b: LearningSession) =>
  (a.startedAt ?? '').localeCompare(b.startedAt ?? '') || a.sessionId.localeCompare(b.sessionId);

/** One tool step as an instruction: `Edit src/routes/index.ts`, `Run \`npm test\``. */
export function stepText(step: ToolStep, project?: string | null): string | null {
  if (step.command) return `Run \`${step.command}\``;
  if (step.file) return `${step.name} ${fileKey(step.file, project)}`;
  return null;
}

/** The session's steps as it did them, each said once where it repeats itself back to back, failed ones left out. */
export function stepsOf(session: LearningSession): string[] {
  const steps: string[] = [];
  for (const step of session.steps) {
    if (step.error) continue;
    const text = stepText(step, session.project);
    if (text && steps.at(-1) !== text) steps.push(text);
  }
  return steps.slice(0, MAX_STEPS);
}

/**
 * A name for what the sessions did: the words at least half of their tasks use, in the order the
 * most typical task says them (four at most), as Claude Code names a skill.
 */
export function skillNameOf(tasks: readonly string[], typical: string): string {
  const sets = tasks.map((task) => stems(task));
  const floor = Math.max(2, Math.ceil(tasks.length / 2));
  const support = (word: string) => sets.filter((set) => set.has(stem(word))).length;
  const words = [...new Set(typical.toLowerCase().match(/[a-z0-9]+/g) ?? [])].filter(
    (word) => taskTokens(word).size > 0,
  );
  // the best-shared words (three at most), said in the typical task's order
  const shared = words
    .filter((word) => support(word) >= floor)
    .map((word, position) => ({ word, position, n: support(word) }))
    .sort((a, b) => b.n - a.n || a.position - b.position)
    .slice(0, 3)
    .sort((a, b) => a.position - b.position)
    .map((w) => w.word);
  const chosen = shared.length >= 1 ? shared : words.slice(0, 4);
  const name = chosen
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 64)
    .replace(/-$/, '');
  return name || 'repeated-task';
}

/**
 * Recurring successful work (docs/learning.md): the merged sessions of each project clustered by
 * what they did (the failed clusters' terms and method), each group of two or more proposed as a
 * candidate skill: a name, when to use it, the steps of its most typical session, the files and
 * commands most of them used, and the sessions it came from.
 */
export function skillCandidates(
  accountId: string,
  sessions: readonly LearningSession[],
  maxDistance = SKILL_MAX_DISTANCE,
): SkillCandidateDraft[] {
  const ordered = [...sessions].sort(chronological);
  const errors = new ErrorTemplates(ordered);
  const projects = new Map<string, LearningSession[]>();
  for (const session of ordered)
    projects.set(session.project ?? '', [...(projects.get(session.project ?? '') ?? []), session]);
  const drafts: SkillCandidateDraft[] = [];
  for (const all of projects.values()) {
    const merged = all.filter((s) => s.outcome === 'merged');
    const similarity = similarities(
      merged.map((s) => sessionTerms(s, errors)),
      SKILL_WEIGHTS,
      all.map((s) => sessionTerms(s, errors)),
      ['made'],
    );
    const indexed = merged.map((session, index) => ({ session, index }));
    for (const group of clusterBySimilarity(indexed, similarity, maxDistance)) {
      const members = group.map((m) => m.session);
      const typical = medoid(group, (a, b) => similarity[a.index]?.[b.index] ?? 0).session;
      const files = sharedItems(
        members.map((s) => [
          ...editedFiles(s),
          ...s.steps.flatMap((step) => (step.file ? [fileKey(step.file, s.project)] : [])),
        ]),
      ).slice(0, 20);
      const commandKinds = new Set(
        sharedItems(
          members.map((s) => s.steps.flatMap((st) => (st.command ? [commandKey(st.command)] : []))),
        ),
      );
      const commands = [
        ...new Set(
          typical.steps.flatMap((st) =>
            st.command && !st.error && commandKinds.has(commandKey(st.command)) ? [st.command] : [],
          ),
        ),
      ].slice(0, 10);
      const task = gist(typical.task, 200) || 'this kind of change';
      const name = skillNameOf(
        members.map((s) => s.task),
        typical.task,
      );
      const description =
        `Use when asked for work like "${task}". ${members.length} merged sessions did it this way` +
        (files.length ? `, touching ${files.slice(0, 3).join(', ')}` : '') +
        '.';
      drafts.push({
        candidateId: `sk_${shortHash(JSON.stringify([accountId, typical.project, group[0].session.sessionId]))}`,
        ...(typical.project ? { project: typical.project } : {}),
        name,
        description: description.slice(0, 1024),
        steps: stepsOf(typical).map((step) => step.slice(0, 500)),
        files: files.map((file) => file.slice(0, 1000)),
        commands: commands.map((command) => command.slice(0, 500)),
        sourceSessionIds: members.map((s) => s.sessionId),
      });
    }
  }
  return drafts;
}

/** A candidate as a Claude Code SKILL.md: frontmatter with `name` and `description`, then the steps. */
export function skillMarkdown(candidate: {
  name: string;
  description: string;
  steps: readonly string[];
  files: readonly string[];
  commands: readonly string[];
  sourceSessionIds: readonly string[];
}): string {
  // YAML's double-quoted scalar: JSON's escaping is a subset of it
  const description = JSON.stringify(candidate.description.replace(/\s+/g, ' ').trim());
  const title = candidate.name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
  const list = (items: readonly string[], render: (item: string) => string) =>
    items.map(render).join('\n');
  return [
    '---',
    `name: ${candidate.name}`,
    `description: ${description}`,
    '---',
    '',
    `# ${title}`,
    '',
    candidate.description,
    '',
    ...(candidate.steps.length
      ? ['## Steps', '', list(candidate.steps, (s) => `1. ${s}`), '']
      : []),
    ...(candidate.files.length
      ? ['## Files', '', list(candidate.files, (f) => `- \`${f}\``), '']
      : []),
    ...(candidate.commands.length
      ? ['## Commands', '', list(candidate.commands, (c) => `- \`${c}\``), '']
      : []),
    `Learned from sessions ${candidate.sourceSessionIds.join(', ')} (Mnemo).`,
    '',
  ].join('\n');
}

/** What a proposal says, for telling whether discovery found anything new about a candidate. */
export const draftHash = (draft: SkillCandidateDraft): string => shortHash(JSON.stringify(draft));
