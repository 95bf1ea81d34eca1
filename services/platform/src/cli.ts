import { Command } from 'commander';
import type { ReplayLine } from './replay-projections';
// The command table loads nothing but commander and the light doors: `mnemo --help` answers at once,
// and each action imports what it runs (docs/cli.md).
import { registerCodeCommands } from '@mnemo/code-service/cli';
import { registerContextCommands } from '@mnemo/context-service/cli';
import { registerIngestCommands } from '@mnemo/ingest-service/cli';
import { registerAgentCommands } from './claude-code/agent.commands';
import { registerDeadLetterCommands } from './dlq.commands';
import { registerLogIngestCommand } from './logs/log-ingest.command';
import { registerLogTemplateCommands } from './logs/log-templates.command';
import { registerSkillsCommands } from './skills/skills.command';
import { registerDoctorCommand } from './doctor/doctor.command';
import { configAndLogger } from './cli-config';

const program = new Command('mnemo').description(
  'Mnemo: memory for AI assistants and coding agents',
);

program
  .command('start')
  .description(
    'run services in this process (embedded defaults when NATS_URL, DATABASE_URL, REDIS_URL are unset)',
  )
  .option('--target <services>', 'all, or a comma-separated list of services', 'all')
  .action(async (options: { target: string }) => {
    const { config, logger } = await configAndLogger();
    const [{ selectServices }, { startPlatform }, { ensureLocalAccount, newKeyNotice }, gateway] =
      await Promise.all([
        import('./service-registry'),
        import('./platform'),
        import('./local-account'),
        import('@mnemo/gateway-service'),
      ]);
    const services = selectServices(options.target);
    const platform = await startPlatform(config, services, logger);
    if (platform.infra.embedded.database && platform.httpApp) {
      const local = await ensureLocalAccount(
        config.MNEMO_DATA_DIR,
        platform.httpApp.get(gateway.AccountsService),
      );
      if (local.created && local.apiKey)
        process.stdout.write(newKeyNotice(local.file, local.apiKey, process.stdout.isTTY === true));
    }
    if (platform.httpPort !== null) {
      const url = `http://${config.MNEMO_HTTP_HOST}:${platform.httpPort}`;
      platform.infra.dataDirLock?.advertise(url);
      process.stdout.write(`Mnemo gateway listening on ${url}\n`);
    }
    const shutdown = async (signal: string) => {
      logger.info({ signal }, 'stopping');
      await platform.stop();
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
  });

program
  .command('replay')
  .description(
    'drop, recreate and re-project read models from the whole log (no model calls, no new events)',
  )
  .requiredOption('--projection <name>', 'all, or one projection (listed below)')
  .addHelpText('after', () => {
    // loaded for this help only: naming every projection means loading every service
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy, see above
    const { allProjections } = require('./service-registry') as typeof import('./service-registry');
    return `\nProjections: ${allProjections()
      .map((p) => p.name)
      .join(', ')}`;
  })
  .action(async (options: { projection: string }) => {
    const { config, logger } = await configAndLogger();
    const [{ findProjections }, { replayLineText, replayProjections }, { withDataFolder }] =
      await Promise.all([
        import('./service-registry'),
        import('./replay-projections'),
        import('./data-dir/data-folder-access'),
      ]);
    const projections = findProjections(options.projection);
    const print = (line: ReplayLine) =>
      (line.type === 'progress' || line.type === 'finishing'
        ? process.stderr
        : process.stdout
      ).write(`${replayLineText(line)}\n`);
    const last = await withDataFolder<ReplayLine>(config, logger, {
      command: 'replay',
      remote: (owner) => {
        process.stderr.write(`replaying through ${owner.description}\n`);
        return owner.replay(options.projection, (line) => line.type !== 'done' && print(line));
      },
      local: async (infra) => {
        await replayProjections(infra.dataSource, infra.log, projections, print);
        return { type: 'done' };
      },
    });
    if (last.type === 'failed') throw new Error(last.message);
  });

program
  .command('key')
  .description("the embedded local account's API key, and where it is kept")
  .option('--json', 'print JSON: file, accountId, apiKey')
  .action(async (options: { json?: boolean }) => {
    const [{ loadConfig }, { readLocalAccount }] = await Promise.all([
      import('./platform.config'),
      import('./local-account'),
    ]);
    const local = await readLocalAccount(loadConfig().MNEMO_DATA_DIR);
    if ('missing' in local) {
      process.stderr.write(
        `mnemo: no local account in ${local.file}: \`npm start\` (embedded, no DATABASE_URL) makes one on its first start; ` +
          `with your own servers, an account comes from POST /v1/admin/accounts\n`,
      );
      process.exit(1);
    }
    process.stdout.write(
      options.json
        ? `${JSON.stringify(local)}\n`
        : `${local.apiKey}\n(the local account ${local.accountId}, kept in ${local.file})\n`,
    );
  });

program
  .command('checksum')
  .description('a checksum per projection table, equal for equal content regardless of row order')
  .option('--json', 'print JSON')
  .action(async (options: { json?: boolean }) => {
    const { config, logger } = await configAndLogger();
    const [{ allProjections }, { checksumProjection }, { withDataFolder }] = await Promise.all([
      import('./service-registry'),
      import('@mnemo/persistence'),
      import('./data-dir/data-folder-access'),
    ]);
    const sums = await withDataFolder(config, logger, {
      command: 'checksum',
      remote: (owner) => owner.checksums(),
      local: async (infra) => {
        const local: Record<string, Record<string, string>> = {};
        for (const projection of allProjections())
          local[projection.name] = await checksumProjection(infra.dataSource, projection);
        return local;
      },
    });
    if (options.json) process.stdout.write(`${JSON.stringify(sums, null, 2)}\n`);
    else
      for (const [name, tables] of Object.entries(sums))
        for (const [table, sum] of Object.entries(tables))
          process.stdout.write(`${name}.${table} ${sum}\n`);
  });

registerDeadLetterCommands(program);

registerDoctorCommand(program);

registerIngestCommands(program);

registerContextCommands(program);

registerLogTemplateCommands(program);
registerLogIngestCommand(program);
registerSkillsCommands(program);

// reached only through `mnemo --help`: bin/mnemo.js runs `drift` and `snapshot` on their own light path
registerCodeCommands(program);

// reached only through `mnemo --help`: bin/mnemo.js runs `hook` and `mcp` on their own light path
registerAgentCommands(program, Date.now());

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`mnemo: ${(error as Error)?.message ?? error}\n`);
  process.exit(1);
});
