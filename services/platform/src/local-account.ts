import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
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

/**
 * What the first start prints about the new key. On a terminal, a framed block that stands out from
 * the JSON log lines around it; piped, the same words on plain lines.
 */
export function newKeyNotice(file: string, apiKey: string, terminal: boolean): string {
  const lines = [
    'Local account created. Its API key (shown once here):',
    '',
    `  ${apiKey}`,
    '',
    `It is kept in ${file} (mode 600); \`npx mnemo key\` shows it again.`,
  ];
  if (!terminal) return `\n${lines.join('\n')}\n\n`;
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return `\n┌${rule}┐\n${lines.map((line) => `│ ${line.padEnd(width)} │`).join('\n')}\n└${rule}┘\n\n`;
}

/** `mnemo key`: the local account's key and where it is kept, or what to do when there is none. */
export async function readLocalAccount(
  dataDir: string,
): Promise<{ file: string; accountId: string; apiKey: string } | { file: string; missing: true }> {
  const file = path.join(path.resolve(dataDir), LOCAL_ACCOUNT_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { file, missing: true };
  }
  const parsed = JSON.parse(text) as { accountId?: unknown; apiKey?: unknown };
  if (typeof parsed.apiKey !== 'string' || typeof parsed.accountId !== 'string')
    throw new Error(`${file} holds no account: delete it and start Mnemo again to make a new one`);
  return { file, accountId: parsed.accountId, apiKey: parsed.apiKey };
}
