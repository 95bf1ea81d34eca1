import path from 'node:path';
import type { Logger } from '@mnemo/eventing';
import { openInfra, type Infra } from '../infra';
import type { PlatformConfig } from '../platform.config';
import { allMigrations } from '../service-registry';
import { isAlive, readDataDirOwner } from './data-dir-lock';
import { DataFolderOwnerClient } from './data-folder-owner.client';

export interface DataFolderWork<T> {
  /** The command's name, shown to a process that finds the folder taken. */
  command: string;
  /** Through the running process that owns the embedded data folder. */
  remote(owner: DataFolderOwnerClient): Promise<T>;
  /** With the data folder (or the servers) opened by this process. */
  local(infra: Infra): Promise<T>;
}

/**
 * Runs a CLI command against the platform's data: through the running `mnemo start` that owns the
 * embedded data folder when there is one, else by opening it here (which takes the folder's lock and
 * refuses, naming the holder, when a process without an HTTP API holds it).
 */
export async function withDataFolder<T>(
  config: PlatformConfig,
  logger: Logger,
  work: DataFolderWork<T>,
): Promise<T> {
  if (!config.NATS_URL || !config.DATABASE_URL) {
    const owner = readDataDirOwner(path.resolve(config.MNEMO_DATA_DIR));
    if (owner?.url && isAlive(owner)) {
      const client = new DataFolderOwnerClient({ ...owner, url: owner.url });
      logger.info(
        { owner: client.description },
        'going through the process that owns the data folder',
      );
      return work.remote(client);
    }
  }
  const infra = await openInfra(config, allMigrations(), logger, { command: work.command });
  try {
    return await work.local(infra);
  } finally {
    await infra.close();
  }
}
