import path from 'node:path';
import type { Command } from 'commander';
import type { SnapshotSkips } from '@mnemo/code-symbols';
import {
  MnemoClient,
  clientSettingsFile,
  loadClientSettings,
  projectName,
  type DriftAnswer,
} from '@mnemo/mnemo-client';

/** A date as the commands take it; a bare date is that day's start (UTC). */
export function parseDate(value: string, option: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime()))
    throw new Error(`${option} "${value}" is not a date (try 2026-11-01 or 2026-11-01T09:00:00Z)`);
  return date;
}

const textOf = (report: { text: string }) => `${report.text}\n`;

/** The parser and git reader, loaded when a command runs: the command table stays light (docs/cli.md). */
const symbols = () => import('@mnemo/code-symbols');

/**
 * `mnemo drift PATH --since DATE` (drift_since on this machine, from git, or from a running Mnemo's
 * snapshots with --server) and `mnemo snapshot [PATHS]` (records snapshots in a running Mnemo).
 * docs/code-symbols.md says what a snapshot holds: never a body of code.
 */
export function registerCodeCommands(program: Command): void {
  program
    .command('drift <path>')
    .description(
      "what changed in a file's structure since a time: symbols added, removed, renamed, moved or with a new signature, computed here from git",
    )
    .requiredOption('--since <date>', 'the point to compare against (2026-11-01 or an ISO time)')
    .option('--json', 'print the delta as JSON')
    .option(
      '--server',
      'ask the running Mnemo ($MNEMO_URL with $MNEMO_API_KEY, else client.json) for the delta of the snapshots it holds',
    )
    .action(async (file: string, options: { since: string; json?: boolean; server?: boolean }) => {
      const at = parseDate(options.since, '--since');
      const { driftFromGit, languageOf } = await symbols();
      if (!languageOf(file))
        throw new Error(
          `${file}: snapshots read TypeScript, TSX, JavaScript, Python and Go files (by extension)`,
        );
      const report = options.server
        ? await driftFromServer(file, options.since)
        : await driftFromGit(process.cwd(), file, { text: options.since, at });
      process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : textOf(report));
    });

  program
    .command('snapshot [paths...]')
    .description(
      "record the symbols of this repository's files (names, signatures, line ranges, body hashes; no code) in the running Mnemo, for drift_since",
    )
    .option(
      '--git-since <date>',
      "also every version git committed since this date, and each file's version as of it",
    )
    .option('--dry-run', 'count what would be recorded, send nothing')
    .action(async (paths: string[], options: { gitSince?: string; dryRun?: boolean }) => {
      const since = options.gitSince ? parseDate(options.gitSince, '--git-since') : undefined;
      const {
        eventBatches,
        historySnapshots,
        repositoryRoot,
        snapshotEvent,
        trackedSourceFiles,
        workingTreeSnapshots,
      } = await symbols();
      const cwd = process.cwd();
      const root = await repositoryRoot(cwd);
      if (!root) throw new Error(`${cwd} is not in a git repository`);
      const scoped = paths.map((p) => path.relative(root, path.resolve(cwd, p)) || '.');
      const skips: SnapshotSkips = { tooLarge: 0, unreadable: 0 };
      const tty = process.stderr.isTTY === true;
      const progress = (what: string) => (done: number, total: number) => {
        if (tty && (done === total || done % 50 === 0))
          process.stderr.write(`\r${what} ${done}/${total}${done === total ? '\n' : ''}`);
      };
      const snapshots = [
        ...(since
          ? await historySnapshots(root, { since, paths: scoped }, skips, progress('versions'))
          : []),
        ...(await workingTreeSnapshots(root, await trackedSourceFiles(root, scoped), skips)),
      ];
      const project = await projectName(root);
      const events = snapshots.map((s) => snapshotEvent(project, s));
      const files = new Set(snapshots.map((s) => s.path)).size;
      const skipped = `skipped ${skips.tooLarge} larger than 1 MB, ${skips.unreadable} unreadable`;
      if (options.dryRun) {
        process.stdout.write(
          `${events.length} snapshots of ${files} files in ${project} (not sent); ${skipped}\n`,
        );
        return;
      }
      const client = gatewayClient();
      let accepted = 0;
      let duplicates = 0;
      for (const batch of eventBatches(events)) {
        const answer = await client.sendEvents(batch);
        accepted += answer.accepted;
        duplicates += answer.duplicates;
      }
      process.stdout.write(
        `${events.length} snapshots of ${files} files in ${project}: ${accepted} recorded, ${duplicates} already there; ${skipped}\n`,
      );
    });
}

function gatewayClient(): MnemoClient {
  const { url, apiKey } = loadClientSettings(process.env);
  if (!apiKey)
    throw new Error(
      `no API key: set MNEMO_API_KEY, or run \`mnemo hook install --api-key KEY\`, which keeps it in ${clientSettingsFile(process.env)}`,
    );
  return new MnemoClient({ url, apiKey, timeoutMs: 60_000 });
}

async function driftFromServer(file: string, since: string): Promise<DriftAnswer> {
  const cwd = process.cwd();
  const root = (await (await symbols()).repositoryRoot(cwd)) ?? cwd;
  const relative = path.relative(root, path.resolve(cwd, file)).split(path.sep).join('/');
  return gatewayClient().drift({ path: relative, since, project: await projectName(root) });
}
