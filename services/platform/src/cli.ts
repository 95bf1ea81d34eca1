import { Command } from 'commander';
import { registerContextCommands } from '@mnemo/context-service';
import { AccountsService } from '@mnemo/gateway-service';
import { registerIngestCommands } from '@mnemo/ingest-service';
import { checksumProjection, replayProjection } from '@mnemo/persistence';
import { registerAgentCommands } from './claude-code/agent.commands';
import { registerDeadLetterCommands } from './dlq.commands';
import { registerLogTemplateCommands } from './logs/log-templates.command';
import { createLogger } from './logger';
import { openInfra } from './infra';
import { ConfigError, loadConfig } from './platform.config';
import { ensureLocalAccount, newKeyNotice, readLocalAccount } from './local-account';
import { startPlatform } from './platform';
import { allMigrations, allProjections, findProjections, selectServices } from './service-registry';

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
    const config = loadConfig();
    const logger = createLogger(config.LOG_LEVEL);
    const services = selectServices(options.target);
    const platform = await startPlatform(config, services, logger);
    if (platform.infra.embedded.database && platform.httpApp) {
      const local = await ensureLocalAccount(
        config.MNEMO_DATA_DIR,
        platform.httpApp.get(AccountsService),
      );
      if (local.created && local.apiKey)
        process.stdout.write(newKeyNotice(local.file, local.apiKey, process.stdout.isTTY === true));
    }
    if (platform.httpPort !== null)
      process.stdout.write(
        `Mnemo gateway listening on http://${config.MNEMO_HTTP_HOST}:${platform.httpPort}\n`,
      );
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
  .requiredOption(
    '--projection <name>',
    `all, or one of: ${allProjections()
      .map((p) => p.name)
      .join(', ')}`,
  )
  .action(async (options: { projection: string }) => {
    const config = loadConfig();
    const logger = createLogger(config.LOG_LEVEL);
    const projections = findProjections(options.projection);
    const infra = await openInfra(config, allMigrations(), logger);
    try {
      for (const projection of projections) {
        const result = await replayProjection(infra.dataSource, infra.log, projection);
        process.stdout.write(
          `${result.projection}: ${result.events} events to seq ${result.lastSeq} in ${result.seconds.toFixed(2)} s\n`,
        );
      }
    } finally {
      await infra.close();
    }
  });

program
  .command('key')
  .description("the embedded local account's API key, and where it is kept")
  .option('--json', 'print JSON: file, accountId, apiKey')
  .action(async (options: { json?: boolean }) => {
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
    const config = loadConfig();
    const logger = createLogger(config.LOG_LEVEL);
    const infra = await openInfra(config, allMigrations(), logger);
    try {
      const sums: Record<string, Record<string, string>> = {};
      for (const projection of allProjections())
        sums[projection.name] = await checksumProjection(infra.dataSource, projection);
      if (options.json) process.stdout.write(`${JSON.stringify(sums, null, 2)}\n`);
      else
        for (const [name, tables] of Object.entries(sums))
          for (const [table, sum] of Object.entries(tables))
            process.stdout.write(`${name}.${table} ${sum}\n`);
    } finally {
      await infra.close();
    }
  });

registerDeadLetterCommands(program);

registerIngestCommands(program);

registerContextCommands(program);

registerLogTemplateCommands(program);

// reached only through `mnemo --help`: bin/mnemo.js runs `hook` and `mcp` on their own light path
registerAgentCommands(program, Date.now());

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`mnemo: ${error.message}\n`);
  else process.stderr.write(`mnemo: ${(error as Error)?.message ?? error}\n`);
  process.exit(1);
});
