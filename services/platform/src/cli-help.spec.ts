import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MNEMO = path.join(__dirname, '../../../bin/mnemo.js');
/** Packages only a running command needs: the help of the command table loads none of them. */
const HEAVY = ['@nestjs', 'typeorm', '@nats-io', 'ioredis', 'zod', 'web-tree-sitter', 'typescript'];

describe('mnemo --help', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mnemo-help-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** The files a command's process loaded, written by a preload as it exits. */
  async function loadedBy(args: string[]): Promise<{ stdout: string; files: string[] }> {
    const out = path.join(dir, `${args.join('-')}.json`);
    const preload = path.join(dir, `${args.join('-')}.js`);
    await writeFile(
      preload,
      `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.keys(require.cache))));`,
    );
    const { stdout } = await run(process.execPath, ['-r', preload, MNEMO, ...args]);
    return { stdout, files: JSON.parse(await readFile(out, 'utf8')) as string[] };
  }

  it.each([[['--help']], [['dlq', '--help']], [['ingest', 'transcripts', '--help']]])(
    '%j lists the commands and loads no service, schema or driver',
    async (args) => {
      const { stdout, files } = await loadedBy(args);
      expect(stdout).toMatch(/Usage: mnemo/);
      const heavy = files.filter((file) =>
        HEAVY.some((name) => file.includes(`${path.sep}node_modules${path.sep}${name}`)),
      );
      expect(heavy).toEqual([]);
      // no service's main door either
      expect(files.filter((file) => /services\/[a-z-]+\/src\/index\.ts$/.test(file))).toEqual([]);
    },
  );
});
