import type { Command } from 'commander';
import { HOOK_EVENTS, type HookCommandName } from './domain/hook-settings';
import { installHooks, uninstallHooks, type InstallScope } from './hook-install';
import { runHook } from './hook-runner';

const HOOK_NAMES = Object.values(HOOK_EVENTS) as HookCommandName[];

function scopeOf(options: { project?: boolean; user?: boolean }): InstallScope {
  if (options.project && options.user) throw new Error('choose one of --project or --user');
  return options.user ? 'user' : 'project';
}

/** `mnemo mcp`, `mnemo hook <event>`, `mnemo hook install|uninstall`: Mnemo inside Claude Code. */
export function registerAgentCommands(program: Command, startedAt: number): void {
  program
    .command('mcp')
    .description(
      "serve Mnemo's tools over MCP on stdio, for an agent (Mnemo at $MNEMO_URL with $MNEMO_API_KEY, or the installed settings)",
    )
    .action(async () => {
      const { serveMcpOnStdio } = await import('./mcp-stdio');
      await serveMcpOnStdio(process.env, process.cwd());
    });

  const hook = program
    .command('hook')
    .description('Claude Code hooks: run one (reads its JSON on stdin), or install them');
  for (const name of HOOK_NAMES) {
    hook
      .command(name)
      .description(
        `the ${name} hook: bounded by $MNEMO_HOOK_TIMEOUT_MS (default 2000), exit 0 whatever happens`,
      )
      .action(async () => {
        const code = await runHook(name, {
          stdin: process.stdin,
          stdout: process.stdout,
          env: process.env,
          startedAt,
        });
        process.exit(code);
      });
  }
  hook
    .command('send-transcript <file>', { hidden: true })
    .description(
      'send what is new of one transcript (run in the background by the pre-compact, stop and session-end hooks)',
    )
    .action(async (file: string) => {
      const { loadClientSettings } = await import('@mnemo/mnemo-client');
      const { sendTranscript } = await import('./transcript-sender');
      const settings = loadClientSettings(process.env);
      if (!settings.apiKey) return;
      const bound = Number(process.env.MNEMO_HOOK_SEND_TIMEOUT_MS);
      const watchdog = setTimeout(() => process.exit(0), bound > 0 ? bound : 120_000);
      watchdog.unref();
      await sendTranscript(file, process.env, { url: settings.url, apiKey: settings.apiKey });
      process.exit(0);
    });
  hook
    .command('install')
    .description(
      "add Mnemo's hooks to .claude/settings.json and its MCP server to .mcp.json (--project, default) or ~/.claude/settings.json (--user)",
    )
    .option('--project', 'this repository (the git top level of the current directory)')
    .option('--user', 'every project of this user')
    .option('--url <url>', "Mnemo's URL to store (default $MNEMO_URL)")
    .option('--api-key <key>', 'the API key to store (default $MNEMO_API_KEY)')
    .action((options: { project?: boolean; user?: boolean; url?: string; apiKey?: string }) => {
      const report = installHooks(scopeOf(options), process.cwd(), process.env, {
        url: options.url,
        apiKey: options.apiKey,
      });
      process.stdout.write(`${report.lines.join('\n')}\n`);
    });
  hook
    .command('uninstall')
    .description("remove only Mnemo's hooks and MCP server entry")
    .option('--project', 'this repository')
    .option('--user', 'every project of this user')
    .action((options: { project?: boolean; user?: boolean }) => {
      process.stdout.write(
        `${uninstallHooks(scopeOf(options), process.cwd(), process.env).lines.join('\n')}\n`,
      );
    });
}
