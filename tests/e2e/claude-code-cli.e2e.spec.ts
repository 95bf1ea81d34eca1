import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { MNEMO_BIN } from '../support/hook-process';
import {
  requestText,
  ScriptedMessagesApi,
  type MessagesRequest,
} from '../support/scripted-messages-api';
import { itemAt } from '@mnemo/testing';

const run = promisify(execFile);
const CLAUDE = path.join(__dirname, '../../node_modules/.bin/claude');
const RECALL_TOOL = 'mcp__mnemo__recall_conversation';

/** The request answers a tool call: its last message holds a tool result. */
const hasToolResult = (request: MessagesRequest) =>
  JSON.stringify(request.messages.at(-1)?.content ?? '').includes('"tool_result"');
/** The agent's main loop (not a side request such as a title): it carries the tools. */
const isMainLoop = (request: MessagesRequest) => (request.tools ?? []).length > 0;

/**
 * The real Claude Code CLI (npm `@anthropic-ai/claude-code`), offline against a scripted local Messages
 * API, with Mnemo's hooks and MCP server installed by `mnemo hook install --project` (CLAUDE-CODE.md Part D).
 */
describe('Claude Code with Mnemo installed, end to end', () => {
  let harness: Harness;
  let apiKey: string;
  let home: string;
  let repo: string;
  let baseUrl: string;
  const api = new ScriptedMessagesApi((request) => {
    if (!isMainLoop(request)) return [{ type: 'text', text: 'Checkout test' }];
    const offersRecall = request.tools!.some((t) => t.name === RECALL_TOOL);
    if (
      offersRecall &&
      !hasToolResult(request) &&
      requestText(request).includes('Why was the checkout test flaky')
    ) {
      return [
        {
          type: 'tool_use',
          id: `toolu_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
          name: RECALL_TOOL,
          input: { query: 'checkout test flaky timezone' },
        },
      ];
    }
    return [
      { type: 'text', text: 'It was a timezone bug in cart.ts: the test ran at midnight UTC.' },
    ];
  });
  const auth = () => ({ Authorization: `Bearer ${apiKey}` });

  const claude = async (prompt: string) => {
    const { stdout } = await run(
      CLAUDE,
      [
        '-p',
        prompt,
        '--output-format',
        'json',
        '--allowedTools',
        RECALL_TOOL,
        '--model',
        'claude-sonnet-4-5-20250929',
      ],
      {
        cwd: repo,
        timeout: 120_000,
        env: {
          PATH: process.env.PATH,
          HOME: home,
          ANTHROPIC_BASE_URL: await apiUrl,
          ANTHROPIC_API_KEY: 'sk-ant-test-not-a-real-key',
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
          DISABLE_AUTOUPDATER: '1',
          // -p starts MCP servers in the background and may ask the model before they are up: wait for them
          MCP_CONNECTION_NONBLOCKING: 'false',
          MCP_CONNECT_TIMEOUT_MS: '30000',
          // the hooks find Mnemo through the settings file the install wrote, not the environment;
          // a loaded test machine can take longer than the default 2 s to start node
          MNEMO_HOOK_TIMEOUT_MS: '15000',
        },
      },
    );
    return JSON.parse(stdout) as { session_id: string; result: string; is_error?: boolean };
  };
  let apiUrl: Promise<string>;

  beforeAll(async () => {
    apiUrl = api.start();
    harness = await startHarness();
    ({ apiKey } = await harness.createAccount('claude-code'));
    baseUrl = `http://127.0.0.1:${harness.platform.httpPort}`;
    home = await realpath(await mkdtemp(path.join(tmpdir(), 'mnemo-cc-home-')));
    repo = await realpath(await mkdtemp(path.join(tmpdir(), 'mnemo-cc-repo-')));
    execFileSync('git', ['init', '-q', repo]);
    await harness
      .http()
      .post('/v1/memories')
      .set(auth())
      .send({ content: 'Prefers pnpm over npm for monorepos', category: 'Preferences' })
      .expect(201);
    await harness
      .http()
      .post('/v1/events')
      .set(auth())
      .send({
        events: [
          {
            id: randomUUID(),
            type: 'SessionStarted',
            sessionId: 's-old',
            occurredAt: '2026-11-20T09:00:00Z',
            payload: { source: 'claude-code', cwd: '/elsewhere/shop' },
          },
          {
            id: randomUUID(),
            type: 'TurnRecorded',
            sessionId: 's-old',
            occurredAt: '2026-11-20T09:01:00Z',
            payload: { seq: 1, role: 'user', text: 'The checkout test is flaky again' },
          },
          {
            id: randomUUID(),
            type: 'TurnRecorded',
            sessionId: 's-old',
            occurredAt: '2026-11-20T09:02:00Z',
            payload: {
              seq: 2,
              role: 'assistant',
              text: 'Found it: the flaky checkout test depends on the timezone in cart.ts; it fails when run at midnight UTC.',
            },
          },
        ],
      })
      .expect(202);
    await eventually(
      () =>
        harness
          .http()
          .post('/v1/recall')
          .set(auth())
          .send({ query: 'checkout test flaky timezone' }),
      (r) => r.status === 200 && r.body.hits?.length > 0,
    );
    await run(process.execPath, [MNEMO_BIN, 'hook', 'install', '--project'], {
      cwd: repo,
      env: { PATH: process.env.PATH, HOME: home, MNEMO_URL: baseUrl, MNEMO_API_KEY: apiKey },
    });
  });

  afterAll(async () => {
    await api.stop();
    await harness?.stop();
    await rm(home, { recursive: true, force: true });
    await rm(repo, { recursive: true, force: true });
  });

  it('installs the hooks and the MCP server into the repository, and the key into a file only the user can read', async () => {
    const settings = JSON.parse(await readFile(path.join(repo, '.claude/settings.json'), 'utf8'));
    expect(Object.keys(settings.hooks)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'PreCompact',
      'Stop',
      'SessionEnd',
      'PostToolUse',
    ]);
    expect(settings.hooks.PostToolUse[0].matcher).toBe('Edit|Write|MultiEdit');
    // the files a team commits name no machine's paths; this machine's settings say where Mnemo is
    expect(settings.hooks.SessionStart[0].hooks[0].command).toBe(
      'test -z "$MNEMO_BIN" || "${MNEMO_NODE:-node}" "$MNEMO_BIN" hook session-start',
    );
    const mcp = JSON.parse(await readFile(path.join(repo, '.mcp.json'), 'utf8'));
    expect(mcp.mcpServers.mnemo).toEqual({
      type: 'stdio',
      command: '${MNEMO_NODE:-node}',
      args: ['${MNEMO_BIN:-mnemo}', 'mcp'],
    });
    for (const committed of [settings, mcp])
      for (const machinePath of [process.execPath, MNEMO_BIN, home])
        expect(JSON.stringify(committed)).not.toContain(machinePath);
    const user = JSON.parse(await readFile(path.join(home, '.claude/settings.json'), 'utf8'));
    expect(user.env).toEqual({ MNEMO_NODE: process.execPath, MNEMO_BIN });
    const config = path.join(home, '.config/mnemo/client.json');
    expect((await stat(config)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(config, 'utf8'))).toEqual({ url: baseUrl, apiKey });
  });

  it('carries Mnemo into the session, calls its recall tool, stores the session, and starts the next one from it', async () => {
    const first = await claude('Why was the checkout test flaky?');
    expect(first.is_error).toBeFalsy();
    const main = api.requests.filter(isMainLoop);

    // the first model request: session-start context and the prompt's memory block
    const opening = requestText(itemAt(main, 0));
    expect(opening).toContain("# Mnemo · developer's digest");
    expect(opening).toContain(`Mnemo session id: ${first.session_id}`);
    expect(opening).toContain('<mnemo-memory');
    expect(opening).toContain('pnpm');
    expect(main[0]?.tools!.map((t) => t.name)).toEqual(
      expect.arrayContaining([RECALL_TOOL, 'mcp__mnemo__prior_work', 'mcp__mnemo__mark_visited']),
    );

    // the scripted tool_use made the CLI call Mnemo; the recall result is in the next request
    const afterTool = main.find(hasToolResult);
    expect(afterTool).toBeDefined();
    const toolResult = JSON.stringify(afterTool!.messages.at(-1));
    expect(toolResult).toContain('session s-old');
    expect(toolResult).toContain('timezone');

    // after the session ended, its turns are in Mnemo
    const turns = await eventually(
      async () =>
        (await harness.http().get(`/v1/sessions/${first.session_id}/turns`).set(auth())).body
          .turns ?? [],
      (list: Array<{ role: string; text: string }>) =>
        list.some((t) => t.role === 'assistant' && t.text.includes('It was a timezone bug')),
      60_000,
    );
    expect(turns.find((t: { role: string }) => t.role === 'user')?.text).toContain(
      'Why was the checkout test flaky?',
    );

    // a second session in the same repository starts with context from the first
    const before = api.requests.length;
    const second = await claude('What did we find last time?');
    expect(second.session_id).not.toBe(first.session_id);
    const opening2 = requestText(api.requests.slice(before).find(isMainLoop)!);
    expect(opening2).toContain('## Where work was left');
    // a coding session gets a developer's digest, nothing of the coaching template (docs/context.md)
    expect(opening2).not.toContain('Using What You Know About This Person');
    expect(opening2).not.toContain('This is a first conversation');
    expect(opening2).toContain(`(s:${first.session_id.slice(0, 8)})`);
    expect(opening2).toContain('Why was the checkout test flaky?');
  }, 400_000);
});
