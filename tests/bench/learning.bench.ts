/**
 * Learning corpus benchmark: `npm run bench:learning [-- --dataset FILE …]`. Loads each split (the dev
 * splits, tests/bench/data/learning/sessions.json, the harder sessions-2.json and sessions-3.json, sessions-4.json in real transcript shapes, sessions-5.json of failed hard negatives, sessions-6.json
 * of terse, reworded and non-English requests, and the blind split,
 * tests/bench/blind/learning/sessions.json, when it is there) into an account of its own through
 * `POST /v1/events` (SessionStarted, TurnRecorded with its tool calls, SessionOutcomeRecorded, as the
 * transcript reader sends them), then reads the failed clusters (`GET /v1/learning/failed-clusters`)
 * and, after a discovery run (`POST /v1/skills/discover`), the skill candidates, and scores each
 * against the split's labels: pairwise precision, recall and F1 over the pairs of sessions put
 * together. Then it times a rebuild of the learning corpus from the log (a replay of
 * the `learning` projection plus the clustering). Only aggregates are printed, split beside split:
 * never a session, a label or a sentence of a split. Numbers only, nothing asserted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { stripWrappers } from '@mnemo/contracts';
import { replayProjection, waitForCheckpoint } from '@mnemo/persistence';
import { learningProjection } from '@mnemo/recall-service';
import { startHarness, type Harness } from '../support/platform-harness';
import { pairwise } from './support/pairwise';

const Tool = z.object({
  name: z.string(),
  file: z.string().optional(),
  command: z.string().optional(),
  error: z.string().optional(),
});
const Dataset = z.object({
  version: z.literal(1),
  projects: z.array(
    z.object({
      id: z.string(),
      repo: z.string(),
      language: z.string(),
      sessions: z.array(
        z.object({
          id: z.string(),
          startedAt: z.string(),
          outcome: z.enum(['merged', 'reverted', 'abandoned', 'unknown']),
          turns: z.array(
            z.object({
              id: z.string(),
              // `system`: a turn the harness wrote (an expanded slash command), as the reader records isMeta
              role: z.enum(['user', 'assistant', 'system']),
              text: z.string(),
              tools: z.array(Tool).optional(),
            }),
          ),
        }),
      ),
    }),
  ),
  labels: z.object({
    failedGroups: z.array(z.array(z.string())),
    skillGroups: z.array(z.array(z.string())),
  }),
});
type Dataset = z.infer<typeof Dataset>;
type Session = Dataset['projects'][number]['sessions'][number];

const DEV = path.join(__dirname, 'data/learning/sessions.json');
const DEV_2 = path.join(__dirname, 'data/learning/sessions-2.json');
const DEV_3 = path.join(__dirname, 'data/learning/sessions-3.json');
const DEV_4 = path.join(__dirname, 'data/learning/sessions-4.json');
const DEV_5 = path.join(__dirname, 'data/learning/sessions-5.json');
const DEV_6 = path.join(__dirname, 'data/learning/sessions-6.json');
const BLIND = path.join(__dirname, 'blind/learning/sessions.json');
const EDITING = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

function argument(name: string): string[] {
  return process.argv.flatMap((arg, i) => {
    const value = process.argv[i + 1];
    return arg === `--${name}` && value ? [value] : [];
  });
}

const token = (id: string) => id.replace(/[^A-Za-z0-9_\-:]/g, '_').slice(0, 120);
const absolute = (repo: string, file: string) =>
  file.startsWith('/') ? file : `${repo.replace(/\/$/, '')}/${file}`;

/** A session as the transcript reader would send it: started, its turns with tool calls, its outcome. */
function sessionEvents(repo: string, session: Session) {
  const sessionId = token(session.id);
  const at = Date.parse(session.startedAt);
  const when = (i: number) => new Date(at + i * 60_000).toISOString();
  const tools = session.turns.flatMap((turn) => turn.tools ?? []);
  const files = (editing: boolean) => [
    ...new Set(
      tools
        .filter((t) => t.file && EDITING.has(t.name) === editing)
        .map((t) => absolute(repo, t.file!)),
    ),
  ];
  const toolsCalled: Record<string, number> = {};
  for (const t of tools) toolsCalled[t.name] = (toolsCalled[t.name] ?? 0) + 1;
  // as the transcript reader says it: the first thing a person typed, the harness's wrappers out
  const firstUser =
    session.turns.map((t) => (t.role === 'user' ? stripWrappers(t.text) : '')).find(Boolean) ?? '';
  const lastAssistant =
    [...session.turns].reverse().find((t) => t.role === 'assistant')?.text ?? '';
  return [
    {
      id: randomUUID(),
      type: 'SessionStarted',
      sessionId,
      occurredAt: when(0),
      payload: { source: 'bench', cwd: repo, project: repo },
    },
    ...session.turns.map((turn, i) => ({
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: when(i + 1),
      payload: {
        seq: i + 1,
        role: turn.role,
        text: turn.text,
        ...(turn.tools?.length
          ? {
              toolCalls: turn.tools.map((t, j) => ({
                id: `${turn.id}-${j}`,
                name: t.name,
                input: JSON.stringify({
                  ...(t.file ? { file_path: absolute(repo, t.file) } : {}),
                  ...(t.command ? { command: t.command } : {}),
                }),
                result: t.error ?? 'ok',
                isError: t.error !== undefined,
              })),
            }
          : {}),
      },
    })),
    {
      id: randomUUID(),
      type: 'SessionOutcomeRecorded',
      sessionId,
      occurredAt: when(session.turns.length + 1),
      payload: {
        summary: [firstUser, lastAssistant].filter(Boolean).join('\n\n').slice(0, 4000),
        firstUserTurn: firstUser.slice(0, 1200),
        lastAssistantTurn: lastAssistant.slice(0, 800),
        filesRead: files(false),
        filesEdited: files(true),
        toolsCalled,
        commitShas: [],
        startedAt: when(0),
        endedAt: when(session.turns.length + 1),
        cwd: repo,
        outcome: session.outcome,
      },
    },
  ];
}

