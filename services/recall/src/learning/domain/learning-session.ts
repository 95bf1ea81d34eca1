import { createHash } from 'node:crypto';
import stem from 'wink-porter2-stemmer';
import { eng } from 'stopword';
import { TemplateMiner, WILDCARD } from '@mnemo/log-templates';
import { taskTokens } from '../../domain/prior-work';
import type { TermBag, TermChannels } from './cluster-sessions';
import { conceptsOf } from './task-concepts';
import type { ToolStep } from './tool-steps';

export type Outcome = 'merged' | 'reverted' | 'abandoned' | 'unknown';

/** A session as the learning corpus reads it (learning_sessions and its learning_turns). */
export interface LearningSession {
  sessionId: string;
  project: string | null;
  startedAt: string | null;
  outcome: Outcome;
  /** The first thing the person asked (the outcome's first user turn, else the first user turn with text). */
  task: string;
  /** What the person said in the session's opening turns, in order: a task often follows a greeting. */
  asked?: string[];
  /** The tool steps in the order they ran. */
  steps: ToolStep[];
  /** Files the outcome names as edited (the tool steps name the rest). */
  filesEdited: string[];
}

/** A session with this many tool errors, at least this share of its calls, failed even without a verdict. */
const HEAVY_ERRORS = 3;
const HEAVY_SHARE = 0.3;

export const toolErrors = (session: LearningSession): number =>
  session.steps.filter((step) => step.error).length;

/** Reverted or abandoned; or no verdict yet and its tools mostly failing (a failed attempt, docs/learning.md). */
export function isFailed(session: LearningSession): boolean {
  if (session.outcome === 'reverted' || session.outcome === 'abandoned') return true;
  if (session.outcome !== 'unknown') return false;
  const errors = toolErrors(session);
  return errors >= HEAVY_ERRORS && errors >= HEAVY_SHARE * session.steps.length;
}

const EDITING = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

/**
 * A path as the sessions of one repository share it: relative to the project when it lies inside
 * it, else its last three segments (absolute roots differ by machine and worktree).
 */
