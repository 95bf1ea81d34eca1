import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JournaldReader } from './journald.reader';
import { SourceUnavailableError, type LineFeed } from './log-source.runner';

const feed: LineFeed = { add: async () => undefined, skip: async () => undefined };

describe('JournaldReader', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-journald-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('says there is no journal on this host when the directory holds no journal file', async () => {
    const reader = new JournaldReader({ command: 'journalctl', directory: dir, since: '-1h' });
    const reading = reader.read(undefined, feed, new AbortController().signal);
    await expect(reading).rejects.toThrow(SourceUnavailableError);
    await expect(reading).rejects.toThrow(`no journal on this host: no journal files in ${dir}`);
  });

  it('says so when journalctl is missing', async () => {
    writeFileSync(path.join(dir, 'system.journal'), '');
    const command = path.join(dir, 'no-such-journalctl');
    const reader = new JournaldReader({ command, directory: dir, since: '-1h' });
    await expect(reader.read(undefined, feed, new AbortController().signal)).rejects.toThrow(
      `${command} not found: no journal on this host`,
    );
  });
});
