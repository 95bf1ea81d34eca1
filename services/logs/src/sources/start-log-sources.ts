import type { DataSource } from 'typeorm';
import type { EventLog, Logger, Subscription } from '@mnemo/eventing';
import type { Environment } from '@mnemo/persistence';
import { parseLogsConfig, type LogsConfig } from '../logs.config';
import { configuredSources } from './configured-sources';
import { FileTailReader } from './file-tail.reader';
import { JournaldReader } from './journald.reader';
import { TemplateMiners } from './log-sink';
import { LogSourceRunner, type LogReader } from './log-source.runner';

/**
 * The host's sources the configuration turns on (journald, tailed files), each read by one runner.
 * None is on by default: reading a host's logs is its operator's choice (docs/logs.md).
 */
export function startLogSources(
  infra: { log: EventLog; dataSource: DataSource },
  logger: Logger,
  env: Environment,
): Subscription[] {
  const config = parseLogsConfig(env);
  const miners = TemplateMiners.of({ log: infra.log, db: infra.dataSource });
  const runners = configuredSources(config)
    .filter((source) => source.enabled)
    .map(
      (source) =>
        new LogSourceRunner(
          { log: infra.log, db: infra.dataSource, miners, logger },
          { accountId: config.accountId, project: config.project, sourceId: source.sourceId },
          readerOf(source.kind, source.sourceId, config),
          { flushMs: config.flushMs },
        ),
    );
  for (const runner of runners)
    logger.info({ sourceId: runner.scope.sourceId }, 'log source started');
  return runners.map((runner) => runner.start());
}

function readerOf(kind: 'journald' | 'file', sourceId: string, config: LogsConfig): LogReader {
  if (kind === 'journald')
    return new JournaldReader({
      command: config.journald.command,
      since: config.journald.since,
      ...(config.journald.directory ? { directory: config.journald.directory } : {}),
    });
  return new FileTailReader({ path: sourceId.slice('file:'.length), pollMs: config.filePollMs });
}
