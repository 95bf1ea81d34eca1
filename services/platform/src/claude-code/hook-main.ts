// `mnemo hook <event>`: the path Claude Code waits for on every prompt loads no command-line parser and
// none of the install code, only the runner and what the event uses (it is on every prompt's path). Anything else under
// `mnemo hook` (install, uninstall, send-transcript, --help) goes to the agent CLI.
import { HOOK_EVENTS, type HookCommandName } from './domain/hook-settings';

const startedAt = Date.now() - process.uptime() * 1000;
const event = process.argv[3] as HookCommandName;

if (process.argv.length === 4 && (Object.values(HOOK_EVENTS) as string[]).includes(event)) {
  void import('./hook-runner').then(({ runHook }) =>
    runHook(event, {
      stdin: process.stdin,
      stdout: process.stdout,
      env: process.env,
      startedAt,
    }).then((code) => process.exit(code)),
  );
} else {
  // loaded only on this branch: the hook's own path must start fast
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../agent-cli');
}
