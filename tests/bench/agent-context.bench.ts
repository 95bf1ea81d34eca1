/**
 * What a coding agent is given (docs/context.md): for Claude Code sessions scripted per project, earlier sessions are
 * ingested through the real pipeline (written as Claude Code transcripts and sent the way the Stop hook sends
 * them), a new session starts, and the SessionStart digest and the UserPromptSubmit block are asked through the
 * hooks' own code against the platform. Printed for the dev split and the blind split side by side (blind:
 * aggregates only): the share of probes whose injected context holds every needed item, the share of injected
 * characters that belong to no needed item, tokens injected (js-tiktoken, o200k_base) beside the naive path of
 * pasting the earlier transcripts, and the hooks' latency as processes beside `node -e 0`.
 * Real NATS, Postgres and Redis, the whole platform in this process, a private namespace.
 * Run: npm run bench:agent-context   (BENCH_AGENT_SPLITS=dev to skip blind; BENCH_HOOK_RUNS=n;
 *   BENCH_AGENT_SOURCES=file saves the dev digests' sources for tests/bench/agent-context-replay.ts)
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getEncoding } from 'js-tiktoken';
import { ingestTranscriptsToGateway } from '@mnemo/ingest-service';
import { MnemoClient } from '@mnemo/mnemo-client';
import { sessionStartHook } from '../../services/platform/src/claude-code/session-start.hook';
import { loadDigestSources } from '../../services/platform/src/claude-code/digest-sources.load';
import { userPromptSubmitHook } from '../../services/platform/src/claude-code/user-prompt-submit.hook';
import { promptOverlap } from '../../services/platform/src/claude-code/domain/prompt-block';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { runHookProcess } from '../support/hook-process';
import {
  holds,
  loadScenarios,
  transcriptText,
  unneededChars,
  withRoutineSessions,
  type NeededItem,
  type ScenarioProject,
  type ScenarioSession,
} from './support/agent-context-scenarios';

const SPLITS: Record<string, string> = {
  dev: path.join(__dirname, 'data/agent-context/scenarios.json'),
  // a second dev split in other styles, written by a session that never read the context code
  'dev-2': path.join(__dirname, 'data/agent-context/scenarios-dev-2.json'),
  // a third writer, from a brief of situations (decision, convention, file history, rejected approach, preference)
  'dev-4': path.join(__dirname, 'data/agent-context/scenarios-dev-4.json'),
  // terse, non-native, implied and revised decisions, complaints, rejections, long noisy sessions
  'dev-5': path.join(__dirname, 'data/agent-context/scenarios-dev-5.json'),
  // Claude Code's wrapper text, pasted logs, teammates' and ADRs' decisions, review slang, rules for the agent itself
  'dev-6': path.join(__dirname, 'data/agent-context/scenarios-dev-6.json'),
  blind: path.join(__dirname, 'blind/agent-context/scenarios.json'),
};
/** Splits read from another: dev-3 is dev-2 with six routine sessions after each project's last. */
const DERIVED: Record<string, { from: string; read: (p: ScenarioProject[]) => ScenarioProject[] }> =
  {
    'dev-3': { from: 'dev-2', read: withRoutineSessions },
  };
const splitFile = (name: string) => SPLITS[DERIVED[name]?.from ?? name] ?? '';
const readSplit = (name: string) =>
  (DERIVED[name]?.read ?? ((p: ScenarioProject[]) => p))(loadScenarios(splitFile(name)));

const RUNS = Number(process.env.BENCH_HOOK_RUNS ?? 8);
const tokenizer = getEncoding('o200k_base');
const tokens = (text: string) => (text ? tokenizer.encode(text).length : 0);

interface ProjectRun {
  repo: string;
  apiKey: string;
  digest: string;
  blocks: Array<{ probeId: string; text: string }>;
  /** The dev split's blocks at each floor of the sweep (the floor is calibrated on dev only). */
  sweep: Map<number, Array<{ probeId: string; text: string }>>;
  /** Dev only: what recall and prior_decisions answer each probe before any floor, for the floor's calibration. */
  candidates: Array<{ probeId: string; kind: 'hit' | 'decision'; score: number; text: string }>;
}

/** The block floors the dev splits are swept over, beside the hook's own (PROMPT_BLOCK_FLOOR). */
const FLOORS = [0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4];

