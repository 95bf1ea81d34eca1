/** Claude Code's hook events Mnemo handles, and the `mnemo hook <event>` each runs. */
export const HOOK_EVENTS = {
  SessionStart: 'session-start',
  UserPromptSubmit: 'user-prompt-submit',
  PreCompact: 'pre-compact',
  Stop: 'stop',
  SessionEnd: 'session-end',
  PostToolUse: 'post-tool-use',
} as const;

/** Which calls each event's handler runs for (Claude Code's `matcher`, a regex on its match field). */
const MATCHERS: Partial<Record<HookEventName, string>> = {
  SessionStart: 'startup|resume|clear|compact',
  // a file's structure changes through these; its symbols are snapshotted after each (docs/code-symbols.md)
  PostToolUse: 'Edit|Write|MultiEdit',
};
export type HookEventName = keyof typeof HOOK_EVENTS;
export type HookCommandName = (typeof HOOK_EVENTS)[HookEventName];

export const MCP_SERVER_NAME = 'mnemo';

type Json = Record<string, any>;

interface HookHandler {
  type: string;
  command?: string;
  timeout?: number;
}
interface HookGroup {
  matcher?: string;
  hooks: HookHandler[];
}

/** A POSIX shell word: Claude Code runs hook commands through the shell. */
export const shellQuote = (word: string) =>
  /^[A-Za-z0-9_/.,:=+@%-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

export const hookCommand = (launcher: readonly string[], event: HookCommandName) =>
  [...launcher, 'hook', event].map(shellQuote).join(' ');

/**
 * The variables a machine sets in its own Claude Code settings (`env`) to say where Mnemo is, so that
 * the files a team commits name no machine's paths (docs/claude-code.md).
 */
export const MNEMO_NODE_VAR = 'MNEMO_NODE';
export const MNEMO_BIN_VAR = 'MNEMO_BIN';

/**
 * A hook command with no machine path in it: Mnemo as this machine's settings name it, and nothing at
 * all (exit 0, no output) on a machine where Mnemo is not installed.
 */
export const portableHookCommand = (event: HookCommandName) =>
  `test -z "$${MNEMO_BIN_VAR}" || "\${${MNEMO_NODE_VAR}:-node}" "$${MNEMO_BIN_VAR}" hook ${event}`;

/** The launcher the committed files use: the two variables, read by Claude Code's shell and MCP loader. */
export const PORTABLE_LAUNCHER = [`\${${MNEMO_NODE_VAR}:-node}`, `\${${MNEMO_BIN_VAR}:-mnemo}`];

const OURS = new RegExp(
  `(mnemo(\\.js)?'?|"\\$${MNEMO_BIN_VAR}")\\s+hook\\s+(${Object.values(HOOK_EVENTS).join('|')})\\s*$`,
);
/** Ours, wherever the checkout was when it was installed: the command ends with `mnemo[.js] hook <event>`. */
export const isMnemoHookCommand = (command: unknown) =>
  typeof command === 'string' && OURS.test(command);

/** Settings without any of Mnemo's hook handlers; groups left empty go, other handlers stay where they were. */
export function removeMnemoHooks(settings: Json): Json {
  if (!settings.hooks || typeof settings.hooks !== 'object') return settings;
  const hooks: Json = {};
  for (const [event, groups] of Object.entries(settings.hooks as Record<string, unknown>)) {
    if (!Array.isArray(groups)) {
      hooks[event] = groups;
      continue;
    }
    const kept = (groups as HookGroup[])
      .map((group) =>
        Array.isArray(group?.hooks)
          ? { ...group, hooks: group.hooks.filter((h) => !isMnemoHookCommand(h?.command)) }
          : group,
      )
      .filter((group) => !Array.isArray(group?.hooks) || group.hooks.length > 0);
    if (kept.length > 0) hooks[event] = kept;
  }
  const { hooks: _old, ...rest } = settings;
  return Object.keys(hooks).length > 0 ? { ...rest, hooks } : rest;
}

/**
 * Settings with Mnemo's hooks: other hooks are kept as they are, and Mnemo's own are replaced (a moved
 * checkout gets its new path), so installing twice gives the same file. `timeoutSeconds` is Claude
 * Code's own bound, a margin over the hook's internal one.
 */
export function withMnemoHooks(
  settings: Json,
  launcher: readonly string[] | 'portable',
  timeoutSeconds: number,
  enableMcpServer: boolean,
): Json {
  const base = removeMnemoHooks(settings);
  const hooks: Json = { ...(base.hooks ?? {}) };
  for (const [event, name] of Object.entries(HOOK_EVENTS) as Array<
    [HookEventName, HookCommandName]
  >) {
    const group: HookGroup = {
      ...(MATCHERS[event] ? { matcher: MATCHERS[event] } : {}),
      hooks: [
        {
          type: 'command',
          command:
            launcher === 'portable' ? portableHookCommand(name) : hookCommand(launcher, name),
          timeout: timeoutSeconds,
        },
      ],
    };
    hooks[event] = [...(Array.isArray(hooks[event]) ? hooks[event] : []), group];
  }
  const next: Json = { ...base, hooks };
  if (enableMcpServer) {
    const enabled: unknown[] = Array.isArray(base.enabledMcpjsonServers)
      ? base.enabledMcpjsonServers
      : [];
    next.enabledMcpjsonServers = enabled.includes(MCP_SERVER_NAME)
      ? enabled
      : [...enabled, MCP_SERVER_NAME];
  }
  return next;
}

/** Settings without the MCP approval `withMnemoHooks` added. */
export function withoutMcpApproval(settings: Json): Json {
  if (!Array.isArray(settings.enabledMcpjsonServers)) return settings;
  const enabled = settings.enabledMcpjsonServers.filter(
    (name: unknown) => name !== MCP_SERVER_NAME,
  );
  const { enabledMcpjsonServers: _old, ...rest } = settings;
  return enabled.length > 0 ? { ...rest, enabledMcpjsonServers: enabled } : rest;
}

export const mnemoMcpEntry = (launcher: readonly string[]) => ({
  type: 'stdio',
  command: launcher[0],
  args: [...launcher.slice(1), 'mcp'],
});

/** Ours: launched as `… mnemo[.js] mcp`. */
export function isMnemoMcpEntry(entry: unknown): boolean {
  const e = entry as { command?: unknown; args?: unknown };
  const words = [e?.command, ...(Array.isArray(e?.args) ? e.args : [])].filter(
    (w): w is string => typeof w === 'string',
  );
  return (
    words.at(-1) === 'mcp' &&
    words.some((w) => /(^|\/)mnemo(\.js)?$/.test(w) || w.startsWith(`\${${MNEMO_BIN_VAR}`))
  );
}

/** `.mcp.json` with Mnemo's server; a different server already named `mnemo` is left alone (`conflict`). */
export function withMnemoMcpServer(
  mcp: Json,
  launcher: readonly string[],
): { mcp: Json; conflict: boolean } {
  const servers: Json = mcp.mcpServers && typeof mcp.mcpServers === 'object' ? mcp.mcpServers : {};
  const existing = servers[MCP_SERVER_NAME];
  if (existing !== undefined && !isMnemoMcpEntry(existing)) return { mcp, conflict: true };
  return {
    mcp: { ...mcp, mcpServers: { ...servers, [MCP_SERVER_NAME]: mnemoMcpEntry(launcher) } },
    conflict: false,
  };
}

export function withoutMnemoMcpServer(mcp: Json): Json {
  const servers = mcp.mcpServers;
  if (!servers || typeof servers !== 'object' || !isMnemoMcpEntry(servers[MCP_SERVER_NAME]))
    return mcp;
  const { [MCP_SERVER_NAME]: _ours, ...others } = servers;
  return { ...mcp, mcpServers: others };
}

/** Settings whose `env` says where this machine's Mnemo is (the committed files read it). */
export function withMnemoEnv(settings: Json, launcher: readonly string[]): Json {
  const env: Json = settings.env && typeof settings.env === 'object' ? settings.env : {};
  const [node, ...bin] = launcher;
  return { ...settings, env: { ...env, [MNEMO_NODE_VAR]: node, [MNEMO_BIN_VAR]: bin.join(' ') } };
}

/** Settings without the two variables; an `env` left empty goes. */
export function withoutMnemoEnv(settings: Json): Json {
  if (!settings.env || typeof settings.env !== 'object') return settings;
  const { [MNEMO_NODE_VAR]: _node, [MNEMO_BIN_VAR]: _bin, ...others } = settings.env as Json;
  const { env: _old, ...rest } = settings;
  return Object.keys(others).length > 0 ? { ...rest, env: others } : rest;
}
