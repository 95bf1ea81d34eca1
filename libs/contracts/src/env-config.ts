import type { z } from 'zod';
import { MnemoError } from './errors';

export type EnvironmentVariables = Readonly<Record<string, string | undefined>>;

/** A bad environment: each problem names the variable and the reason; the start stops on it. */
export class ConfigError extends MnemoError {
  constructor(readonly problems: string[]) {
    super('bad_configuration', `bad configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`, {
      problems,
    });
  }
}

/** Parses a service's environment with its zod schema, once at start; a failure throws ConfigError (`VARIABLE: reason`). */
export function parseEnv<T extends z.ZodType>(schema: T, env: EnvironmentVariables): z.output<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success)
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
      ),
    );
  return parsed.data;
}
