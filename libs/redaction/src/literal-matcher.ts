/**
 * Literal words as a trie over ASCII code units, walked by hand at a position: the longest word
 * there. The same answer as the `literalTrie` regex tried at that position, for callers that pick
 * their positions themselves (word starts, inside runs) and so need no regex search over all text.
 * Case-insensitive here means ASCII folding, which is what a regex `i` without `u` does for ASCII
 * words: no character above 127 folds to one below.
 */
export class LiteralMatcher {
  /** state * 128 + code → next state; 0 is "none" (the root is never a target). */
  private readonly next: Int32Array;
  /** state → index of the word that ends there, or -1. */
  private readonly ends: Int32Array;
  /** code → 1 when some word starts with it (either case, when folding). */
  readonly first = new Uint8Array(128);
  /** first * 128 + second → 1 when some word starts with those two codes (either case, when folding). */
  private readonly pairs = new Uint8Array(128 * 128);

  constructor(
    readonly words: readonly string[],
    private readonly fold = false,
  ) {
    const size = 1 + words.reduce((n, w) => n + w.length, 0);
    this.next = new Int32Array(size * 128);
    this.ends = new Int32Array(size).fill(-1);
    let states = 1;
    words.forEach((word, index) => {
      let state = 0;
      for (let k = 0; k < word.length; k++) {
        const c = this.code(word.charCodeAt(k));
        if (c < 0) throw new Error(`not an ASCII word: ${word}`);
        const slot = state * 128 + c;
        if (this.next[slot] === 0) this.next[slot] = states++;
        state = this.next[slot]!;
      }
      if (this.ends[state] === -1) this.ends[state] = index;
      if (word.length < 2) throw new Error(`a word needs two characters: ${word}`);
      for (const a of this.cases(word.charCodeAt(0))) {
        this.first[a] = 1;
        for (const b of this.cases(word.charCodeAt(1))) this.pairs[a * 128 + b] = 1;
      }
    });
  }

  /** Whether some word can start at `at`: its first two characters, from a table, before any walk. */
  mayStartAt(text: string, at: number): boolean {
    if (at + 1 >= text.length) return false;
    const a = text.charCodeAt(at);
    const b = text.charCodeAt(at + 1);
    return a < 128 && b < 128 && this.pairs[a * 128 + b] === 1;
  }

  /** Index in `words` of the longest word at `at`, or -1. */
  longestAt(text: string, at: number): number {
    let state = 0;
    let found = -1;
    for (let k = at; k < text.length; k++) {
      const c = this.code(text.charCodeAt(k));
      if (c < 0) break;
      state = this.next[state * 128 + c]!;
      if (state === 0) break;
      const end = this.ends[state] ?? -1;
      if (end !== -1) found = end;
    }
    return found;
  }

  private cases(c: number): number[] {
    const folded = this.code(c);
    return this.fold && folded >= 97 && folded <= 122 ? [folded, folded - 32] : [c];
  }

  private code(c: number): number {
    if (c >= 128) return -1;
    return this.fold && c >= 65 && c <= 90 ? c + 32 : c;
  }
}
