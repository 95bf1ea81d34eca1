import type { Command } from 'commander';
import { clientSettingsFile, loadClientSettings } from '@mnemo/mnemo-client';

/** `mnemo ingest transcripts [PATH] [--since DATE]`, against the gateway the client settings name (MNEMO_URL, MNEMO_API_KEY, else client.json). */
export function registerIngestCommands(program: Command): void {
  const ingest = program
    .command('ingest')
    .description('send data on this machine to a running Mnemo gateway');
  ingest
    .command('transcripts [path]')
    .description(
      'ingest Claude Code transcripts (default $MNEMO_TRANSCRIPTS_ROOT or ~/.claude/projects) through $MNEMO_URL with $MNEMO_API_KEY, else the settings `mnemo hook install` wrote',
    )
    .option('--since <date>', 'only files modified at or after this date')
    .action(async (target: string | undefined, options: { since?: string }) => {
      const [
        { SingleBar, Presets },
        { defaultTranscriptsRoot, expandHome },
        { describeSkips, ingestTranscriptsToGateway, parseSince },
      ] = await Promise.all([
        import('cli-progress'),
        import('../ingest.config'),
        import('./ingest-transcripts.command'),
      ]);
      // the same settings as the hooks: the environment, else what `mnemo hook install` wrote
      const { url, apiKey } = loadClientSettings(process.env);
      if (!apiKey)
        throw new Error(
          `no API key: set MNEMO_API_KEY, or run \`mnemo hook install --api-key KEY\`, which keeps it in ${clientSettingsFile(process.env)}`,
        );
      const root = expandHome(
        target ?? process.env.MNEMO_TRANSCRIPTS_ROOT ?? defaultTranscriptsRoot(),
      );
      const since = parseSince(options.since);
      const tty = process.stdout.isTTY === true;
      const bar = tty
        ? new SingleBar(
            { format: 'transcripts [{bar}] {value}/{total} files | {eta_formatted} left' },
            Presets.shades_classic,
          )
        : null;
      let started = false;
      const startedAt = Date.now();
      try {
        const summary = await ingestTranscriptsToGateway({
          target: root,
          since,
          url,
          apiKey,
          developer: process.env.MNEMO_DEVELOPER,
          project: process.env.MNEMO_PROJECT,
          onProgress: bar
            ? (done, total) => {
                if (!started) bar.start(total, 0);
                started = true;
                bar.update(done);
              }
            : undefined,
        });
        bar?.stop();
        const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
        process.stdout.write(
          `${summary.files} files, ${summary.sessions} sessions, ${summary.turns} turns: ${summary.accepted} events accepted, ` +
            `${summary.duplicates} already there; skipped ${summary.skippedFiles} files, ${summary.skippedLines} lines, ` +
            `${summary.skippedEvents} oversized events; ${seconds} s\n` +
            (summary.skippedLines > 0
              ? `skipped lines by reason: ${describeSkips(summary.skippedByReason)}\n`
              : ''),
        );
      } catch (error) {
        bar?.stop();
        throw error;
      }
    });
}
