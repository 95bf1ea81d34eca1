/**
 * One regex alternation for many literal words, factored by shared prefixes
 * (`ghp_|gho_|glpat-` becomes `g(?:h(?:p_|o_)|lpat-)`), so the engine decides
 * at each position with one character test instead of trying every word.
 */
export function literalTrie(words: readonly string[], caseInsensitive = false): string {
  interface Node {
    end: boolean;
    next: Map<string, Node>;
  }
  const root: Node = { end: false, next: new Map() };
  for (const word of words) {
    let node = root;
    for (const ch of caseInsensitive ? word.toLowerCase() : word) {
      let child = node.next.get(ch);
      if (!child) {
        child = { end: false, next: new Map() };
        node.next.set(ch, child);
      }
      node = child;
    }
    node.end = true;
  }
  const emit = (node: Node): string => {
    const branches = [...node.next].map(([ch, child]) => escape(ch) + emit(child));
    const [only, ...more] = branches;
    if (only === undefined) return '';
    // Longest first: a shorter word that is a prefix of a longer one is the fallback.
    const body = more.length === 0 ? only : `(?:${branches.join('|')})`;
    return node.end ? `(?:${body})?` : body;
  };
  return emit(root);
}

const escape = (ch: string): string => ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
