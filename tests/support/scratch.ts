import type { DataSource } from 'typeorm';
import { JetStreamEventLog, type JetStreamEventLogOptions } from '@mnemo/eventing';
import { dropSchema, openDataSource, type MigrationClass } from '@mnemo/persistence';
import { TEST_DATABASE_URL, TEST_NATS_URL, uniqueName } from './servers';

/**
 * What an integration test makes on the real servers, under a name of its own: a Postgres schema, and
 * JetStream streams `<NAME>_…` with subjects `<name>.…`. Test files run in parallel and never see each
 * other's data; `drop` removes all of it, whatever was made.
 */
export class Scratch {
  /** Lower case: a schema name, and (upper-cased) the stream prefix. */
  readonly name: string;
  private readonly logs: JetStreamEventLog[] = [];
  private readonly pools: DataSource[] = [];

  constructor(prefix: string) {
    this.name = uniqueName(prefix).toLowerCase();
  }

  /** A connection to the scratch streams, made if missing; each call is another instance's connection. */
  async log(
    options: Pick<JetStreamEventLogOptions, 'duplicateWindowMs'> = {},
  ): Promise<JetStreamEventLog> {
    const log = await JetStreamEventLog.connect({
      servers: TEST_NATS_URL,
      streamPrefix: this.name.toUpperCase(),
      subjectPrefix: this.name,
      ...options,
    });
    this.logs.push(log);
    await log.ensureStreams();
    return log;
  }

  /** A pool on the scratch schema with `migrations` run; each call is another instance's pool. */
  async db(migrations: readonly MigrationClass[] = [], poolSize = 2): Promise<DataSource> {
    const db = await openDataSource({
      url: TEST_DATABASE_URL,
      poolSize,
      migrations,
      schema: this.name,
    });
    this.pools.push(db);
    return db;
  }

  async drop(): Promise<void> {
    await this.logs[0]?.deleteStreams();
    await Promise.all(this.logs.splice(0).map((log) => log.close()));
    await Promise.all(this.pools.splice(0).map((db) => db.destroy()));
    await dropSchema(TEST_DATABASE_URL, this.name);
  }
}
