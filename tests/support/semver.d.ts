// semver ships no types; the part of its API the engines contract uses.
declare module 'semver' {
  /** Whether every version `sub` admits is one `sup` admits too. */
  export function subset(sub: string, sup: string): boolean;
  export function validRange(range: string): string | null;
}
