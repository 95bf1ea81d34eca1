import { z } from 'zod';

/** An answer's item, and whether it came from outside the current project (said beside it, so the agent weighs it). */
export interface Placed<T> {
  item: T;
  elsewhere: boolean;
}

/**
 * The current project's answer first; when it holds fewer than `want`, the best of everywhere else
 * after it, without repeats. A project the agent names is the only one asked; with no project known,
 * everywhere is asked once. `projectOf` tells an item's own project where the answer carries it.
 */
export async function projectFirst<T>(
  ask: (project: string | undefined) => Promise<T[]>,
  options: {
    named?: string;
    current?: string;
    want: number;
    key: (item: T) => string;
    projectOf?: (item: T) => string | null | undefined;
  },
): Promise<Array<Placed<T>>> {
  const here = (items: T[]) => items.map((item) => ({ item, elsewhere: false }));
  if (options.named) return here(await ask(options.named));
  if (!options.current) return here(await ask(undefined));
  const scoped = await ask(options.current);
  if (scoped.length >= options.want) return here(scoped);
  const seen = new Set(scoped.map(options.key));
  const wider = (await ask(undefined)).filter((item) => !seen.has(options.key(item)));
  const elsewhere = (item: T) =>
    options.projectOf ? options.projectOf(item) !== options.current : true;
  return [...here(scoped), ...wider.map((item) => ({ item, elsewhere: elsewhere(item) }))].slice(
    0,
    options.want,
  );
}

/** Said after an item from outside the current project. */
export const ELSEWHERE = (project: unknown) =>
  ` · another project${typeof project === 'string' && project ? ` (${project})` : ''}`;

export const projectInput = (what: string) =>
  z
    .string()
    .max(2000)
    .optional()
    .describe(
      `Only this repository (its root path). Default: ${what} in the current repository first, then from others, marked as such.`,
    );
