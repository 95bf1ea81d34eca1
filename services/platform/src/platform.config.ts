import path from 'node:path';
import { z } from 'zod';
import { parseEnv } from '@mnemo/contracts';
import { parseTrailKeys } from '@mnemo/eventing';

export { ConfigError } from '@mnemo/contracts';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(
      z
        .url()
        .refine(
          (value) => protocols.some((p) => value.startsWith(`${p}://`)),
          `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
        )
        .optional(),
    )
    .optional();

/** One server URL or several, comma-separated (the nodes of a cluster: the client fails over between them). */
const optionalUrlList = (protocols: string[]) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .refine(
          (value) =>
            value
              .split(',')
              .every(
                (url) =>
                  z.url().safeParse(url.trim()).success &&
                  protocols.some((p) => url.trim().startsWith(`${p}://`)),
              ),
          `must be one URL or a comma-separated list, each starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
        )
        .optional(),
    )
    .optional();

const port = z.coerce.number().int().min(0).max(65535);

/** The platform's environment, parsed once at start; names are the variables, values their defaults. */
export const PlatformEnv = z.object({
  NATS_URL: optionalUrlList(['nats', 'tls']),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  MNEMO_DATA_DIR: z.string().min(1).default('./.mnemo'),
  MNEMO_HTTP_PORT: port.default(8080),
  MNEMO_HTTP_HOST: z.string().min(1).default('127.0.0.1'),
  MNEMO_GRPC_PORT: port.default(50051),
  MNEMO_ADMIN_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  MNEMO_DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  MNEMO_DB_IO_CONCURRENCY: z.coerce.number().int().min(0).max(1000).default(64),
  MNEMO_DB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'lowercase letters, digits and _ only')
    .optional(),
  MNEMO_STREAM_PREFIX: z
    .string()
    .regex(/^[A-Z0-9_]+$/, 'uppercase letters, digits and _ only')
    .default('MNEMO'),
  /** Copies JetStream keeps of each Mnemo stream: 1 on a single server, 3 on a three-node cluster (at most the cluster's size). */
  MNEMO_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  MNEMO_SUBJECT_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'lowercase letters, digits and _ only')
    .default('mnemo'),
  MNEMO_CACHE_PREFIX: z.string().default('mnemo:'),
  MNEMO_MAX_DELIVER: z.coerce.number().int().min(1).max(100).default(5),
  MNEMO_ACK_WAIT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * JetStream's duplicate window (Nats-Msg-Id), the first line of idempotency; the accepted-id record keeps
   * ids this long plus as much again (at most an hour more), the stored events' durable keys for good (docs/event-log.md).
   */
  MNEMO_DUPLICATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(24 * 60 * 60 * 1000),
  /** How often a process runs the database's upkeep: accepted-id compaction, VACUUM when autovacuum is off. */
  MNEMO_DB_MAINTENANCE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60 * 1000),
  MNEMO_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  /**
   * The keys the proposal trail is sealed with, `id:base64key[,…]` (32 bytes each, newest first: the
   * first seals, any opens); unset, the embedded public key (docs/memory-facts.md).
   */
  MNEMO_TRAIL_KEYS: z
    .string()
    .trim()
    .optional()
    .superRefine((spec, ctx) => {
      if (!spec) return;
      try {
        parseTrailKeys(spec);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  /** The built web UI the gateway serves at `/` (npm install builds it there); empty serves none. */
  MNEMO_WEB_DIR: z.string().trim().default(path.resolve(__dirname, '../../../apps/web/dist')),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
});

export type PlatformConfig = z.infer<typeof PlatformEnv>;

/** Parses the environment; a bad variable stops the start with its name and the reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  return parseEnv(PlatformEnv, env);
}
