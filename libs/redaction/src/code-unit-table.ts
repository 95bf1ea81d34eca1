const ALL_CODE_UNITS = Array.from({ length: 65536 }, (_, c) => String.fromCharCode(c)).join('');

/**
 * A character set (a regex that matches one character) as a table over UTF-16 code units, 1 = in the set,
 * so a walk over a text tests a character by one lookup. One search over every code unit, not 65,536 tests.
 */
export function codeUnitTable(set: RegExp): Uint8Array {
  // the set's own flags count (an `i` set holds both cases); with `u` or `v` two code units can match as one
  if (/[uv]/.test(set.flags))
    throw new Error(`a code-unit table is built from a set without the u or v flag: ${set}`);
  const table = new Uint8Array(65536);
  for (const m of ALL_CODE_UNITS.matchAll(new RegExp(set.source, set.flags.replace('g', '') + 'g')))
    table[m.index] = 1;
  return table;
}