/** One scenario session as the Claude Code transcript lines the ingest reads. */
function transcriptLines(
  session: ScenarioSession,
  sessionId: string,
  repo: string,
  base: number,
): string {
  const lines: object[] = [];
  let parentUuid: string | null = null;
  const common = (minute: number, at?: string) => ({
    isSidechain: false,
    userType: 'external',
    cwd: repo,
    sessionId,
    version: '2.0.42',
    gitBranch: 'main',
    timestamp: at ?? new Date(base + minute * 60_000).toISOString(),
  });
  session.turns.forEach((turn, index) => {
    const uuid = randomUUID();
    if (turn.role === 'user') {
      lines.push({
        ...common(index * 2, turn.at),
        parentUuid,
        type: 'user',
        uuid,
        message: { role: 'user', content: turn.text },
      });
      parentUuid = uuid;
      return;
    }
    const uses = turn.tools.map((tool) => ({
      type: 'tool_use',
      id: `toolu_${randomUUID().replace(/-/g, '')}`,
      name: tool.name,
      input: tool.file
        ? { file_path: path.join(repo, tool.file) }
        : { command: tool.command ?? '' },
    }));
    lines.push({
      ...common(index * 2, turn.at),
      parentUuid,
      type: 'assistant',
      uuid,
      message: {
        id: `msg_${randomUUID().replace(/-/g, '')}`,
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'text', text: turn.text }, ...uses],
      },
    });
    parentUuid = uuid;
    for (const use of uses) {
      const resultUuid = randomUUID();
      lines.push({
        ...common(index * 2 + 1),
        parentUuid,
        type: 'user',
        uuid: resultUuid,
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: use.id, content: 'ok' }],
        },
      });
      parentUuid = resultUuid;
    }
  });
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}

async function ingestProject(
  harness: Harness,
  project: ScenarioProject,
  home: string,
  index: number,
) {
  const { apiKey } = await harness.createAccount(`bench-agent-${project.id}`);
  const repo = await realpath(await mkdtemp(path.join(tmpdir(), `mnemo-bench-${project.id}-`)));
  execFileSync('git', ['init', '-q', repo]);
  const url = `http://127.0.0.1:${harness.platform.httpPort}`;
  const dir = path.join(home, 'projects', project.id);
  await mkdir(dir, { recursive: true });
  for (const [s, session] of project.sessions.entries()) {
    const base = Date.parse(session.startedAt ?? '') || Date.UTC(2026, 9, 1 + index * 3 + s, 9);
    const file = path.join(dir, `${randomUUID()}.jsonl`);
    await writeFile(file, transcriptLines(session, path.basename(file, '.jsonl'), repo, base));
    await ingestTranscriptsToGateway({
      target: file,
      url,
      apiKey,
      project: repo,
      // just after the session: its edits are not yet abandoned (after 7 days, docs/coding-memory.md), and no git here says more
      now: new Date(base + 3 * 3_600_000),
    });
  }
  const auth = { Authorization: `Bearer ${apiKey}` };
  await eventually(
    async () => {
      const answer = await harness
        .http()
        .get(`/v1/prior-work?project=${encodeURIComponent(repo)}&limit=50`)
        .set(auth);
      return answer.body as { sessions?: unknown[] };
    },
    (body: { sessions?: unknown[] }) => (body.sessions?.length ?? 0) >= project.sessions.length,
    120_000,
  );
  // every session's turns searchable: the last turn of the last session is found
  const last = project.sessions.at(-1)?.turns.find((turn) => turn.text.split(' ').length > 3);
  if (last)
    await eventually(
      async () => {
        const answer = await harness
          .http()
          .post('/v1/recall')
          .set(auth)
          .send({ query: last.text.slice(0, 200), project: repo, minScore: 0 });
        return answer.body as { hits?: unknown[] };
      },
      (body) => (body.hits?.length ?? 0) > 0,
      60_000,
    ).catch(() => undefined);
  return { repo, apiKey, url };
}

