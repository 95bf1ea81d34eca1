import type { Command } from 'commander';
import type { ReplayOutcome, StoredDeadLetter } from '@mnemo/eventing';
import { configAndLogger } from './cli-config';

/** What the commands run, loaded when one runs (docs/cli.md). */
const runtime = async () => ({
  ...(await configAndLogger()),
  ...(await import('./data-dir/data-folder-access')),
  ...(await import('@mnemo/eventing')),
});

/** How long a replay waits for the consumer's answer: its handler runs in full (a model call, say). */
const REPLAY_TIMEOUT_MS = 120_000;

const line = ({ id, letter }: StoredDeadLetter): string =>
  [
    id,
    letter.service,
    letter.consumer ?? '-',
    letter.event.type,
    letter.event.id,
    `deliveries=${letter.deliveryCount}`,
    letter.deadAt,
    `${letter.error.code}: ${letter.error.message}`,
  ].join('\t');

const outcomeLine = (outcome: ReplayOutcome): string => {
  if (outcome.status === 'replayed')
    return `${outcome.id}\treplayed\t${outcome.service}/${outcome.consumer}\t${outcome.eventId}`;
  if (outcome.status === 'not_found')
    return `${outcome.id}\tnot found (replayed already, or no such letter)`;
  return `${outcome.id}\tfailed again, kept\t${outcome.service}\t${outcome.error.code}: ${outcome.error.message}`;
};

/** One letter, or every letter listed, handed back one after another. */
async function redrive(
  id: string | undefined,
  list: () => Promise<StoredDeadLetter[]>,
  replay: (id: number) => Promise<ReplayOutcome>,
): Promise<ReplayOutcome[]> {
  const ids = id !== undefined ? [Number(id)] : (await list()).map((letter) => letter.id);
  const outcomes: ReplayOutcome[] = [];
  for (const next of ids) outcomes.push(await replay(next));
  return outcomes;
}

/** `mnemo dlq list|replay`: the dead letters every consumer left, and their re-drive once the cause is fixed. */
export function registerDeadLetterCommands(program: Command): void {
  const dlq = program
    .command('dlq')
    .description('dead letters: events a consumer gave up on after its last delivery');

  dlq
    .command('list')
    .description('dead letters, oldest first, with the error that killed each')
    .option('--service <name>', "one service's letters")
    .option('--json', 'print JSON')
    .action(async (options: { service?: string; json?: boolean }) => {
      const { config, logger, withDataFolder } = await runtime();
      const letters = await withDataFolder(config, logger, {
        command: 'dlq list',
        remote: (owner) => owner.deadLetters(options.service),
        local: (infra) => infra.log.listDeadLetters(options.service),
      });
      if (options.json) process.stdout.write(`${JSON.stringify(letters, null, 2)}\n`);
      else
        process.stdout.write(
          letters.length ? `${letters.map(line).join('\n')}\n` : 'no dead letters\n',
        );
    });

  dlq
    .command('replay')
    .description(
      'hands dead letters back to the consumer that failed them (it must be running); a replayed letter is gone, so a second replay applies nothing',
    )
    .argument('[id]', 'the letter id `dlq list` shows')
    .option('--all', 'every letter (of --service, when given)')
    .option('--service <name>', 'with --all: only this service')
    .option('--json', 'print JSON')
    .action(
      async (
        id: string | undefined,
        options: { all?: boolean; service?: string; json?: boolean },
      ) => {
        if (Boolean(id) === Boolean(options.all)) throw new Error('give one letter id, or --all');
        if (id !== undefined && !/^\d+$/.test(id))
          throw new Error(`"${id}" is not a letter id (a number, as dlq list shows)`);
        const { config, logger, withDataFolder, replayDeadLetter } = await runtime();
        const outcomes = await withDataFolder(config, logger, {
          command: 'dlq replay',
          remote: (owner) =>
            redrive(
              id,
              () => owner.deadLetters(options.service),
              (next) => owner.redriveDeadLetter(next),
            ),
          local: (infra) =>
            redrive(
              id,
              () => infra.log.listDeadLetters(options.service),
              (next) => replayDeadLetter(infra.log, next, { timeoutMs: REPLAY_TIMEOUT_MS }),
            ),
        });
        if (options.json) process.stdout.write(`${JSON.stringify(outcomes, null, 2)}\n`);
        else
          process.stdout.write(
            outcomes.length ? `${outcomes.map(outcomeLine).join('\n')}\n` : 'no dead letters\n',
          );
        if (outcomes.some((outcome) => outcome.status === 'failed')) process.exitCode = 1;
      },
    );
}
