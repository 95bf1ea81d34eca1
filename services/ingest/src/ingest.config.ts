import { homedir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseEnv, subjectToken, type EnvironmentVariables } from '@mnemo/contracts';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** The ingest service's environment (its transcript loop); names are the variables, values their defaults. */
export const IngestEnv = z.object({
  /** Master switch of the periodic loop; the admin trigger and the CLI work either way. */
  MNEMO_SESSION_INGEST_ENABLED: flag.default(true),
  MNEMO_SESSION_INGEST_INTERVAL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /** Wait after start before a due run, so a restart storm does not re-walk the disk at once. */
  MNEMO_SESSION_INGEST_BOOT_DELAY_MS: z.coerce.number().int().min(0).default(5_000),
  MNEMO_TRANSCRIPTS_ROOT: z.string().trim().min(1).optional(),
  /** The account loop-ingested transcripts belong to: the embedded local account unless set. */
  MNEMO_TRANSCRIPTS_ACCOUNT: subjectToken.default('local'),
  /** Sessions that ended within this many days are re-judged against git by every run. */
  MNEMO_SESSION_OUTCOME_RECHECK_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Who ran the loop's sessions (SessionStarted's developer): the OS user unless set. */
  MNEMO_DEVELOPER: z.string().trim().min(1).max(200).optional(),
  /** One project for every session the loop reads, instead of the git root of each session's cwd. */
  MNEMO_PROJECT: z.string().trim().min(1).max(2000).optional(),
});

export const defaultTranscriptsRoot = (): string => path.join(homedir(), '.claude', 'projects');

/** The settings the service runs on, each read from its variables: the one definition of IngestConfig. */
const IngestSettings = IngestEnv.transform((e) => ({
  enabled: e.MNEMO_SESSION_INGEST_ENABLED,
  intervalMs: Math.round(e.MNEMO_SESSION_INGEST_INTERVAL_HOURS * 3_600_000),
  bootDelayMs: e.MNEMO_SESSION_INGEST_BOOT_DELAY_MS,
  root: expandHome(e.MNEMO_TRANSCRIPTS_ROOT ?? defaultTranscriptsRoot()),
  accountId: e.MNEMO_TRANSCRIPTS_ACCOUNT,
  recheckDays: e.MNEMO_SESSION_OUTCOME_RECHECK_DAYS,
  ...(e.MNEMO_DEVELOPER ? { developer: e.MNEMO_DEVELOPER } : {}),
  ...(e.MNEMO_PROJECT ? { project: e.MNEMO_PROJECT } : {}),
}));

export type IngestConfig = z.infer<typeof IngestSettings>;

/** Reads ingest's settings from the environment the platform passes; a bad value throws ConfigError naming the variable. */
export function loadIngestConfig(env: EnvironmentVariables): IngestConfig {
  return parseEnv(IngestSettings, env);
}

export function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? path.join(homedir(), p.slice(1)) : path.resolve(p);
}
