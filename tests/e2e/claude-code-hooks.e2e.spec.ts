import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  appendFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  utimes,
  writeFile,
} from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { closedPortUrl, runHookProcess, silentServer } from '../support/hook-process';
import { itemAt } from '@mnemo/testing';

const FIXTURE = path.join(
  __dirname,
  '../../services/ingest/test-fixtures/claude-code/-Users-dain-workspace-claude-code-log-sample/326189cf-5676-4237-8cde-1ce80aae4a9f.jsonl',
);
const FIXTURE_SESSION = '326189cf-5676-4237-8cde-1ce80aae4a9f';

describe('the Claude Code hooks, as Claude Code runs them', () => {
  let harness: Harness;
  let apiKey: string;
  let home: string;
  let repo: string;
  let env: NodeJS.ProcessEnv;
  const auth = () => ({ Authorization: `Bearer ${apiKey}` });

  /** Real stdin shapes (CLAUDE-CODE.md B.2, SPIKE and docs examples), pointed at this test's repository. */
  const payload = (event: string, sessionId: string, extra: Record<string, unknown> = {}) => ({
    session_id: sessionId,
    transcript_path: path.join(home, '.claude/projects/x', `${sessionId}.jsonl`),
    cwd: repo,
    permission_mode: 'default',
    hook_event_name: event,
    ...extra,
  });

  beforeAll(async () => {
    harness = await startHarness();
    ({ apiKey } = await harness.createAccount('hooks'));
    home = await mkdtemp(path.join(tmpdir(), 'mnemo-hooks-home-'));
    repo = await realpath(await mkdtemp(path.join(tmpdir(), 'mnemo-hooks-repo-')));
    execFileSync('git', ['init', '-q', repo]);
    env = {
      PATH: process.env.PATH,
      HOME: home,
      MNEMO_URL: `http://127.0.0.1:${harness.platform.httpPort}`,
      MNEMO_API_KEY: apiKey,
      MNEMO_STATE_DIR: path.join(home, 'state'),
      // a loaded test machine can take longer than 2 s just to start node; the bound itself is tested below
      MNEMO_HOOK_TIMEOUT_MS: '15000',
    };
    await harness
      .http()
      .post('/v1/memories')
      .set(auth())
      .send({ content: 'Prefers pnpm over npm for monorepos', category: 'Preferences' })
      .expect(201);
    const turn = (sessionId: string, seq: number, role: string, text: string) => ({
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: `2026-11-30T09:0${seq}:00Z`,
      payload: { seq, role, text },
    });
    await harness
      .http()
      .post('/v1/events')
      .set(auth())
      .send({
        events: [
          {
            id: randomUUID(),
            type: 'SessionStarted',
            sessionId: 's-prior',
            occurredAt: '2026-11-30T09:00:00Z',
            payload: { source: 'claude-code', cwd: repo, title: 'Refund test' },
          },
          turn('s-prior', 1, 'user', 'Why does the refund test fail on CI?'),
          turn(
            's-prior',
            2,
            'assistant',
            'The currency was rounded twice in refund.ts; fixed by rounding once at the end.',
          ),
          {
            id: randomUUID(),
            type: 'SessionStarted',
            sessionId: 's-now',
            occurredAt: '2026-12-01T09:00:00Z',
            payload: { source: 'claude-code', cwd: repo },
          },
          turn('s-now', 1, 'user', 'Rename the ledger table and keep a view with the old name'),
        ],
      })
      .expect(202);
    await eventually(
      () =>
        harness.http().post('/v1/recall').set(auth()).send({ query: 'refund currency rounded' }),
      (r) => r.status === 200 && r.body.hits?.length > 0,
    );
    await eventually(
      () => harness.http().get('/v1/sessions/s-now/turns').set(auth()),
      (r) => r.body.turns?.length === 1,
    );
  });

  afterAll(async () => {
    await harness?.stop();
    await rm(home, { recursive: true, force: true });
    await rm(repo, { recursive: true, force: true });
  });

  const contextOf = (stdout: string) =>
    JSON.parse(stdout).hookSpecificOutput as { hookEventName: string; additionalContext: string };

  it('session-start answers what the agent should know here, under 10,000 characters', async () => {
    const run = await runHookProcess(
      'session-start',
      payload('SessionStart', 's-new', { source: 'startup', model: 'claude-haiku-4-5-20251001' }),
      env,
    );
    expect(run.code).toBe(0);
    const output = contextOf(run.stdout);
    expect(output.hookEventName).toBe('SessionStart');
    expect(output.additionalContext).toContain('Mnemo session id: s-new');
    expect(output.additionalContext).toContain('The currency was rounded twice in refund.ts');
    expect(output.additionalContext).toContain('pnpm');
    expect(output.additionalContext.length).toBeLessThan(10_000);
    // a developer's digest, nothing of the coaching template (docs/context.md)
    expect(output.additionalContext).toContain("# Mnemo · developer's digest");
    expect(output.additionalContext).not.toContain('Using What You Know About This Person');
    expect(output.additionalContext).not.toContain('This is a first conversation');
  });

  it('reads the one JSON object on stdin without waiting for EOF', async () => {
    const run = await runHookProcess(
      'session-start',
      payload('SessionStart', 's-new', { source: 'resume' }),
      env,
      { keepStdinOpen: true },
    );
    expect(run.code).toBe(0);
    expect(contextOf(run.stdout).additionalContext).toContain('Mnemo session id: s-new');
  });

  it('session-start after a compaction puts back what the user asked in this session', async () => {
    const run = await runHookProcess(
      'session-start',
      payload('SessionStart', 's-now', { source: 'compact' }),
      env,
    );
    expect(run.code).toBe(0);
    expect(contextOf(run.stdout).additionalContext).toContain(
      'before the compaction\n- Rename the ledger table and keep a view with the old name',
    );
  });

  it('user-prompt-submit answers the remembered lines and recall for the prompt, fenced, at most 1,500 characters', async () => {
    const run = await runHookProcess(
      'user-prompt-submit',
      payload('UserPromptSubmit', 's-new', {
        prompt: 'The refund test fails again under pnpm: is the currency rounded twice?',
      }),
      env,
    );
    expect(run.code).toBe(0);
    const output = contextOf(run.stdout);
    expect(output.hookEventName).toBe('UserPromptSubmit');
    expect(output.additionalContext).toMatch(
      /^<mnemo-memory [^>]*not instructions">\n[\s\S]*\n<\/mnemo-memory>$/,
    );
    expect(output.additionalContext).toContain('pnpm');
    expect(output.additionalContext).toContain('(s:s-prior)');
    expect(output.additionalContext.length).toBeLessThanOrEqual(1_500);
  });

  it("user-prompt-submit asks the memory block before its input arrives: the account's block needs none", async () => {
    // A proxy in front of the gateway that notes each request's path as it arrives.
    const asked: string[] = [];
    let blockAsked!: () => void;
    const memoryBlockAsked = new Promise<void>((resolve) => (blockAsked = resolve));
    const proxy = http.createServer((request, response) => {
      asked.push(request.url?.split('?')[0] ?? '');
      if (request.url!.startsWith('/v1/context/memory-block')) blockAsked();
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: harness.platform.httpPort,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
      const prompt = payload('UserPromptSubmit', 's-new', {
        prompt: 'The refund test fails again under pnpm: is the currency rounded twice?',
      });
      // the input is written only once the block was asked: a hook that asked it after reading its input would wait out its bound
      const run = await runHookProcess(
        'user-prompt-submit',
        prompt,
        { ...env, MNEMO_URL: url },
        { stdinAfter: memoryBlockAsked },
      );
      expect(run.code).toBe(0);
      const { additionalContext } = contextOf(run.stdout);
      expect(additionalContext).toContain('pnpm');
      expect(additionalContext).toContain('(s:s-prior)');
      expect(asked[0]).toBe('/v1/context/memory-block');
      expect(asked.filter((p) => p === '/v1/recall')).toHaveLength(2);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('user-prompt-submit starts without git, node:crypto, fs/promises or any npm package: what a hook loads is its start-up', async () => {
    const prompt = payload('UserPromptSubmit', 's-new', {
      prompt: 'The refund test fails again under pnpm: is the currency rounded twice?',
    });
    await runHookProcess('user-prompt-submit', prompt, env); // fills the compile cache, as any earlier prompt has
    // a preload that writes, as the process exits, the built-in modules and the files it loaded
    const preload = path.join(home, 'load-list.js');
    const out = path.join(home, 'load-list.json');
    await writeFile(
      preload,
      `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify({ builtins: process.moduleLoadList, files: Object.keys(require.cache) })));`,
    );
    const run = await runHookProcess('user-prompt-submit', prompt, env, {
      nodeArgs: ['-r', preload],
      cwd: repo,
    });
    expect(contextOf(run.stdout).additionalContext).toContain('(s:s-prior)');
    const loaded = JSON.parse(await readFile(out, 'utf8')) as {
      builtins: string[];
      files: string[];
    };
    expect(loaded.builtins).not.toEqual(expect.arrayContaining(['NativeModule child_process']));
    expect(loaded.builtins).not.toEqual(expect.arrayContaining(['NativeModule crypto']));
    expect(loaded.builtins).not.toEqual(
      expect.arrayContaining(['NativeModule internal/fs/promises']),
    ); // 3 ms: the project is found with fs's callbacks
    expect(loaded.builtins).toEqual(expect.arrayContaining(['NativeModule http'])); // the list is the real one
    expect(
      loaded.files.filter((file) => file.includes(`${path.sep}node_modules${path.sep}`)),
    ).toEqual([]);
  });

  it('stop and session-end return at once with no output and send only what is new of the transcript', async () => {
    const dir = path.join(home, '.claude/projects', repo.replace(/[/.]/g, '-'));
    await mkdir(dir, { recursive: true });
    const transcript = path.join(dir, `${FIXTURE_SESSION}.jsonl`);
    const lines = (await readFile(FIXTURE, 'utf8')).split('\n').filter(Boolean);
    await writeFile(transcript, `${lines.slice(0, 30).join('\n')}\n`);
    const marks = async () => {
      const folder = path.join(home, 'state', 'transcripts');
      const names = (await readdir(folder).catch(() => [] as string[])).filter((n) =>
        n.endsWith('.sent.json'),
      );
      return names.length === 1
        ? JSON.parse(await readFile(path.join(folder, itemAt(names, 0)), 'utf8'))
        : null;
    };
    const turns = async () =>
      (await harness.http().get(`/v1/sessions/${FIXTURE_SESSION}/turns`).set(auth())).body.turns ??
      [];

    const stop = await runHookProcess(
      'stop',
      { ...payload('Stop', FIXTURE_SESSION), transcript_path: transcript, stop_hook_active: false },
      env,
    );
    expect(stop).toEqual({ code: 0, stdout: '', stderr: '' });
    const first = await eventually(marks, (m) => m !== null && m.accepted > 0, 60_000);
    const firstTurns = (await eventually(turns, (t) => t.length > 0)).length;

    await appendFile(transcript, `${lines.slice(30).join('\n')}\n`);
    const end = await runHookProcess(
      'session-end',
      { ...payload('SessionEnd', FIXTURE_SESSION), transcript_path: transcript, reason: 'other' },
      env,
    );
    expect(end).toEqual({ code: 0, stdout: '', stderr: '' });
    const second = await eventually(marks, (m) => m !== null && m.at !== first.at, 60_000);
    // what Mnemo held already was not sent again
    expect(second.duplicates).toBeGreaterThan(0);
    expect(second.sent).toBeGreaterThan(0);
    await eventually(turns, (t) => t.length > firstTurns);

    const again = await runHookProcess(
      'pre-compact',
      {
        ...payload('PreCompact', FIXTURE_SESSION),
        transcript_path: transcript,
        trigger: 'manual',
        custom_instructions: null,
      },
      env,
    );
    expect(again).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('post-tool-use snapshots the edited file (symbols, no code) for drift_since; a file over 1 MB is skipped and counted', async () => {
    const file = path.join(repo, 'src', 'billing.ts');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      'export function charge(cents: number): Receipt {\n  return gateway.charge(cents, BODY_MARKER_9);\n}\n',
    );
    const edited = await runHookProcess(
      'post-tool-use',
      payload('PostToolUse', 'sess-drift', {
        tool_name: 'Edit',
        tool_input: { file_path: file, old_string: 'a', new_string: 'b' },
        tool_response: { filePath: file, success: true },
      }),
      env,
    );
    expect(edited).toMatchObject({ code: 0, stdout: '' });
    const drift = await eventually(
      () =>
        harness
          .http()
          .get('/v1/drift')
          .query({ path: 'src/billing.ts', since: '2026-01-01' })
          .set(auth()),
      (r) => r.status === 200 && (r.body.symbols?.length ?? 0) > 0,
    );
    expect(drift.body.symbols.map((s: { name: string }) => s.name)).toEqual(['charge']);
    expect(drift.body.project).toBe(repo);
    expect(JSON.stringify(drift.body)).not.toContain('BODY_MARKER_9');

    const big = path.join(repo, 'src', 'generated.ts');
    await writeFile(big, `export const table = ${JSON.stringify('x'.repeat(2 * 1024 * 1024))};\n`);
    const skipped = await runHookProcess(
      'post-tool-use',
      payload('PostToolUse', 'sess-drift', { tool_name: 'Write', tool_input: { file_path: big } }),
      env,
    );
    expect(skipped).toMatchObject({ code: 0, stdout: '' });
    const counts = JSON.parse(
      await readFile(path.join(env.MNEMO_STATE_DIR as string, 'snapshot-skips.json'), 'utf8'),
    );
    expect(counts.tooLarge).toBe(1);
    const none = await harness
      .http()
      .get('/v1/drift')
      .query({ path: 'src/generated.ts', since: '2026-01-01' })
      .set(auth());
    expect(none.body.current).toBeNull();
  });

  it('session-start names the files earlier sessions edited whose structure changed since, and by whom; it records their working tree', async () => {
    const ledger = path.join(repo, 'src', 'ledger.ts');
    const unseen = path.join(repo, 'src', 'unseen.ts');
    await mkdir(path.dirname(ledger), { recursive: true });
    await writeFile(
      ledger,
      'export function post(entry: Entry): void {\n  rows.push(entry);\n}\n\nexport function balance(): number {\n  return rows.length;\n}\n',
    );
    await writeFile(unseen, 'export const limit = 3;\n');
    // the earlier session's edit, as its PostToolUse hook recorded it
    const edited = await runHookProcess(
      'post-tool-use',
      payload('PostToolUse', 's-ledger', { tool_name: 'Write', tool_input: { file_path: ledger } }),
      env,
    );
    expect(edited.code).toBe(0);
    await eventually(
      () =>
        harness
          .http()
          .get('/v1/drift')
          .query({ path: 'src/ledger.ts', since: '2026-01-01' })
          .set(auth()),
      (r) => r.status === 200 && (r.body.symbols?.length ?? 0) === 2,
    );
    const endedAt = new Date().toISOString();
    await harness
      .http()
      .post('/v1/events')
      .set(auth())
      .send({
        events: [
          {
            id: randomUUID(),
            type: 'SessionStarted',
            sessionId: 's-ledger',
            occurredAt: '2026-12-02T09:00:00Z',
            payload: { source: 'claude-code', cwd: repo, title: 'Ledger' },
          },
          {
            id: randomUUID(),
            type: 'SessionOutcomeRecorded',
            sessionId: 's-ledger',
            occurredAt: endedAt,
            payload: {
              summary: 'Add the ledger',
              firstUserTurn: 'Add the ledger',
              lastAssistantTurn: 'Done',
              filesRead: [],
              // unseen.ts has no snapshot from before the session ended: it must get no line
              filesEdited: ['src/ledger.ts', 'src/unseen.ts'],
              toolsCalled: {},
              commitShas: [],
              startedAt: '2026-12-02T09:00:00Z',
              endedAt,
              cwd: repo,
              outcome: 'merged',
            },
          },
        ],
      })
      .expect(202);
    // between sessions a teammate renames one function and adds another, and commits
    await writeFile(
      ledger,
      'export function post(entry: Entry): void {\n  rows.push(entry);\n}\n\nexport function reverse(entryId: string): void {\n  rows.splice(rows.indexOf(entryId), 1);\n}\n\nexport function currentBalance(): number {\n  return rows.length;\n}\n',
    );
    // a minute after the session ended: the kernel stamps mtime from a coarse clock, which can read a
    // few ms behind `endedAt` when the write follows it at once, and a snapshot is dated by its mtime
    const later = new Date(Date.parse(endedAt) + 60_000);
    await utimes(ledger, later, later);
    const gitAs = ['-c', 'user.name=Ana Ruiz', '-c', 'user.email=ana@example.test'];
    execFileSync('git', ['-C', repo, 'add', 'src/ledger.ts']);
    execFileSync('git', ['-C', repo, ...gitAs, 'commit', '-q', '-m', 'ledger: reverse an entry'], {
      env: {
        ...process.env,
        GIT_AUTHOR_DATE: later.toISOString(),
        GIT_COMMITTER_DATE: later.toISOString(),
      },
    });

    const context = await eventually(
      async () => {
        const run = await runHookProcess(
          'session-start',
          payload('SessionStart', 's-after-ledger', { source: 'startup' }),
          env,
        );
        return run.code === 0 && run.stdout ? contextOf(run.stdout).additionalContext : '';
      },
      (text) => text.includes('## Changed since you last looked'),
      30_000,
    );
    const section = context.slice(context.indexOf('## Changed since you last looked'));
    expect(section).toContain('src/ledger.ts');
    expect(section).toContain('+reverse');
    expect(section).toContain('balance→currentBalance');
    expect(section).toContain('(Ana Ruiz)');
    expect(section).not.toContain('unseen.ts');
    expect(section).not.toContain('rows.splice');

    // the working tree's version was recorded on the way: Mnemo's own drift now sees the change
    const recorded = await eventually(
      () =>
        harness
          .http()
          .get('/v1/drift')
          .query({ path: 'src/ledger.ts', since: endedAt })
          .set(auth()),
      (r) => r.status === 200 && (r.body.delta?.added?.length ?? 0) === 1,
    );
    expect(recorded.body.delta.added.map((s: { name: string }) => s.name)).toEqual(['reverse']);
    expect(recorded.body.delta.renamed.map((c: { to: { name: string } }) => c.to.name)).toEqual([
      'currentBalance',
    ]);
  });

  describe('fails open: exit 0 and no output, within the default bound', () => {
    const events: Array<[string, Record<string, unknown>]> = [
      ['session-start', { source: 'startup' }],
      ['user-prompt-submit', { prompt: 'Write a function to calculate the factorial of a number' }],
      ['pre-compact', { trigger: 'auto', custom_instructions: '' }],
      ['stop', { stop_hook_active: true }],
      ['session-end', { reason: 'exit' }],
    ];
    const downEnv = (url: string): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      HOME: home,
      MNEMO_URL: url,
      MNEMO_API_KEY: 'k',
      MNEMO_STATE_DIR: path.join(home, 'state-down'),
      MNEMO_HOOK_SEND_TIMEOUT_MS: '3000',
    });

    it.each(events)('%s when Mnemo is down', async (event, extra) => {
      const run = await runHookProcess(
        event,
        payload(event, 's-down', extra),
        downEnv(await closedPortUrl()),
      );
      expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
    });

    it.each(events)(
      '%s when Mnemo takes the connection and never answers',
      async (event, extra) => {
        const silent = await silentServer();
        try {
          const run = await runHookProcess(
            event,
            payload(event, 's-silent', extra),
            downEnv(silent.url),
            { keepStdinOpen: true },
          );
          expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
        } finally {
          await silent.close();
        }
      },
    );

    it('on stdin that is not a JSON object', async () => {
      expect(await runHookProcess('user-prompt-submit', 'not json at all', env)).toEqual({
        code: 0,
        stdout: '',
        stderr: '',
      });
      expect(await runHookProcess('session-start', '[1,2,3]', env)).toEqual({
        code: 0,
        stdout: '',
        stderr: '',
      });
    });
  });

  describe("this repository's earlier sessions, among many newer ones elsewhere", () => {
    let busy: { accountId: string; apiKey: string };
    const startedAt = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();
    const started = (sessionId: string, minute: number, payload: Record<string, unknown>) => ({
      id: randomUUID(),
      type: 'SessionStarted',
      sessionId,
      occurredAt: startedAt(minute),
      payload: { source: 'claude-code', ...payload },
    });
    const said = (sessionId: string, minute: number, text: string) => ({
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: startedAt(minute),
      payload: { seq: 1, role: 'user', text },
    });

    beforeAll(async () => {
      busy = await harness.createAccount('hooks-busy');
      const events = [
        // the repository's sessions: one stamped with its project, one from before projects were stamped (only its cwd says where)
        started('s-here-stamped', 0, { cwd: path.join(repo, 'src'), project: repo }),
        said('s-here-stamped', 0, 'Moved the invoice rounding into the ledger module.'),
        started('s-here-unstamped', 1, { cwd: path.join(repo, 'docs') }),
        said('s-here-unstamped', 1, 'Documented why refunds are rounded once, at settlement.'),
        // a directory whose name only begins like the repository's is another place
        started('s-beside', 2, { cwd: `${repo}-fork` }),
        said('s-beside', 2, 'Forked the repository to try another ledger.'),
      ];
      for (let i = 0; i < 110; i += 1) {
        events.push(
          started(`s-elsewhere-${i}`, 10 + i, {
            cwd: '/work/other-repo',
            project: '/work/other-repo',
          }),
          said(`s-elsewhere-${i}`, 10 + i, `Unrelated change ${i} in another repository.`),
        );
      }
      await harness
        .http()
        .post('/v1/events')
        .set({ Authorization: `Bearer ${busy.apiKey}` })
        .send({ events })
        .expect(202);
      await eventually(
        () =>
          harness
            .http()
            .get('/v1/sessions?limit=200')
            .set({ Authorization: `Bearer ${busy.apiKey}` }),
        (r) =>
          r.body.sessions?.length === 113 &&
          r.body.sessions.every((s: { turnCount: number }) => s.turnCount === 1),
        30_000,
      );
    });

    it("GET /v1/sessions?project= answers the project's sessions: stamped with it, or unstamped and run at or under its root", async () => {
      const answer = await harness
        .http()
        .get(`/v1/sessions?project=${encodeURIComponent(repo)}`)
        .set({ Authorization: `Bearer ${busy.apiKey}` })
        .expect(200);
      expect(answer.body.sessions.map((s: { id: string }) => s.id)).toEqual([
        's-here-unstamped',
        's-here-stamped',
      ]);
      const empty = await harness
        .http()
        .get('/v1/sessions?project=')
        .set({ Authorization: `Bearer ${busy.apiKey}` });
      expect(empty.status).toBe(400);
      expect(JSON.stringify(empty.body)).toContain('project');
    });

    it('session-start still shows them after more than 100 newer sessions ran in another repository', async () => {
      const run = await runHookProcess(
        'session-start',
        payload('SessionStart', 's-next', { source: 'startup' }),
        { ...env, MNEMO_API_KEY: busy.apiKey },
      );
      expect(run.code).toBe(0);
      const context = contextOf(run.stdout).additionalContext;
      expect(context).toContain('Documented why refunds are rounded once, at settlement.');
      expect(context).toContain('Moved the invoice rounding into the ledger module.');
      expect(context).not.toContain('Unrelated change');
    });
  });
});
