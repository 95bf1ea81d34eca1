/**
 * Aho–Corasick over ASCII with case folding: every occurrence of every word in one walk over the
 * text, one table lookup per character. It replaces case-insensitive regex searches for many words,
 * whose first letters cover most of the alphabet, so the regex engine tried its trie at almost every
 * position. Folding is what a regex `i` without `u` does for ASCII words: nothing above 127 folds
 * below it, so any other character simply matches no word.
 */
export class KeywordAutomaton {
  /** Full DFA: state * 32 + symbol → state (failure links resolved when built); small enough for the cache. */
  private readonly delta: Int32Array;
  /** state → the words that end there (its own and its suffixes'), longest first; empty for most. */
  private readonly outputs: ReadonlyArray<readonly number[]>;
  private readonly hasOutput: Uint8Array;

  constructor(readonly words: readonly string[]) {
    const goto: Array<Map<number, number>> = [new Map()];
    const own: number[][] = [[]];
    words.forEach((word, index) => {
      let state = 0;
      for (let k = 0; k < word.length; k++) {
        const c = SYMBOL[word.charCodeAt(k)]!;
        if (c === OTHER) throw new Error(`a word of letters, space, '_' and '-' only: ${word}`);
        let next = goto[state]!.get(c);
        if (next === undefined) {
          next = goto.length;
          goto.push(new Map());
          own.push([]);
          goto[state]!.set(c, next);
        }
        state = next;
      }
      own[state]!.push(index);
    });
    const states = goto.length;
    this.delta = new Int32Array(states * SYMBOLS);
    const failure = new Int32Array(states);
    const outputs: number[][] = own.map((o) => [...o]);
    // Breadth first, so a state's failure target is finished before the state itself.
    const queue: number[] = [];
    for (let c = 0; c < SYMBOLS; c++) {
      const next = goto[0]!.get(c) ?? 0;
      this.delta[c] = next;
      if (next !== 0) queue.push(next);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      outputs[state]!.push(...outputs[failure[state]!]!);
      for (let c = 0; c < SYMBOLS; c++) {
        const next = goto[state]!.get(c);
        if (next === undefined) {
          this.delta[state * SYMBOLS + c] = this.delta[failure[state]! * SYMBOLS + c]!;
          continue;
        }
        failure[next] = this.delta[failure[state]! * SYMBOLS + c]!;
        this.delta[state * SYMBOLS + c] = next;
        queue.push(next);
      }
    }
    this.outputs = outputs.map((o) => o.sort((a, b) => words[b]!.length - words[a]!.length));
    this.hasOutput = Uint8Array.from(outputs, (o) => (o.length > 0 ? 1 : 0));
  }

  /** Every occurrence, as flat [end, word, end, word, …] in order of end (longest first at one end). */
  scan(text: string): number[] {
    const hits: number[] = [];
    const delta = this.delta;
    const hasOutput = this.hasOutput;
    let state = 0;
    for (let at = 0; at < text.length; at++) {
      state = delta[(state << 5) | SYMBOL[text.charCodeAt(at)]!]!;
      if (hasOutput[state] === 0) continue;
      for (const word of this.outputs[state]!) hits.push(at + 1, word);
    }
    return hits;
  }
}

/** Symbols: 0 for any character no word has, then a–z (either case), space, '_' and '-'. */
const OTHER = 0;
const SYMBOLS = 32;
const SYMBOL = new Uint8Array(65536);
for (let c = 0; c < 26; c++) SYMBOL[97 + c] = SYMBOL[65 + c] = 1 + c;
SYMBOL[32] = 27;
SYMBOL[95] = 28;
SYMBOL[45] = 29;
