import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { TemplateMiner } from '@mnemo/log-templates';

/**
 * `mnemo logs templates FILE|-`: folds a log's lines into templates on this machine, nothing sent
 * anywhere, and prints one line per input line, in order, once the whole input is read (so every
 * line shows its template's final text). With `--json`, one JSON object per line:
 * `{ "line", "templateId", "template" }`, so that anyone can score the miner on data of their own.
 */
export function registerLogTemplateCommands(program: Command): void {
  const logs =
    program.commands.find((command) => command.name() === 'logs') ??
    program.command('logs').description('runtime logs: templates mined from what the system says');
  logs
    .command('templates')
    .description(
      'fold the lines of FILE (or - for standard input) into templates, printed per line',
    )
    .argument('<file>', 'a log file, one message per line, or - for standard input')
    .option('--json', 'one JSON object per line: line, templateId, template')
    .action(async (file: string, options: { json?: boolean }) => {
      const input = file === '-' ? process.stdin : createReadStream(file, { encoding: 'utf8' });
      const miner = new TemplateMiner();
      const ids: string[] = [];
      for await (const line of createInterface({ input, crlfDelay: Infinity }))
        ids.push(miner.add(line).template.id);
      await writeAll(ids, miner, options.json === true);
    });
}

async function writeAll(
  ids: readonly string[],
  miner: TemplateMiner,
  json: boolean,
): Promise<void> {
  let chunk = '';
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] ?? '';
    const template = miner.get(id)?.text ?? '';
    chunk += json
      ? `${JSON.stringify({ line: i + 1, templateId: id, template })}\n`
      : `${id}\t${template}\n`;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = '';
    }
  }
  if (chunk) await write(chunk);
}

function write(text: string): Promise<void> {
  return new Promise((resolve, reject) =>
    process.stdout.write(text, (error) => (error ? reject(error) : resolve())),
  );
}
