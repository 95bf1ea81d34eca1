import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AccountsService } from '@mnemo/gateway-service';

export const LOCAL_ACCOUNT_FILE = 'local-account.json';

/**
 * On the first embedded start, make the laptop's own account, print its key once and keep it in
 * `$MNEMO_DATA_DIR/local-account.json` (mode 600), so the quick start can use it.
 */
export async function ensureLocalAccount(
  dataDir: string,
  accounts: AccountsService,
): Promise<{ created: boolean; file: string; apiKey?: string }> {
  const file = path.join(path.resolve(dataDir), LOCAL_ACCOUNT_FILE);
  try {
    await access(file);
    return { created: false, file };
  } catch {
    // not there yet: first start
  }
  const { accountId, apiKey } = await accounts.create('local', 'local');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ accountId, apiKey }, null, 2)}\n`, { mode: 0o600 });
  return { created: true, file, apiKey };
}
