import { execFileSync } from 'node:child_process';
import {
  hookCommand,
  isMnemoHookCommand,
  isMnemoMcpEntry,
  PORTABLE_LAUNCHER,
  portableHookCommand,
  removeMnemoHooks,
  withMnemoEnv,
  withMnemoHooks,
  withMnemoMcpServer,
  withoutMcpApproval,
  withoutMnemoEnv,
  withoutMnemoMcpServer,
} from './hook-settings';

const launcher = ['/usr/local/bin/node', '/home/dev/my repo/bin/mnemo.js'];
const theirs = {
  model: 'opus',
  hooks: {
    SessionStart: [
      { matcher: 'startup', hooks: [{ type: 'command', command: '/opt/clmail actor started' }] },
    ],
    Stop: [
      {
        hooks: [
          { type: 'command', command: 'notify-send done' },
          { type: 'command', command: '/old/checkout/bin/mnemo.js hook stop' },
        ],
      },
    ],
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }],
  },
  enabledMcpjsonServers: ['github'],
};

describe('hook settings', () => {
  it('quotes the absolute launcher for the shell', () => {
    expect(hookCommand(launcher, 'session-start')).toBe(
      `/usr/local/bin/node '/home/dev/my repo/bin/mnemo.js' hook session-start`,
    );
    expect(isMnemoHookCommand(hookCommand(launcher, 'session-start'))).toBe(true);
    expect(isMnemoHookCommand('/opt/clmail actor started')).toBe(false);
    expect(isMnemoHookCommand('npx mnemo hook stop')).toBe(true);
  });

  it('adds every hook beside the ones already there, replacing only its own older entries', () => {
    const merged = withMnemoHooks(theirs, launcher, 15, true);
    expect(merged.model).toBe('opus');
    expect(merged.hooks.PreToolUse).toEqual(theirs.hooks.PreToolUse);
    expect(merged.hooks.SessionStart[0]).toEqual(theirs.hooks.SessionStart[0]);
    expect(merged.hooks.SessionStart[1]).toEqual({
      matcher: 'startup|resume|clear|compact',
      hooks: [{ type: 'command', command: hookCommand(launcher, 'session-start'), timeout: 15 }],
    });
    // the stale entry from another checkout is gone, the neighbour in its group stays
    expect(merged.hooks.Stop).toEqual([
      { hooks: [{ type: 'command', command: 'notify-send done' }] },
      { hooks: [{ type: 'command', command: hookCommand(launcher, 'stop'), timeout: 15 }] },
    ]);
    for (const event of ['UserPromptSubmit', 'PreCompact', 'SessionEnd'])
      expect(merged.hooks[event]).toHaveLength(1);
    // snapshots after the tools that change a file, beside the user's own PostToolUse hooks
    expect(merged.hooks.PostToolUse.at(-1)).toEqual({
      matcher: 'Edit|Write|MultiEdit',
      hooks: [{ type: 'command', command: hookCommand(launcher, 'post-tool-use'), timeout: 15 }],
    });
    expect(merged.enabledMcpjsonServers).toEqual(['github', 'mnemo']);
  });

  it('is idempotent: installing twice gives the same settings', () => {
    const once = withMnemoHooks(theirs, launcher, 15, true);
    expect(withMnemoHooks(once, launcher, 15, true)).toEqual(once);
  });

  it('uninstall removes only its own entries and leaves the rest as they were', () => {
    const installed = withMnemoHooks(
      { model: 'opus', hooks: { PreToolUse: theirs.hooks.PreToolUse } },
      launcher,
      15,
      true,
    );
    expect(withoutMcpApproval(removeMnemoHooks(installed))).toEqual({
      model: 'opus',
      hooks: { PreToolUse: theirs.hooks.PreToolUse },
    });
    expect(withoutMcpApproval(removeMnemoHooks(withMnemoHooks({}, launcher, 15, true)))).toEqual(
      {},
    );
  });

  it('adds its MCP server to .mcp.json beside others, but never replaces a different server named mnemo', () => {
    const mcp = { mcpServers: { github: { type: 'http', url: 'https://example.test/mcp' } } };
    const { mcp: merged, conflict } = withMnemoMcpServer(mcp, launcher);
    expect(conflict).toBe(false);
    expect(merged.mcpServers).toEqual({
      github: mcp.mcpServers.github,
      mnemo: { type: 'stdio', command: launcher[0], args: [launcher[1], 'mcp'] },
    });
    expect(withMnemoMcpServer(merged, launcher).mcp).toEqual(merged);
    expect(withoutMnemoMcpServer(merged)).toEqual(mcp);

    const foreign = { mcpServers: { mnemo: { type: 'http', url: 'https://other.test/mcp' } } };
    expect(withMnemoMcpServer(foreign, launcher)).toEqual({ mcp: foreign, conflict: true });
    expect(withoutMnemoMcpServer(foreign)).toEqual(foreign);
  });

  it('writes a project portable commands, ours to uninstall, silent where Mnemo is not installed', () => {
    const settings = withMnemoHooks(theirs, 'portable', 15, true);
    const command = settings.hooks.SessionStart.at(-1).hooks[0].command as string;
    expect(command).toBe(portableHookCommand('session-start'));
    expect(JSON.stringify(settings)).not.toContain('/home/dev');
    expect(isMnemoHookCommand(command)).toBe(true);
    expect(removeMnemoHooks(withoutMcpApproval(settings))).toEqual(removeMnemoHooks(theirs));
    expect(isMnemoMcpEntry(withMnemoMcpServer({}, PORTABLE_LAUNCHER).mcp.mcpServers.mnemo)).toBe(
      true,
    );
    // run by the shell as Claude Code runs it: nothing at all without MNEMO_BIN, Mnemo with it
    const sh = (env: Record<string, string>) =>
      execFileSync('sh', ['-c', command], { env: { PATH: process.env.PATH ?? '', ...env } })
        .toString()
        .trim();
    expect(sh({})).toBe('');
    expect(sh({ MNEMO_NODE: 'echo', MNEMO_BIN: '/opt/mnemo.js' })).toBe(
      '/opt/mnemo.js hook session-start',
    );
  });

  it('keeps the machine paths in the user settings env, beside other variables, and takes only them back', () => {
    const user = { env: { EDITOR: 'vim' }, model: 'opus' };
    const withPaths = withMnemoEnv(user, launcher);
    expect(withPaths.env).toEqual({
      EDITOR: 'vim',
      MNEMO_NODE: '/usr/local/bin/node',
      MNEMO_BIN: '/home/dev/my repo/bin/mnemo.js',
    });
    expect(withoutMnemoEnv(withPaths)).toEqual(user);
    expect(withoutMnemoEnv(withMnemoEnv({}, launcher))).toEqual({});
  });
});