async function askHooks(
  url: string,
  apiKey: string,
  repo: string,
  project: ScenarioProject,
  floors: readonly number[],
): Promise<ProjectRun> {
  const client = new MnemoClient({ url, apiKey, timeoutMs: 10_000 });
  const sessionId = randomUUID();
  const base = {
    session_id: sessionId,
    transcript_path: '',
    cwd: repo,
    permission_mode: 'default',
  };
  const start = await sessionStartHook(
    { ...base, hook_event_name: 'SessionStart', source: 'startup' },
    client,
    { project: repo, roots: [repo] },
  );
  const ask = async (floor?: number) => {
    const blocks = [];
    for (const probe of project.probes) {
      const memoryBlock = client.memoryBlock().then(
        (b) => b.text,
        () => '',
      );
      const answer = await userPromptSubmitHook(
        { ...base, hook_event_name: 'UserPromptSubmit', prompt: probe.prompt },
        client,
        memoryBlock,
        Promise.resolve(repo),
        { floor },
      );
      blocks.push({ probeId: probe.id, text: answer?.hookSpecificOutput.additionalContext ?? '' });
    }
    return blocks;
  };
  const blocks = await ask();
  const sweep = new Map<number, Array<{ probeId: string; text: string }>>();
  for (const floor of floors) sweep.set(floor, await ask(floor));
  const candidates: ProjectRun['candidates'] = [];
  if (floors.length)
    for (const probe of project.probes) {
      const query = probe.prompt.replace(/\s+/g, ' ').trim().slice(0, 500);
      const recalled = await client
        .recall({ query, project: repo, limit: 5, minScore: 0 })
        .catch(() => ({ hits: [] }));
      for (const hit of recalled.hits)
        candidates.push({ probeId: probe.id, kind: 'hit', score: hit.score, text: hit.text });
      const decided = await client
        .priorDecisions(query, { project: repo, limit: 5 })
        .catch(() => ({ decisions: [] }));
      for (const d of decided.decisions)
        candidates.push({
          probeId: probe.id,
          kind: 'decision',
          score: d.score ?? 0,
          text: `${d.topic} ${d.rationale ?? ''}`,
        });
    }
  return {
    repo,
    apiKey,
    digest: start?.hookSpecificOutput.additionalContext ?? '',
    blocks,
    sweep,
    candidates,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const timeIt = async (run: () => Promise<unknown>) => {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
};
const nodeFloor = () =>
  new Promise<void>((resolve) => spawn(process.execPath, ['-e', '0']).on('exit', () => resolve()));

interface SplitNumbers {
  projects: number;
  probes: number;
  items: number;
  heldDigest: number;
  heldBlock: number;
  heldEither: number;
  itemsDigest: number;
  itemsBlock: number;
  unneededDigest: number;
  unneededBlock: number;
  digestChars: number;
  digestTokens: number;
  blockTokens: number;
  naiveTokens: number;
  naiveHeld: number;
  startMs: number;
  promptMs: number;
  floorMs: number;
  failures: Array<{ probeId: string; missing: string[]; where: string }>;
  /** Dev only: characters of the hook's blocks by kind of line (fence, heading, decision, remembered, hit). */
  lineChars: Record<string, { needed: number; unneeded: number }>;
  /** Dev only: each candidate's recall/decision score and prompt overlap, and whether it holds a needed item. */
  scored: Array<{ kind: string; score: number; overlap: number; needed: boolean }>;
  /** floor → [probes whose block holds every item, with the digest; unneeded chars; chars] (dev only). */
  sweep: Map<
    number,
    { held: number; heldWithDigest: number; unneeded: number; total: number; blocks: number }
  >;
}

async function runSplit(
  harness: Harness,
  split: string,
  projects: ScenarioProject[],
  home: string,
): Promise<SplitNumbers> {
  const n = {
    projects: projects.length,
    probes: 0,
    items: 0,
    heldDigest: 0,
    heldBlock: 0,
    heldEither: 0,
    itemsDigest: 0,
    itemsBlock: 0,
    unneededDigest: 0,
    unneededBlock: 0,
    digestChars: 0,
    digestTokens: 0,
    blockTokens: 0,
    naiveTokens: 0,
    naiveHeld: 0,
    startMs: 0,
    promptMs: 0,
    floorMs: 0,
    failures: [] as SplitNumbers['failures'],
    lineChars: {} as SplitNumbers['lineChars'],
    scored: [] as SplitNumbers['scored'],
    sweep: new Map<
      number,
      { held: number; heldWithDigest: number; unneeded: number; total: number; blocks: number }
    >(),
  };
  let digestWaste = { unneeded: 0, total: 0 };
  let blockWaste = { unneeded: 0, total: 0 };
  let naiveItems = 0;
  let timed: { url: string; apiKey: string; repo: string; prompt: string } | null = null;
  for (const [index, project] of projects.entries()) {
    const { repo, apiKey, url } = await ingestProject(harness, project, home, index);
    timed ??= { url, apiKey, repo, prompt: project.probes[0]?.prompt ?? 'what did we decide?' };
    const run = await askHooks(url, apiKey, repo, project, split.startsWith('dev') ? FLOORS : []);
    // BENCH_AGENT_DUMP=file: the dev split's injected texts, for tuning (never the blind split's)
    if (process.env.BENCH_AGENT_DUMP && split.startsWith('dev'))
      await appendFile(
        process.env.BENCH_AGENT_DUMP,
        `\n===== ${project.id}\n${run.digest}\n${run.blocks.map((b) => `--- ${b.probeId}\n${b.text}`).join('\n')}\n`,
      );
    const allItems: NeededItem[] = project.probes.flatMap((probe) => probe.needed);
    if (process.env.BENCH_AGENT_SOURCES && split.startsWith('dev'))
      await appendFile(
        process.env.BENCH_AGENT_SOURCES,
        `${JSON.stringify({
          split,
          project: project.id,
          sources: await loadDigestSources(
            new MnemoClient({ url, apiKey, timeoutMs: 10_000 }),
            repo,
          ),
          probes: project.probes,
          blocks: run.blocks,
        })}\n`,
      );
    const naive = transcriptText(project.sessions);
    n.naiveTokens += tokens(naive);
    naiveItems += allItems.filter((item) => holds(naive, item)).length;
    n.digestChars += run.digest.length;
    n.digestTokens += tokens(run.digest);
    const waste = unneededChars(run.digest, allItems);
    digestWaste = {
      unneeded: digestWaste.unneeded + waste.unneeded,
      total: digestWaste.total + waste.total,
    };
    for (const probe of project.probes) {
      const block = run.blocks.find((b) => b.probeId === probe.id)?.text ?? '';
      n.probes += 1;
      n.items += probe.needed.length;
      n.blockTokens += tokens(block);
      const inDigest = probe.needed.filter((item) => holds(run.digest, item)).length;
      const inBlock = probe.needed.filter((item) => holds(block, item)).length;
      const inEither = probe.needed.filter((item) => holds(`${run.digest}\n${block}`, item)).length;
      n.itemsDigest += inDigest;
      n.itemsBlock += inBlock;
      if (inDigest === probe.needed.length) n.heldDigest += 1;
      if (inBlock === probe.needed.length) n.heldBlock += 1;
      if (inEither === probe.needed.length) n.heldEither += 1;
      else
        n.failures.push({
          probeId: probe.id,
          missing: probe.needed
            .filter((item) => !holds(`${run.digest}\n${block}`, item))
            .flatMap((item) => item.mustMention),
          where: block ? 'digest+block' : 'digest (no block)',
        });
      for (const [floor, swept] of run.sweep) {
        const text = swept.find((b) => b.probeId === probe.id)?.text ?? '';
        const at = n.sweep.get(floor) ?? {
          held: 0,
          heldWithDigest: 0,
          unneeded: 0,
          total: 0,
          blocks: 0,
        };
        const waste = unneededChars(text, probe.needed);
        n.sweep.set(floor, {
          held: at.held + (probe.needed.every((item) => holds(text, item)) ? 1 : 0),
          heldWithDigest:
            at.heldWithDigest +
            (probe.needed.every((item) => holds(`${run.digest}\n${text}`, item)) ? 1 : 0),
          unneeded: at.unneeded + waste.unneeded,
          total: at.total + waste.total,
          blocks: at.blocks + (text ? 1 : 0),
        });
      }
      for (const [kind, line] of linesByKind(block)) {
        const at = (n.lineChars[kind] ??= { needed: 0, unneeded: 0 });
        if (unneededChars(line, probe.needed).unneeded > 0) at.unneeded += line.length + 1;
        else at.needed += line.length + 1;
      }
      // BENCH_AGENT_SCORED=file: each dev candidate as a JSON line, to draw the floor's curve from (never blind)
      if (process.env.BENCH_AGENT_SCORED && split.startsWith('dev'))
        await appendFile(
          process.env.BENCH_AGENT_SCORED,
          `${JSON.stringify({
            split,
            probeId: probe.id,
            prompt: probe.prompt,
            items: probe.needed.length,
            inDigest: probe.needed.flatMap((item, i) => (holds(run.digest, item) ? [i] : [])),
            block: block.length,
            blockHolds: probe.needed.flatMap((item, i) => (holds(block, item) ? [i] : [])),
            candidates: run.candidates
              .filter((c) => c.probeId === probe.id)
              .map((c) => ({
                kind: c.kind,
                score: c.score,
                overlap: promptOverlap(probe.prompt, c.text),
                chars: c.text.length,
                text: c.text,
                holds: probe.needed.flatMap((item, i) => (holds(c.text, item) ? [i] : [])),
                anyTerm: unneededChars(c.text.replace(/\s+/g, ' '), probe.needed).unneeded === 0,
              })),
          })}\n`,
        );
      for (const c of run.candidates.filter((c) => c.probeId === probe.id))
        n.scored.push({
          kind: c.kind,
          score: c.score,
          overlap: promptOverlap(probe.prompt, c.text),
          needed: probe.needed.some((item) => holds(c.text, item)),
        });
      const w = unneededChars(block, probe.needed);
      blockWaste = {
        unneeded: blockWaste.unneeded + w.unneeded,
        total: blockWaste.total + w.total,
      };
    }
  }
  n.unneededDigest = digestWaste.total ? digestWaste.unneeded / digestWaste.total : 0;
  n.unneededBlock = blockWaste.total ? blockWaste.unneeded / blockWaste.total : 0;
  n.naiveHeld = n.items ? naiveItems / n.items : 0;
  if (timed) {
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      MNEMO_URL: timed.url,
      MNEMO_API_KEY: timed.apiKey,
      MNEMO_STATE_DIR: path.join(home, 'state'),
      MNEMO_HOOK_TIMEOUT_MS: '30000',
    };
    const base = {
      session_id: randomUUID(),
      transcript_path: '',
      cwd: timed.repo,
      permission_mode: 'default',
    };
    const start: number[] = [];
    const prompt: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      floor.push(await timeIt(nodeFloor));
      start.push(
        await timeIt(() =>
          runHookProcess(
            'session-start',
            { ...base, hook_event_name: 'SessionStart', source: 'startup' },
            env,
            { cwd: timed.repo },
          ),
        ),
      );
      prompt.push(
        await timeIt(() =>
          runHookProcess(
            'user-prompt-submit',
            { ...base, hook_event_name: 'UserPromptSubmit', prompt: timed.prompt },
            env,
            { cwd: timed.repo },
          ),
        ),
      );
    }
    n.startMs = median(start);
    n.promptMs = median(prompt);
    n.floorMs = median(floor);
  }
  return n;
}