async function settle(harness: Harness) {
  const { log, dataSource } = harness.platform.infra;
  for (let pending = 1; pending > 0;) {
    pending = await log.pending('raw', 'redaction-raw');
    if (pending) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await waitForCheckpoint(dataSource, 'learning', await log.lastSeq('events'), 600_000);
}

/** An account, asked again while the accounts projection catches up on a busy machine (503), for up to a minute. */
async function createAccount(harness: Harness, name: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await harness.createAccount(name);
    } catch (error) {
      if (Date.now() > deadline || !String(error).includes('503')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

type Split = Awaited<ReturnType<typeof runSplit>>;

async function runSplit(harness: Harness, name: string, dataset: Dataset) {
  const { apiKey } = await createAccount(harness, `learning-${name}`);
  const auth = `Bearer ${apiKey}`;
  const idOf = new Map<string, string>();
  let sessions = 0;
  const started = performance.now();
  for (const project of dataset.projects) {
    const events = project.sessions.flatMap((session) => {
      idOf.set(token(session.id), session.id);
      sessions += 1;
      return sessionEvents(project.repo, session);
    });
    for (let i = 0; i < events.length; i += 1000) {
      const response = await harness
        .http()
        .post('/v1/events')
        .set('Authorization', auth)
        .send({ events: events.slice(i, i + 1000) });
      if (response.status !== 202) throw new Error(`${name}: ingest failed: ${response.status}`);
    }
  }
  await settle(harness);
  const ingestSeconds = (performance.now() - started) / 1000;
  const ask = async () => {
    const response = await harness
      .http()
      .get('/v1/learning/failed-clusters')
      .set('Authorization', auth);
    if (response.status !== 200) throw new Error(`${name}: clusters failed: ${response.status}`);
    const body = response.body as { clusters: Array<{ sessions: Array<{ sessionId: string }> }> };
    return body.clusters.map((c) => c.sessions.map((s) => idOf.get(s.sessionId) ?? s.sessionId));
  };
  const failed = await ask();
  // skill discovery, as it runs after an ingest run that brought new sessions
  const discovered = await harness.http().post('/v1/skills/discover').set('Authorization', auth);
  if (discovered.status !== 200) throw new Error(`${name}: discovery failed: ${discovered.status}`);
  const askSkills = async () => {
    const response = await harness.http().get('/v1/skills/candidates').set('Authorization', auth);
    if (response.status !== 200) throw new Error(`${name}: candidates failed: ${response.status}`);
    const body = response.body as { candidates: Array<{ sourceSessionIds: string[] }> };
    return body.candidates.map((c) => c.sourceSessionIds.map((id) => idOf.get(id) ?? id));
  };
  const skills = await askSkills();
  return {
    name,
    sessions,
    ingestSeconds,
    failed: pairwise(failed, dataset.labels.failedGroups),
    failedClusters: failed.length,
    skills: pairwise(skills, dataset.labels.skillGroups),
    skillCandidates: skills.length,
    ask,
    askSkills,
  };
}

async function main() {
  const named = argument('dataset');
  const files = named.length
    ? named.map((file) => ({ name: path.basename(file, '.json'), file }))
    : [
        { name: 'dev', file: DEV },
        { name: 'dev-2', file: DEV_2 },
        { name: 'dev-3', file: DEV_3 },
        { name: 'dev-4', file: DEV_4 },
        { name: 'dev-5', file: DEV_5 },
        { name: 'dev-6', file: DEV_6 },
        ...(existsSync(BLIND) ? [{ name: 'blind', file: BLIND }] : []),
      ];
  if (!named.length && !existsSync(BLIND)) console.log('blind: not present');
  const harness = await startHarness();
  try {
    const splits: Split[] = [];
    for (const { name, file } of files)
      splits.push(
        await runSplit(harness, name, Dataset.parse(JSON.parse(readFileSync(file, 'utf8')))),
      );
    // the rebuild: every split's corpus re-projected from the log, then clustered again
    const { log, dataSource } = harness.platform.infra;
    const rebuildStarted = performance.now();
    const replay = await replayProjection(dataSource, log, learningProjection);
    const again: boolean[] = [];
    for (const split of splits)
      again.push(
        (await split.ask()).length === split.failedClusters &&
          (await split.askSkills()).length === split.skillCandidates,
      );
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;

    const pad = (text: string, n = 10) => text.padStart(n);
    const fmt = (n: number) => pad(n.toFixed(3));
    console.log(`\n${'learning corpus'.padEnd(34)}${splits.map((s) => pad(s.name)).join('')}`);
    const row = (label: string, values: string[]) =>
      console.log(`${label.padEnd(34)}${values.join('')}`);
    row(
      'sessions',
      splits.map((s) => pad(String(s.sessions))),
    );
    row(
      'failed clusters found',
      splits.map((s) => pad(String(s.failedClusters))),
    );
    row(
      'failed pairs found / labelled',
      splits.map((s) => pad(`${s.failed.found}/${s.failed.labelled}`)),
    );
    row(
      'failed clusters pairwise precision',
      splits.map((s) => fmt(s.failed.precision)),
    );
    row(
      'failed clusters pairwise recall',
      splits.map((s) => fmt(s.failed.recall)),
    );
    row(
      'failed clusters pairwise F1',
      splits.map((s) => fmt(s.failed.f1)),
    );
    row(
      'skill candidates found',
      splits.map((s) => pad(String(s.skillCandidates))),
    );
    row(
      'skill pairs found / labelled',
      splits.map((s) => pad(`${s.skills.found}/${s.skills.labelled}`)),
    );
    row(
      'skill candidates pairwise precision',
      splits.map((s) => fmt(s.skills.precision)),
    );
    row(
      'skill candidates pairwise recall',
      splits.map((s) => fmt(s.skills.recall)),
    );
    row(
      'skill candidates pairwise F1',
      splits.map((s) => fmt(s.skills.f1)),
    );
    row(
      'ingest to projected (s)',
      splits.map((s) => pad(s.ingestSeconds.toFixed(2))),
    );
    console.log(
      `\nrebuild from the log: ${replay.events} events replayed into "learning" and every split clustered again in ${rebuildSeconds.toFixed(2)} s` +
        ` (replay ${replay.seconds.toFixed(2)} s); same clusters and candidates after the rebuild: ${JSON.stringify(again)}`,
    );
  } finally {
    await harness.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
