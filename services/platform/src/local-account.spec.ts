import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_ACCOUNT_FILE, newKeyNotice, readLocalAccount } from './local-account';

describe('the local account', () => {
  it('frames the new key on a terminal, so it stands out from the log lines', () => {
    const notice = newKeyNotice('/data/local-account.json', 'mnemo_abc123', true);
    const lines = notice.trim().split('\n');
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^└─+┘$/);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(notice).toContain('│   mnemo_abc123');
    expect(notice).toContain('npx mnemo key');
  });

  it('prints the same words on plain lines when piped', () => {
    const notice = newKeyNotice('/data/local-account.json', 'mnemo_abc123', false);
    expect(notice).not.toMatch(/[┌│└]/);
    expect(notice).toContain('  mnemo_abc123\n');
    expect(notice).toContain('/data/local-account.json');
  });

  it('reads the key back, and says when there is none yet', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mnemo-key-'));
    try {
      await expect(readLocalAccount(dir)).resolves.toEqual({
        file: path.join(dir, LOCAL_ACCOUNT_FILE),
        missing: true,
      });
      await writeFile(
        path.join(dir, LOCAL_ACCOUNT_FILE),
        JSON.stringify({ accountId: 'a-1', apiKey: 'mnemo_k' }),
      );
      await expect(readLocalAccount(dir)).resolves.toEqual({
        file: path.join(dir, LOCAL_ACCOUNT_FILE),
        accountId: 'a-1',
        apiKey: 'mnemo_k',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
