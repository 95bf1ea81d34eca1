import { entry } from './indexed';

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
    // Built as one node per state, so a state's edges and words are never looked up by a number.
    type Node = { edges: Map<number, number>; own: number[] };
    const root: Node = { edges: new Map(), own: [] };
    const nodes: Node[] = [root];
    words.forEach((word, index) => {
      let node = root;
      for (let k = 0; k < word.length; k++) {
        const c = symbolOf(word.charCodeAt(k));
        if (c === OTHER) throw new Error(`a word of letters, space, '_' and '-' only: ${word}`);
        const known = node.edges.get(c);
        const next = known === undefined ? nodes.length : known;
        if (known === undefined) {
          nodes.push({ edges: new Map(), own: [] });
          node.edges.set(c, next);
        }
        node = entry(nodes, next);
      }
      node.own.push(index);
    });
    const goto = nodes.map((n) => n.edges);
    const states = goto.length;
    const built = new Int32Array(states * SYMBOLS);
    const failure = new Int32Array(states);
    const outputs: number[][] = nodes.map((n) => [...n.own]);
    // Breadth first, so a state's failure target is finished before the state itself.
    const queue: number[] = [];
    for (let c = 0; c < SYMBOLS; c++) {
      const next = entry(goto, 0).get(c) ?? 0;
      built[c] = next;
      if (next !== 0) queue.push(next);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = entry(queue, head);
      const fallback = entry(failure, state);
      entry(outputs, state).push(...entry(outputs, fallback));
      for (let c = 0; c < SYMBOLS; c++) {
        const next = entry(goto, state).get(c);
        if (next === undefined) {
          built[state * SYMBOLS + c] = entry(built, fallback * SYMBOLS + c);
          continue;
        }
        failure[next] = entry(built, fallback * SYMBOLS + c);
        built[state * SYMBOLS + c] = next;
        queue.push(next);
      }
    }
    const hasOutput = (old: number) => entry(outputs, old).length > 0;
    const wordLength = (word: number) => entry(words, word).length;
    // Renumber: the root stays 0, states without words next, states where words end last.
    const order = [...Array(states).keys()].sort(
      (a, b) => Number(hasOutput(a)) - Number(hasOutput(b)) || a - b,
    );
    const renamed = new Int32Array(states);
    order.forEach((old, now) => (renamed[old] = now));
    const delta = new Int32Array(states * SYMBOLS);
    for (let old = 0; old < states; old++) {
      for (let c = 0; c < SYMBOLS; c++)
        delta[entry(renamed, old) * SYMBOLS + c] = entry(renamed, entry(built, old * SYMBOLS + c));
    }
    this.delta = delta;
    this.firstOutput = order.findIndex(hasOutput);
    if (this.firstOutput === -1) this.firstOutput = states;
    this.outputs = order
      .slice(this.firstOutput)
      .map((old) => entry(outputs, old).sort((a, b) => wordLength(b) - wordLength(a)));
  }

  /** Every occurrence, as flat [end, word, end, word, …] in order of end (longest first at one end). */
  scan(text: string): number[] {
    const hits: number[] = [];
    const delta = this.delta;
    const firstOutput = this.firstOutput;
    let state = 0;
    for (let at = 0; at < text.length; at++) {
      // A state and a symbol index the full table by construction: 0 where nothing is stored.
      state = delta[(state << 5) | symbolOf(text.charCodeAt(at))] ?? 0;
      if (state < firstOutput) continue;
      for (const word of entry(this.outputs, state - firstOutput)) hits.push(at + 1, word);
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

function symbolOf(code: number): number {
  return SYMBOL[code] ?? OTHER;
}
