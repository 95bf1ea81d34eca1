/**
 * The context service's CLI door: `mnemo context …` as commands, for the `mnemo` command table, which
 * loads no service's main door so that `mnemo --help` answers at once.
 */
export { registerContextCommands, writeFileAtomically } from './src/cli/context.command';
