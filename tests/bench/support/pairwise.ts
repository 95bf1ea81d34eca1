/** Pairwise precision, recall and F1: the pairs of sessions a grouping puts together, against the labels'. */
export function pairwise(found: string[][], labelled: string[][]) {
  const pairs = (groups: string[][]) => {
    const set = new Set<string>();
    for (const group of groups)
      for (let i = 0; i < group.length; i++)
        for (let j = i + 1; j < group.length; j++)
          set.add([group[i], group[j]].sort().join('\u0000'));
    return set;
  };
  const f = pairs(found);
  const l = pairs(labelled);
  const tp = [...f].filter((p) => l.has(p)).length;
  const precision = f.size ? tp / f.size : l.size ? 0 : 1;
  const recall = l.size ? tp / l.size : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, found: f.size, labelled: l.size };
}
