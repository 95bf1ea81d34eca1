import type { SecretKind } from '../secret-kind';

/**
 * A provider-shaped token: a literal prefix (or a short regex trigger) that one
 * shared scan looks for, and the full shape tried only where that scan stopped.
 */
export interface TokenRule {
  readonly kind: SecretKind;
  /** Case-sensitive literal prefixes; every rule's prefixes share one trie-shaped scan. */
  readonly prefixes?: readonly string[];
  /**
   * A regex trigger for shapes without a literal prefix (kept few: each one costs a scan step). Without
   * `back` and with a pattern that starts at B, it is tried at word starts only; otherwise it is
   * searched for, so it should start with a rare literal (`Q~`, `:AA`), not a class such as `\d`.
   */
  readonly trigger?: string;
  /** How far before the trigger the shape may start (`abc8Q~…` has four characters before its marker). */
  readonly back?: number;
  /**
   * For a literal trigger with `back`: the shape's length, from `min` to `max`, and the characters it
   * cannot be followed by (a regex class body). A shape can only start at a trigger with an end in
   * reach, so a text that is all triggers and no end is passed over in one walk, not matched at each
   * trigger (1 MB of `1Q~` took 1.6 s). Must agree with `pattern`: it is a condition the pattern implies.
   */
  readonly reach?: { readonly min: number; readonly max: number; readonly continuedBy: string };
  /** Full shape. Anchored at the trigger unless `back` is set. A `secret` group narrows what is replaced. */
  readonly pattern: string;
  /** Rejects shape matches that are plainly not random (words, names). */
  readonly accept?: (secret: string) => boolean;
}

/**
 * Left boundary: the token must not continue a word. A letter after a backslash
 * still counts as a boundary so `\nghp_…` inside JSON-escaped tool output matches,
 * and so do the digits of a URL-encoded character (`%3DeyJ…`, `%2Fghp_…`);
 * a `]` counts as a word so text glued to a placeholder is judged the same on a
 * second pass (idempotency).
 */
export const B = String.raw`(?<!(?<!\\|%[0-9A-Fa-f]?)[A-Za-z0-9_\]])`;
/** Right boundary for fixed-length shapes: a longer run is some other thing. */
export const E = '(?![A-Za-z0-9])';

export const hasDigit = (s: string): boolean => /\d/.test(s);
export const hasMixedCase = (s: string): boolean => /[a-z]/.test(s) && /[A-Z]/.test(s);
export const randomish = (s: string): boolean => hasDigit(s) && /[A-Za-z]/.test(s);
/** At least two of lower, upper, digit: random base62 always has them, identifiers rarely do. */
export const mixed = (s: string): boolean =>
  Number(/[a-z]/.test(s)) + Number(/[A-Z]/.test(s)) + Number(/\d/.test(s)) >= 2;

export const decodesTo = (s: string, test: (decoded: string) => boolean): boolean => {
  try {
    return test(atob(s.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return false;
  }
};
