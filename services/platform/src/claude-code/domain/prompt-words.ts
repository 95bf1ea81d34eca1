/**
 * The words of a prompt that name things in a project: files (`useFilters.ts`, `src/contracts`), packages
 * (`lodash-es`, `node:test`), symbols (`PricingService`, `for_each`, `%w`), commands (`--verbose`). Recall
 * weighs these most (issue 28): sent first and again, they hold more of the question's weight than the
 * everyday words around them.
 */
const IDENTIFIER =
  /(?:[\w@-]+[./:][\w./:-]*\w|\b[a-z]+[A-Z]\w*|\b[A-Z][a-z]+[A-Z]\w*|\b\w+_\w+\b|--?[a-z][\w-]+|`[^`]{2,60}`|%\w)/g;

export function identifierWords(prompt: string): string[] {
  const found = prompt.match(IDENTIFIER) ?? [];
  return [...new Set(found.map((word) => word.replace(/`/g, '').replace(/[.:]+$/, '')))].filter(
    (word) => word.length >= 2,
  );
}

/** The recall question for a prompt: its identifiers first, then the prompt itself, at most `max` characters. */
export function weightedQuery(prompt: string, max: number): string {
  const flat = prompt.replace(/\s+/g, ' ').trim();
  const names = identifierWords(flat);
  return (names.length > 0 ? `${names.join(' ')} ${flat}` : flat).slice(0, max);
}
