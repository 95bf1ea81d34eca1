// `mnemo drift …` and `mnemo snapshot …`: a small program of their own (no Nest, no servers), so that
// asking what changed in a file starts at once.
import { Command } from 'commander';
import { registerCodeCommands } from '@mnemo/code-service';

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const program = new Command('mnemo');
registerCodeCommands(program);
program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`mnemo: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