export function fileKey(path: string, project?: string | null): string {
  const normal = path.replace(/\\/g, '/');
  const root = project?.replace(/\\/g, '/').replace(/\/+$/, '');
  if (root && normal.startsWith(`${root}/`)) return normal.slice(root.length + 1);
  if (!normal.startsWith('/')) return normal.replace(/^\.\//, '');
  return normal.split('/').filter(Boolean).slice(-3).join('/');
}

/** The files a session changed: what its outcome names and what its editing tools wrote, in first-touched order. */
export function editedFiles(session: LearningSession): string[] {
  const files = [
    ...session.steps.filter((s) => s.file && EDITING.has(s.name)).map((s) => s.file!),
    ...session.filesEdited,
  ].map((file) => fileKey(file, session.project));
  return [...new Set(files)];
}

/**
 * A tool result Claude Code wrote, not the work: a call the person turned down, a call the harness
 * refused (`<tool_use_error>File has not been read yet…`). The same words in any session, whatever it
 * attempted, so they say nothing of what failed.
 */
export const isHarnessError = (error: string): boolean =>
  /^\s*(<tool_use_error>|The user doesn't want to (proceed|take this action)|\[Request interrupted)/i.test(
    error,
  );

/** A command's kind: its program and first argument (`npm test`, `git push`), paths and flags left out. */
export function commandKey(command: string): string {
  const words = command
    .trim()
    .split(/\s+/)
    .filter((w) => !w.startsWith('-') && !w.includes('/') && !w.includes('='));
  return words.slice(0, 2).join(' ');
}

/** The paths a command names (`./internal/election/...` as `internal/election`), flags and options out. */
export function commandTargets(command: string): string[] {
  return command
    .split(/\s+/)
    .map((word) => word.replace(/^['"]|['"]$/g, ''))
    .filter(
      (word) => !word.startsWith('-') && !word.includes('=') && /[/]|\.[a-z]{1,5}$/i.test(word),
    )
    .map((word) =>
      word
        .replace(/^\.\/+/, '')
        .replace(/\/(\.\.\.)?$/, '')
        .replace(/\/+$/, ''),
    )
    .filter((word) => /[a-z]/i.test(word) && !/^https?:/.test(word));
}

/**
 * Error texts folded into templates with the log miner (libs/log-templates), fed in a fixed order
 * so the same sessions always give the same template ids: `Cannot find module './a'` and
 * `Cannot find module './b'` are one failure.
 */
export class ErrorTemplates {
  private readonly miner = new TemplateMiner();
  private readonly idOf = new Map<string, string>();

  constructor(sessions: readonly LearningSession[]) {
    for (const session of sessions)
      for (const step of session.steps)
        if (step.error && !this.idOf.has(step.error))
          this.idOf.set(step.error, this.miner.add(step.error).template.id);
  }

  id(error: string): string | undefined {
    return this.idOf.get(error);
  }

  text(id: string): string {
    return this.miner.get(id)?.text ?? '';
  }

  /** The template's fixed words (its wildcards out), for matching and labels. */
  words(id: string): string[] {
    return this.text(id)
      .split(/\s+/)
      .filter((w) => w && w !== WILDCARD);
  }
}

/**
 * A text's words as stems (Porter2): "limiting", "limits" and "limit" are one term; identifiers are
 * split first, so `TestWatchReconnect` and `rate_limit` say the words they are made of.
 */
export function stems(text: string): Set<string> {
  const split = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return new Set(
    [...taskTokens(split)]
      .filter((word) => !CHATTER.has(word) && !ENGLISH.has(word))
      .map((word) => stem(word)),
  );
}

/** Words that say little on their own ("about", "under", "after"): the stopword package's English list. */
const ENGLISH = new Set<string>(eng);

/**
 * Words that say how a request is made, not what it is about: greetings, retries and politeness.
 * "Try again", "take two", "hey, could you" are in many attempts at unrelated things.
 */
const CHATTER = new Set(
  (
    'hey hello morning thanks thank please could would should need want let lets try trying ' +
    'tried again another once more still take two three second third last time same other ' +
    'look see think maybe just also some thing things stuff okay sure going get got fix'
  ).split(' '),
);

/**
 * How much a kind of trouble the person named counts beside the words they named it with
 * (task-concepts.ts; the best mean over the dev splits of `npm run bench:learning`, from 0 to 1.5).
 */
export const CONCEPT_WEIGHT = 1.25;

/**
 * How much the folder a session made a new folder in counts beside the new folder itself (the
 * middle of the weights, 0.8 to 1, where no dev split of `npm run bench:learning` fell).
 */
const MADE_BESIDE = 0.9;

/** The person's turns read for what a session is about: a greeting, then the task, then a detail. */
const OPENING_TURNS = 3;

const folderOf = (file: string): string => file.split('/').slice(0, -1).join('/') || '.';

/**
 * A file as sessions compare it: its last three path segments, so an attempt made in a git worktree
 * (another root, the path outside the project) names the same file as one made in the checkout.
 */
const tail = (file: string): string => file.split('/').slice(-3).join('/');

/** The kinds of term a session is compared by (cluster-sessions.ts weighs each on its own). */
export type TermKind = 'task' | 'files' | 'steps' | 'errors' | 'made';
export type SessionTerms = TermChannels<TermKind>;

/**
 * What a session attempted, as weighted terms of five kinds: `task`, the words the person asked it
 * with (the first request most) and the names of the files it changed; `files`, the files it
 * changed and read, their folders and the paths its commands ran on; `steps`, its commands' kinds
 * and, faintly, its tools; `errors`, the error templates it hit and their words, leaving out what
 * Claude Code itself answered (a refused or turned-down call); `made`, the folders and types of the
 * files it wrote new, and the folders those folders are in. With `failureWords`, the errors'
 * words count among the task's too, at that weight: the next attempt at a failed task often asks
 * about what the last one hit ("hydration warning…" after a hydration error). The kinds of trouble
 * the person named count among the task's (task-concepts.ts), and with `areas` the areas of the app.
 */
export function sessionTerms(
  session: LearningSession,
  errors: ErrorTemplates,
  failureWords = 0,
  areas = true,
): SessionTerms {
  const terms: SessionTerms = {
    task: new Map(),
    files: new Map(),
    steps: new Map(),
    errors: new Map(),
    made: new Map(),
  };
  const add = (kind: TermKind, term: string, weight: number) =>
    terms[kind].set(term, Math.max(terms[kind].get(term) ?? 0, weight));
  const words = (text: string, weight: number) => {
    const found = stems(text);
    for (const word of found) add('task', `w:${word}`, weight);
    for (const concept of conceptsOf(found, areas))
      add('task', `k:${concept}`, weight * CONCEPT_WEIGHT);
  };
  words(session.task, 1);
  for (const said of session.asked?.slice(0, OPENING_TURNS) ?? []) words(said, 0.6);
  for (const file of editedFiles(session).map(tail)) {
    add('files', `f:${file}`, 1.5);
    // the same work in another file of the same folder (a new handler beside the last one)
    if (file.includes('/')) add('files', `d:${folderOf(file)}`, 1);
    for (const word of stems(file.split('/').pop() ?? '')) add('task', `w:${word}`, 0.5);
  }
  for (const step of session.steps) {
    const written =
      step.file && step.name === 'Write' ? tail(fileKey(step.file, session.project)) : '';
    if (written.includes('/')) add('files', `n:${folderOf(written)}`, 1);
    if (written) {
      add('made', `m:${folderOf(written)}`, 1);
      // the folder it made a new folder in: a new locale beside the last, an environment beside staging
      const parent = folderOf(folderOf(written));
      if (parent !== '.') add('made', `p:${parent}`, MADE_BESIDE);
      const type = /\.[a-z0-9]+$/i.exec(written)?.[0];
      if (type) add('made', `x:${type}`, 0.5);
    }
    if (step.file && !EDITING.has(step.name))
      add('files', `r:${tail(fileKey(step.file, session.project))}`, 0.5);
    if (step.command) {
      add('steps', `c:${commandKey(step.command)}`, 0.7);
      // what a command ran on (`pytest tests/tasks/test_export.py`, `go test ./internal/election`)
      for (const target of commandTargets(step.command)) add('files', `a:${tail(target)}`, 0.7);
    }
    if (step.error && !isHarnessError(step.error)) {
      const id = errors.id(step.error);
      if (id) {
        add('errors', `e:${id}`, 1.5);
        const found = stems(errors.words(id).join(' '));
        for (const word of found) {
          add('errors', `x:${word}`, 0.3);
          if (failureWords) add('task', `w:${word}`, failureWords);
        }
        if (failureWords)
          for (const concept of conceptsOf(found, areas))
            add('task', `k:${concept}`, failureWords * CONCEPT_WEIGHT);
      }
    }
    add('steps', `t:${step.name}`, 0.2);
  }
  return terms;
}

/**
 * The files a session worked in (changed or read, as `sessionTerms` keys them), each with the task
 * terms its name gives (`reconcile.py`: `w:reconcil`): where it worked, as cluster-sessions.ts's
 * `Gate` tells it apart from what it asked.
 */
export function placeTerms(session: LearningSession): Map<string, string[]> {
  const places = new Map<string, string[]>();
  const files = [
    ...editedFiles(session),
    ...session.steps.flatMap((s) => (s.file ? [fileKey(s.file, session.project)] : [])),
  ].map(tail);
  for (const file of files)
    if (!places.has(file))
      places.set(
        file,
        [...stems(file.split('/').pop() ?? '')].map((word) => `w:${word}`),
      );
  return places;
}

/**
 * The task terms a session's person said (`sessionTerms`'s `w:` words and the `k:` kinds of trouble,
 * areas left out as the failed clusters leave them): its request and opening turns.
 */
export function saidTerms(session: LearningSession): Set<string> {
  const said = new Set<string>();
  for (const text of [session.task, ...(session.asked?.slice(0, OPENING_TURNS) ?? [])]) {
    const found = stems(text);
    for (const word of found) said.add(`w:${word}`);
    for (const concept of conceptsOf(found, false)) said.add(`k:${concept}`);
  }
  return said;
}

/** Every term of a session in one bag, its kind in the term's prefix. */
export function termBag(session: LearningSession, errors: ErrorTemplates): TermBag {
  const bag: TermBag = new Map();
  for (const kind of Object.values(sessionTerms(session, errors)))
    for (const [term, weight] of kind) bag.set(term, Math.max(bag.get(term) ?? 0, weight));
  return bag;
}

export const shortHash = (text: string): string =>
  createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The task's first sentence or line, cut to a label's length. */
export function gist(task: string, chars = 90): string {
  const first = task.split(/\n|(?<=[.!?])\s/)[0]?.trim() ?? '';
  return first.length > chars ? `${first.slice(0, chars - 1).trimEnd()}…` : first;
}

/** The member closest to all the others (what the group did, told by one member). */
export function medoid<T>(members: readonly [T, ...T[]], similarity: (a: T, b: T) => number): T {
  let best = members[0];
  let bestScore = -Infinity;
  for (const a of members) {
    let score = 0;
    for (const b of members) if (a !== b) score += similarity(a, b);
    if (score > bestScore) [best, bestScore] = [a, score];
  }
  return best;
}
