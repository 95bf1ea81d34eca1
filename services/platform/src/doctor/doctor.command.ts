import type { Command } from 'commander';
import { configAndLogger } from '../cli-config';
import type { DoctorLine } from './doctor';

/** `mnemo doctor [--repair]`: checks the embedded data folder and rebuilds its read models from the log. */
export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description(
      'check the embedded data folder (log, database, read models, checksums against a replay); --repair rebuilds the read models from the log',
    )
    .option('--repair', 'rebuild what the checks found broken')
    .option('--json', 'print one JSON object a line')
    .action(async (options: { repair?: boolean; json?: boolean }) => {
      const [{ config, logger }, { runDoctor }] = await Promise.all([
        configAndLogger(),
        import('./doctor'),
      ]);
      const say = (line: DoctorLine) =>
        process.stdout.write(
          options.json
            ? `${JSON.stringify(line)}\n`
            : `${line.ok ? 'ok  ' : 'FAIL'} ${line.check}: ${line.detail}\n`,
        );
      const healthy = await runDoctor(config, logger, {
        repair: Boolean(options.repair),
        say,
      });
      if (!healthy) process.exitCode = 1;
    });
}
