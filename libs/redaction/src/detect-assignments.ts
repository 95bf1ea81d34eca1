import type { KeywordSite } from './keyword-sites';
import { type Candidate, RANK_ASSIGNMENT } from './secret-kind';
import { parseAssignedValue } from './parse-assigned-value';
import { codeLiteralValue } from './parse-code-literal';

/**
 * `key=value`, `key: value`, `"key": "value"`, `key='value'`, `--password value`,
 * `.env` lines: the key stays, only the value is replaced, so a reader still
 * knows which setting was there.
 */
export function detectAssignments(text: string, sites: readonly KeywordSite[]): Candidate[] {
  const found: Candidate[] = [];
  for (const site of sites) {
    if (site.isProse) continue;
    const value = parseAssignedValue(text, site) ?? codeLiteralValue(text, site);
    if (value === null) continue;
    found.push({ kind: site.nameKind, start: value.start, end: value.end, rank: RANK_ASSIGNMENT });
  }
  return found;
}
