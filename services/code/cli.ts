/**
 * The code service's CLI door: `mnemo drift` and `mnemo snapshot` as commands, for the `mnemo` command
 * table, which loads no service's main door so that `mnemo --help` answers at once.
 */
export { registerCodeCommands } from './src/cli/code.commands';