const pct = (value: number) => value.toFixed(2);

function print(results: Record<string, SplitNumbers>) {
  const names = Object.keys(results);
  const row = (label: string, value: (n: SplitNumbers) => string) =>
    console.log(
      `${label.padEnd(58)}${names.map((name) => (results[name] ? value(results[name]) : '').padStart(14)).join('')}`,
    );
  console.log(`\n${'agent-context'.padEnd(58)}${names.map((name) => name.padStart(14)).join('')}`);
  row('projects / probes / needed items', (n) => `${n.projects}/${n.probes}/${n.items}`);
  row('probes holding every needed item: digest + block (≥0.9)', (n) =>
    pct(n.heldEither / n.probes),
  );
  row('  … digest alone (session start)', (n) => pct(n.heldDigest / n.probes));
  row('  … per-prompt block alone', (n) => pct(n.heldBlock / n.probes));
  row(
    'needed items held: digest / block',
    (n) => `${pct(n.itemsDigest / n.items)}/${pct(n.itemsBlock / n.items)}`,
  );
  row('unneeded share of injected chars: digest (≤0.25)', (n) => pct(n.unneededDigest));
  row('unneeded share of injected chars: block (≤0.25)', (n) => pct(n.unneededBlock));
  row('digest chars per session (aim ≤4,000)', (n) =>
    String(Math.round(n.digestChars / n.projects)),
  );
  row('tokens per session: digest', (n) => String(Math.round(n.digestTokens / n.projects)));
  row('tokens per prompt: block', (n) => String(Math.round(n.blockTokens / n.probes)));
  row('tokens per session: naive (earlier transcripts pasted)', (n) =>
    String(Math.round(n.naiveTokens / n.projects)),
  );
  row('naive ÷ (digest + blocks) tokens per session', (n) =>
    (n.naiveTokens / Math.max(1, n.digestTokens + n.blockTokens)).toFixed(2),
  );
  row('needed items held: naive path', (n) => pct(n.naiveHeld));
  row('hook latency p50 ms: session-start', (n) => n.startMs.toFixed(0));
  row('hook latency p50 ms: user-prompt-submit', (n) => n.promptMs.toFixed(0));
  row('floor p50 ms: node -e 0', (n) => n.floorMs.toFixed(0));
  row(
    'session-start ÷ floor / prompt ÷ floor',
    (n) => `${(n.startMs / n.floorMs).toFixed(1)}/${(n.promptMs / n.floorMs).toFixed(1)}`,
  );
  for (const [name, dev] of Object.entries(results)) {
    if (!name.startsWith('dev')) continue;
    printDevDetail(name, dev);
  }
}

