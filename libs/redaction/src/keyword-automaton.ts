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
  /** state - firstOutput → the words that end there (its own and its suffixes'), longest first. */
  private readonly outputs: ReadonlyArray<readonly number[]>;
  /** States are numbered so that those where a word ends come last: one comparison per character tells. */
  private readonly firstOutput: number;

  constructor(readonly words: readonly string[]) {
    const goto: Array<Map<number, number>> = [new Map()];
    const own: number[][] = [[]];
    words.forEach((word, index) => {
      let state = 0;
      for (let k = 0; k < word.length; k++) {
        const c = SYMBOL[word.charCodeAt(k)];
        if (c === OTHER) throw new Error(`a word of letters, space, '_' and '-' only: ${word}`);
        let next = goto[state].get(c);
        if (next === undefined) {
          next = goto.length;
          goto.push(new Map());
          own.push([]);
          goto[state].set(c, next);
        }
        state = next;
      }
      own[state].push(index);
    });
    const states = goto.length;
    const built = new Int32Array(states * SYMBOLS);
    const failure = new Int32Array(states);
    const outputs: number[][] = own.map((o) => [...o]);
    // Breadth first, so a state's failure target is finished before the state itself.
    const queue: number[] = [];
    for (let c = 0; c < SYMBOLS; c++) {
      const next = goto[0].get(c) ?? 0;
      built[c] = next;
      if (next !== 0) queue.push(next);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head];
      outputs[state].push(...outputs[failure[state]]);
      for (let c = 0; c < SYMBOLS; c++) {
        const next = goto[state].get(c);
        if (next === undefined) {
          built[state * SYMBOLS + c] = built[failure[state] * SYMBOLS + c]!;
          continue;
        }
        failure[next] = built[failure[state] * SYMBOLS + c]!;
        built[state * SYMBOLS + c] = next;
        queue.push(next);
      }
    }
    // Renumber: the root stays 0, states without words next, states where words end last.
    const order = [...Array(states).keys()].sort(
      (a, b) => Number(outputs[a].length > 0) - Number(outputs[b].length > 0) || a - b,
    );
    const renamed = new Int32Array(states);
    order.forEach((old, now) => (renamed[old] = now));
    const delta = new Int32Array(states * SYMBOLS);
    for (let old = 0; old < states; old++) {
      for (let c = 0; c < SYMBOLS; c++)
        delta[renamed[old] * SYMBOLS + c] = renamed[built[old * SYMBOLS + c]]!;
    }
    this.delta = delta;
    this.firstOutput = order.findIndex((old) => outputs[old].length > 0);
    if (this.firstOutput === -1) this.firstOutput = states;
    this.outputs = order
      .slice(this.firstOutput)
      .map((old) => outputs[old].sort((a, b) => words[b].length - words[a].length));
  }

  /** Every occurrence, as flat [end, word, end, word, …] in order of end (longest first at one end). */
  scan(text: string): number[] {
    const hits: number[] = [];
    const delta = this.delta;
    const firstOutput = this.firstOutput;
    let state = 0;
    for (let at = 0; at < text.length; at++) {
      state = delta[(state << 5) | SYMBOL[text.charCodeAt(at)]]!;
      if (state < firstOutput) continue;
      for (const word of this.outputs[state - firstOutput]) hits.push(at + 1, word);
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
