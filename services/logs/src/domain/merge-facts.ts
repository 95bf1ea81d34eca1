import { logSeverities, type LogSeverity, type LogTemplateDelta } from '@mnemo/contracts';

/** A template's facts as its read model keeps them (hours are kept apart, one row per hour). */
export interface TemplateFacts {
  template: string;
  count: number;
  firstSeenAt: string;
  lastSeenAt: string;
  severities: Partial<Record<LogSeverity, number>>;
  units: Record<string, number>;
  hosts: Record<string, number>;
  examples: string[];
  shapes: Record<string, number>;
}

const MAX_KEYS = 10;
const MAX_SHAPES = 20;
const MAX_EXAMPLES = 3;

/**
 * Adds a window's delta to a template's facts. Counts add; the first and last times widen; the
 * bounded maps keep their most frequent keys; examples keep the first three met.
 */
export function mergeFacts(
  current: TemplateFacts | undefined,
  delta: LogTemplateDelta,
): TemplateFacts {
  if (!current)
    return {
      template: delta.template,
      count: delta.count,
      firstSeenAt: delta.firstSeenAt,
      lastSeenAt: delta.lastSeenAt,
      severities: { ...delta.severities },
      units: top(delta.units, MAX_KEYS),
      hosts: top(delta.hosts, MAX_KEYS),
      examples: delta.examples.slice(0, MAX_EXAMPLES),
      shapes: top(delta.shapes, MAX_SHAPES),
    };
  const examples = [...current.examples];
  for (const example of delta.examples)
    if (examples.length < MAX_EXAMPLES && !examples.includes(example)) examples.push(example);
  return {
    template: delta.template,
    count: current.count + delta.count,
    firstSeenAt: earlier(current.firstSeenAt, delta.firstSeenAt),
    lastSeenAt: later(current.lastSeenAt, delta.lastSeenAt),
    severities: add(current.severities, delta.severities),
    units: top(add(current.units, delta.units), MAX_KEYS),
    hosts: top(add(current.hosts, delta.hosts), MAX_KEYS),
    examples,
    shapes: top(add(current.shapes, delta.shapes), MAX_SHAPES),
  };
}

/** The severity most of a template's lines had; the graver one on a tie, `unknown` only when alone. */
export function dominantSeverity(severities: Partial<Record<LogSeverity, number>>): LogSeverity {
  let best: LogSeverity = 'unknown';
  let bestCount = 0;
  for (const severity of logSeverities) {
    if (severity === 'unknown') continue;
    const n = severities[severity] ?? 0;
    if (n > bestCount) {
      best = severity;
      bestCount = n;
    }
  }
  return best;
}

function earlier(a: string, b: string): string {
  return Date.parse(a) <= Date.parse(b) ? a : b;
}

function later(a: string, b: string): string {
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

function add<K extends string>(
  a: Partial<Record<K, number>>,
  b: Partial<Record<K, number>>,
): Partial<Record<K, number>> {
  const sum: Partial<Record<K, number>> = { ...a };
  for (const key of Object.keys(b) as K[]) sum[key] = (sum[key] ?? 0) + (b[key] ?? 0);
  return sum;
}

/** The `limit` keys with the highest counts (ties by key, so the result does not depend on order). */
function top(counts: Partial<Record<string, number>>, limit: number): Record<string, number> {
  const entries = Object.entries(counts) as Array<[string, number]>;
  entries.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  return Object.fromEntries(entries.slice(0, limit));
}
