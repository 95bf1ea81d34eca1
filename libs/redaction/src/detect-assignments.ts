import { COOKIE_HEADER_NAME } from './detect-cookies';
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
    if (site.isProse || insideArn(text, site.start)) continue;
    // A cookie header holds many cookies, judged one by one (detect-cookies).
    if (site.end - site.start <= 10 && COOKIE_HEADER_NAME.test(text.slice(site.start, site.end)))
      continue;
    const value = parseAssignedValue(text, site) ?? codeLiteralValue(text, site);
    if (value === null) continue;
    found.push({ kind: site.nameKind, start: value.start, end: value.end, rank: RANK_ASSIGNMENT });
  }
  return found;
}

/** `arn:aws:secretsmanager:…:secret:prod/db`: a part of a resource name, not a key. */
const insideArn = (text: string, at: number): boolean =>
  text.charCodeAt(at - 1) === 58 &&
  /\barn:[\w-]+:[^\s"']*$/.test(text.slice(Math.max(0, at - 100), at));
