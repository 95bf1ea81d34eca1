// stopword ships no types for its CommonJS build; the part of its API the learning corpus uses.
declare module 'stopword' {
  /** English stop words, lowercase. */
  export const eng: readonly string[];
}
