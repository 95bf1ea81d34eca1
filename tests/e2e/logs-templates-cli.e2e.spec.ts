import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MNEMO = path.join(__dirname, '../../bin/mnemo.js');

interface Row {
  line: number;
  templateId: string;
  template: string;
}

const parseRows = (stdout: string): Row[] =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Row);

describe('mnemo logs templates', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mnemo-log-templates-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const log = [
    'Accepted publickey for deploy from 10.0.4.17 port 52144 ssh2',
    'Disk /dev/sda1 is 91% full',
    'Accepted publickey for deploy from 10.0.9.3 port 40022 ssh2',
    '',
    'Disk /dev/sdb2 is 97% full',
  ];

  it('prints one JSON line per input line, in order, with the template each joined', async () => {
    const file = path.join(dir, 'app.log');
    await writeFile(file, `${log.join('\n')}\n`);
    const { stdout } = await run(process.execPath, [MNEMO, 'logs', 'templates', file, '--json']);
    const rows = parseRows(stdout);
    expect(rows.map((row) => row.line)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]?.templateId).toBe(rows[2]?.templateId);
    expect(rows[1]?.templateId).toBe(rows[4]?.templateId);
    expect(rows[0]?.templateId).not.toBe(rows[1]?.templateId);
    expect(rows[0]?.template).toBe('Accepted publickey for deploy from <*> port <*> ssh2');
    // every line shows its template's final text, also the first of a template that grew later
    expect(rows[1]?.template).toBe('Disk <*> is <*>% full');
  });

  it('reads standard input with -, and gives the same ids as the file', async () => {
    const file = path.join(dir, 'same.log');
    await writeFile(file, `${log.join('\n')}\n`);
    const fromFile = parseRows(
      (await run(process.execPath, [MNEMO, 'logs', 'templates', file, '--json'])).stdout,
    );
    const child = spawn(process.execPath, [MNEMO, 'logs', 'templates', '-', '--json']);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdin.end(`${log.join('\n')}\n`);
    await new Promise((resolve) => child.on('close', resolve));
    expect(parseRows(stdout)).toEqual(fromFile);
  });

  it('names a missing file and exits 1', async () => {
    await expect(
      run(process.execPath, [MNEMO, 'logs', 'templates', path.join(dir, 'nope.log')]),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('nope.log') });
  });
});
