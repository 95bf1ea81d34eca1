/**
 * Claude Code hooks: latency p50/p99 of each `mnemo hook <event>` as Claude Code runs it (a new
 * process per call, start-up included, one JSON object on stdin), against a warm Mnemo holding 200
 * memories and 40 earlier sessions of the same repository, and the characters each hook injects.
 * The floor is `node -e 0` measured in the same run: what any Node hook pays just to start.
 * Real NATS, Postgres and Redis, the whole platform in this process, a private namespace.
 * Run: node bin/run-ts.js tests/bench/claude-code-hooks.bench.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHarness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { runHookProcess } from '../support/hook-process';

const RUNS = Number(process.env.BENCH_HOOK_RUNS ?? 30);
const FIXTURE = path.join(
  __dirname,
  '../../services/ingest/test-fixtures/claude-code/-Users-dain-workspace-claude-code-log-sample/326189cf-5676-4237-8cde-1ce80aae4a9f.jsonl',
);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function timeIt(run: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * Stop, PreCompact and SessionEnd return at once and leave a detached worker sending the transcript.
 * Measured back to back, that worker took the CPU from whatever ran next (the next hook, or the floor);
 * each run waits for it instead, as a person typing between prompts would.
 */
async function transcriptWorkersDone(transcript: string): Promise<void> {
  const running = async () => {
    for (const pid of await readdir('/proc').catch(() => [] as string[])) {
      if (!/^\d+$/.test(pid)) continue;
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (command.includes('send-transcript') && command.includes(transcript)) return true;
    }
    return false;
  };
  await eventually(running, (busy) => !busy, 30_000);
}

function nodeFloor(): Promise<void> {
  return new Promise((resolve) => spawn(process.execPath, ['-e', '0']).on('exit', () => resolve()));
}

