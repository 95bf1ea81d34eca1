import { z } from 'zod';
import { logProject, parseEnv, subjectToken, type EnvironmentVariables } from '@mnemo/contracts';

export const LOGS_CONFIG = 'LOGS_CONFIG';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

/**
 * The logs service's environment. Every source is off until configured: reading a host's logs is
 * something its operator chooses, like the paid loops.
 */
export const LogsEnv = z.object({
  /** The account and project the host's sources (journald, files) write to. */
  MNEMO_LOGS_ACCOUNT: subjectToken.default('local'),
  MNEMO_LOGS_PROJECT: logProject.default('default'),
  MNEMO_LOGS_JOURNALD: flag,
  /** A journal directory (`journalctl -D`), else the host's journal. */
  MNEMO_LOGS_JOURNALD_DIRECTORY: z.string().min(1).optional(),
  /** Where a journald source with no stored cursor starts (`journalctl --since`). */
  MNEMO_LOGS_JOURNALD_SINCE: z.string().min(1).default('-1h'),
  MNEMO_LOGS_JOURNALCTL: z.string().min(1).default('journalctl'),
  /** Log files to tail, comma-separated; none by default. */
  MNEMO_LOGS_FILES: z.string().default(''),
  /** `POST /v1/logs` (OTLP JSON) accepts logs. */
  MNEMO_LOGS_OTLP: flag,
  /** A source writes what it folded at least this often (and sooner when a window fills). */
  MNEMO_LOGS_FLUSH_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /** How often a tailed file is looked at for new lines, rotation and truncation. */
  MNEMO_LOGS_FILE_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(1000),
});

/** The settings the service runs on, each read from its variables: the one definition of LogsConfig. */
const LogsSettings = LogsEnv.transform((e) => ({
  accountId: e.MNEMO_LOGS_ACCOUNT,
  project: e.MNEMO_LOGS_PROJECT,
  journald: {
    enabled: e.MNEMO_LOGS_JOURNALD,
    ...(e.MNEMO_LOGS_JOURNALD_DIRECTORY ? { directory: e.MNEMO_LOGS_JOURNALD_DIRECTORY } : {}),
    since: e.MNEMO_LOGS_JOURNALD_SINCE,
    command: e.MNEMO_LOGS_JOURNALCTL,
  },
  files: e.MNEMO_LOGS_FILES.split(',')
    .map((file) => file.trim())
    .filter(Boolean),
  otlp: e.MNEMO_LOGS_OTLP,
  flushMs: e.MNEMO_LOGS_FLUSH_MS,
  filePollMs: e.MNEMO_LOGS_FILE_POLL_MS,
}));

export type LogsConfig = z.infer<typeof LogsSettings>;

/** Parsed once at start; a bad value stops the start with the variable and the reason. */
export function parseLogsConfig(env: EnvironmentVariables): LogsConfig {
  return parseEnv(LogsSettings, env);
}
