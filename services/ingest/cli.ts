/**
 * The ingest service's CLI door: `mnemo ingest …` as commands, for the `mnemo` command table, which
 * loads no service's main door so that `mnemo --help` answers at once.
 */
export { registerIngestCommands } from './src/cli/ingest.command';
