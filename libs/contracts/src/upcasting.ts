/**
 * Versioned payloads: a new payload shape is a new `version`; readers upcast old versions to the
 * current one before validating. An upcaster lifts a payload exactly one version.
 */
export type Upcaster = (payload: unknown) => unknown;
export type UpcasterRegistry = Record<string, { current: number; steps: Record<number, Upcaster> }>;

export class UpcastError extends Error {
  constructor(
    readonly type: string,
    readonly version: number,
    message: string,
  ) {
    super(message);
  }
}

export function upcast(
  registry: UpcasterRegistry,
  type: string,
  version: number,
  payload: unknown,
): { version: number; payload: unknown } {
  const entry = registry[type];
  const current = entry?.current ?? 1;
  if (version > current)
    throw new UpcastError(
      type,
      version,
      `${type} v${version} is newer than this reader (v${current})`,
    );
  let value = payload;
  for (let v = version; v < current; v += 1) {
    const step = entry?.steps[v];
    if (!step) throw new UpcastError(type, v, `no upcaster from ${type} v${v} to v${v + 1}`);
    value = step(value);
  }
  return { version: current, payload: value };
}

/**
 * The production registry. TurnRecorded v1 (the first wire format) sent `content`; v2 calls it `text`
 * and adds tool calls. Producers may still send v1.
 */
export const upcasters: UpcasterRegistry = {
  TurnRecorded: {
    current: 2,
    steps: {
      1: (payload) => {
        const { content, ...rest } = (payload ?? {}) as Record<string, unknown>;
        return 'text' in rest ? rest : { ...rest, text: content };
      },
    },
  },
};
