// `mnemo logs templates …` and `mnemo logs ingest …`: a small program of its own (no Nest, no
// servers), so that folding or sending a file from the command line starts at once.
import { Command } from 'commander';
import { registerLogIngestCommand } from './logs/log-ingest.command';
import { registerLogTemplateCommands } from './logs/log-templates.command';

// `mnemo logs templates FILE | head` closes the pipe early: that is the reader's choice, not an error
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const program = new Command('mnemo');
registerLogTemplateCommands(program);
registerLogIngestCommand(program);
program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`mnemo: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