/** A block's lines with their kind, read from the block's own framing. */
function linesByKind(block: string): Array<[string, string]> {
  if (!block) return [];
  let section = 'hit';
  return block.split('\n').map((line): [string, string] => {
    if (/^<\/?mnemo-memory/.test(line)) return ['fence', line];
    if (!line.startsWith('- ')) {
      section = /decision/i.test(line)
        ? 'decision'
        : /remembered/i.test(line)
          ? 'remembered'
          : 'hit';
      return ['heading', line];
    }
    return [
      /^- \d{4}-\d\d-\d\d: /.test(line) ? 'hit' : /^- (✅|⛔|⏸️)/.test(line) ? 'decision' : section,
      line,
    ];
  });
}

const quantiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return [0.1, 0.25, 0.5, 0.75, 0.9]
    .map((q) => (sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(2))
    .join(' ');
};

function printDevDetail(name: string, dev: SplitNumbers) {
  const total = Object.values(dev.lineChars).reduce((a, c) => a + c.needed + c.unneeded, 0);
  console.log(`\n${name}: block characters by kind of line (share of all; unneeded share within)`);
  for (const [kind, c] of Object.entries(dev.lineChars))
    console.log(
      `  ${kind.padEnd(11)} ${pct((c.needed + c.unneeded) / Math.max(1, total))}  ${pct(c.unneeded / Math.max(1, c.needed + c.unneeded))}`,
    );
  console.log(`${name}: candidates before any floor, p10 p25 p50 p75 p90`);
  for (const kind of ['hit', 'decision'])
    for (const needed of [true, false]) {
      const of = dev.scored.filter((s) => s.kind === kind && s.needed === needed);
      console.log(
        `  ${kind.padEnd(8)} ${needed ? 'needed  ' : 'unneeded'} n=${String(of.length).padEnd(4)} score ${quantiles(of.map((s) => s.score))}  overlap ${quantiles(of.map((s) => s.overlap))}`,
      );
    }

  if (dev.sweep.size) {
    console.log(`\n${name}: block floor sweep, dev only (the hook uses PROMPT_BLOCK_FLOOR)`);
    console.log(
      '  floor  block holds  digest+block holds  block unneeded share  probes with a block',
    );
    for (const [floor, at] of [...dev.sweep].sort((a, b) => a[0] - b[0]))
      console.log(
        `  ${floor.toFixed(2)}  ${pct(at.held / dev.probes).padStart(11)}  ${pct(at.heldWithDigest / dev.probes).padStart(18)}  ${pct(at.total ? at.unneeded / at.total : 0).padStart(20)}  ${pct(at.blocks / dev.probes).padStart(19)}`,
      );
  }
  if (dev.failures.length) {
    console.log(`\n${name} probes missing an item (dev only; blind items are never printed):`);
    for (const f of dev.failures)
      console.log(`  ${f.probeId}: ${f.missing.join(', ')} (${f.where})`);
  }
}

async function main() {
  const splits = (process.env.BENCH_AGENT_SPLITS ?? 'dev,dev-2,dev-3,dev-4,dev-5,dev-6,blind')
    .split(',')
    .filter((name) => existsSync(splitFile(name)));
  const harness = await startHarness();
  const home = await mkdtemp(path.join(tmpdir(), 'mnemo-bench-agent-'));
  const results: Record<string, SplitNumbers> = {};
  try {
    for (const split of splits)
      results[split] = await runSplit(harness, split, readSplit(split), home);
    print(results);
  } finally {
    await harness.stop();
    await rm(home, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