async function main() {
  const harness = await startHarness();
  const home = await mkdtemp(path.join(tmpdir(), 'mnemo-bench-hooks-'));
  const repo = await realpath(await mkdtemp(path.join(tmpdir(), 'mnemo-bench-repo-')));
  try {
    execFileSync('git', ['init', '-q', repo]);
    const { apiKey } = await harness.createAccount('bench-hooks');
    const auth = { Authorization: `Bearer ${apiKey}` };
    for (let i = 0; i < 200; i += 1) {
      await harness
        .http()
        .post('/v1/memories')
        .set(auth)
        .send({
          content: `Fact ${i}: prefers tool ${i % 17} for task ${i % 23} in the payments service`,
        });
    }
    // Each stamped with its project, as Mnemo's transcript ingest stamps a session (the git root of its cwd),
    // so the prompt hook's recall scoped to this repository has the repository's sessions to search.
    const events = [];
    for (let s = 0; s < 40; s += 1) {
      const sessionId = `s-bench-${s}`;
      events.push({
        id: randomUUID(),
        type: 'SessionStarted',
        sessionId,
        occurredAt: `2026-11-${String(1 + (s % 28)).padStart(2, '0')}T09:00:00Z`,
        payload: { source: 'claude-code', cwd: repo, project: repo },
      });
      for (let t = 1; t <= 20; t += 1) {
        const text =
          t % 2
            ? `Why does the ledger test ${s} fail when the refund ${t} is in another currency?`
            : `The refund ${t} was rounded twice in ledger ${s}; fixed by rounding once at settlement.`;
        events.push({
          id: randomUUID(),
          type: 'TurnRecorded',
          sessionId,
          occurredAt: `2026-11-${String(1 + (s % 28)).padStart(2, '0')}T09:${String(t).padStart(2, '0')}:00Z`,
          payload: { seq: t, role: t % 2 ? 'user' : 'assistant', text },
        });
      }
    }
    await harness.http().post('/v1/events').set(auth).send({ events }).expect(202);
    await eventually(
      () =>
        harness.http().post('/v1/recall').set(auth).send({ query: 'refund rounded twice ledger' }),
      (r) => r.body.hits?.length > 0,
      60_000,
    );

    const env = {
      PATH: process.env.PATH,
      HOME: home,
      MNEMO_URL: `http://127.0.0.1:${harness.platform.httpPort}`,
      MNEMO_API_KEY: apiKey,
      MNEMO_STATE_DIR: path.join(home, 'state'),
      MNEMO_HOOK_TIMEOUT_MS: '30000',
    };
    const transcript = path.join(
      home,
      'projects',
      'bench',
      '326189cf-5676-4237-8cde-1ce80aae4a9f.jsonl',
    );
    await mkdir(path.dirname(transcript), { recursive: true });
    await copyFile(FIXTURE, transcript);
    const base = {
      session_id: 's-bench-now',
      transcript_path: transcript,
      cwd: repo,
      permission_mode: 'default',
    };
    const cases: Array<[string, Record<string, unknown>]> = [
      ['session-start', { ...base, hook_event_name: 'SessionStart', source: 'startup' }],
      ['session-start (compact)', { ...base, hook_event_name: 'SessionStart', source: 'compact' }],
      [
        'user-prompt-submit',
        {
          ...base,
          hook_event_name: 'UserPromptSubmit',
          prompt: 'The ledger test fails again when the refund is in euros: rounding?',
        },
      ],
      ['stop', { ...base, hook_event_name: 'Stop', stop_hook_active: false }],
      [
        'pre-compact',
        { ...base, hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: '' },
      ],
      ['session-end', { ...base, hook_event_name: 'SessionEnd', reason: 'other' }],
    ];
    // warm everything once: the compile cache, Mnemo's context cache, the transcript send state
    for (const [name, input] of cases) {
      await runHookProcess(name.split(' ')[0] ?? name, input, env);
      await transcriptWorkersDone(transcript);
    }
    for (let i = 0; i < 3; i += 1) await nodeFloor();

    // Interleaved: each round starts node once and then every hook once, so the machine's other work
    // (the platform still settling, a neighbour) falls on the floor and the hooks alike.
    const floor: number[] = [];
    const times = new Map(cases.map(([name]) => [name, [] as number[]]));
    const injected = new Map<string, number>();
    for (let i = 0; i < RUNS; i += 1) {
      floor.push(await timeIt(nodeFloor));
      for (const [name, input] of cases) {
        let output = '';
        times
          .get(name)!
          .push(
            await timeIt(
              async () =>
                (output = (await runHookProcess(name.split(' ')[0] ?? name, input, env)).stdout),
            ),
          );
        injected.set(
          name,
          output ? (JSON.parse(output).hookSpecificOutput?.additionalContext ?? '').length : 0,
        );
        await transcriptWorkersDone(transcript);
      }
    }
    const floorP50 = percentile(floor, 50);
    process.stdout.write(
      `floor: node -e 0  p50 ${floorP50.toFixed(0)} ms  p99 ${percentile(floor, 99).toFixed(0)} ms  (${RUNS} runs, interleaved with the hooks')\n`,
    );
    for (const [name] of cases) {
      const p50 = percentile(times.get(name)!, 50);
      process.stdout.write(
        `${name.padEnd(24)} p50 ${p50.toFixed(0).padStart(5)} ms  p99 ${percentile(times.get(name)!, 99).toFixed(0).padStart(5)} ms  ` +
          `${(p50 / floorP50).toFixed(2)}x floor  injects ${injected.get(name)} chars\n`,
      );
      // the prompt hook, process start included, at p50 <= 150 ms (docs/cli.md) (on a busy machine, read it against the floor)
      if (name === 'user-prompt-submit')
        process.stdout.write(
          `  150 ms / user-prompt-submit p50: ${(150 / p50).toFixed(2)} (target >= 1.00: ${p50 <= 150 ? 'met' : 'NOT met'})\n`,
        );
    }
  } finally {
    await harness.stop();
    await rm(home, { recursive: true, force: true });
    await rm(repo, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${(error as Error)?.stack ?? error}\n`);
    process.exit(1);
  },
);
