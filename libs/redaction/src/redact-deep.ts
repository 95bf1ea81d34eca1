import { redact } from './redact';
import { placeholder } from './secret-kind';
import { namesSecret } from './secret-names';

export interface DeepRedaction<T> {
  readonly value: T;
  /** How many secrets were replaced, across every string in the value. */
  readonly count: number;
}

const WHOLE_PLACEHOLDER = /^\[REDACTED:[a-z0-9_]+\]$/;

/**
 * Redacts every string inside a JSON-like value (event payloads, log objects).
 * Keys are kept; a non-empty string under a key that names a secret is replaced
 * whole, because its shape may be anything (a password has none).
 * Returns new containers; the input is never mutated.
 */
export function redactDeep<T>(value: T): DeepRedaction<T> {
  let count = 0;
  const ancestors = new Set<object>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const r = redact(v);
      count += r.findings.length;
      return r.text;
    }
    if (v === null || typeof v !== 'object') return v;
    // Not JSON, but a log object may carry one; keep walking finite instead of overflowing.
    if (ancestors.has(v)) return '[Circular]';
    if (!Array.isArray(v) && !isPlainObject(v)) return v;
    ancestors.add(v);
    const out = Array.isArray(v) ? v.map(walk) : walkObject(v);
    ancestors.delete(v);
    return out;
  };
  const walkObject = (v: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(v)) {
      if (
        typeof inner === 'string' &&
        inner.length > 0 &&
        namesSecret(key) &&
        !WHOLE_PLACEHOLDER.test(inner)
      ) {
        count++;
        out[key] = placeholder('secret');
      } else {
        out[key] = walk(inner);
      }
    }
    return out;
  };
  return { value: walk(value) as T, count };
}

function isPlainObject(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
