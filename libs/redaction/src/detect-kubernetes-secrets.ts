import { isReference } from './references';
import { type Candidate, RANK_SHAPE } from './secret-kind';
import { captured, entry } from './indexed';

/** `kind: Secret` on a line of its own, after a real or a JSON-escaped line break. */
const YAML_KIND = /(?:^|\n|\\n)[ \t]*kind:[ \t]*["']?Secret["']?[ \t]*(?=$|\r?\n|\\[rn]|#)/g;
const JSON_KIND = /\\?"kind\\?"\s*:\s*\\?"Secret\\?"/;
const JSON_DATA = /\\?"(?:data|stringData)\\?"\s*:\s*\{([^{}]*)\}/g;
const JSON_VALUE = /\\?"[^"\\]*\\?"\s*:\s*\\?"(?<secret>[^"\\]+)\\?"/dg;
const LINE_BREAK = /\r?\n|\\r\\n|\\n/g;

interface Line {
  readonly start: number;
  readonly text: string;
}

/**
 * The values of a Kubernetes `Secret` (`data:` holds base64, `stringData:` plain
 * text): base64 has no shape worth a rule, so the manifest decides. Works on
 * manifests pasted as they are and inside JSON-escaped tool output.
 */
export function detectKubernetesSecrets(text: string): Candidate[] {
  if (!text.includes('Secret') || !text.includes('ata')) return [];
  const found: Candidate[] = [];
  let doneUntil = -1;
  for (const m of text.matchAll(YAML_KIND)) {
    if (m.index < doneUntil) continue;
    const lines = documentLines(text, m.index);
    yamlSecret(lines, found);
    const last = lines[lines.length - 1];
    doneUntil = last ? last.start + last.text.length : m.index + 1;
  }
  if (JSON_KIND.test(text)) {
    for (const data of text.matchAll(JSON_DATA)) {
      const bodyStart = data.index + data[0].indexOf('{') + 1;
      for (const v of (data[1] ?? '').matchAll(JSON_VALUE)) {
        const secret = captured(v, 'secret');
        if (secret && !isReference(secret.value))
          found.push(secretAt(bodyStart + secret.start, bodyStart + secret.end));
      }
    }
  }
  return found;
}

const secretAt = (start: number, end: number): Candidate => ({
  kind: 'kubernetes_secret',
  start,
  end,
  rank: RANK_SHAPE,
});

/** The lines of the YAML document around `at`, between `---` separators. */
function documentLines(text: string, at: number): Line[] {
  const all: Line[] = [];
  let start = 0;
  for (const m of text.matchAll(LINE_BREAK)) {
    all.push({ start, text: text.slice(start, m.index) });
    start = m.index + m[0].length;
  }
  all.push({ start, text: text.slice(start) });
  let here = all.findIndex((l) => l.start + l.text.length >= at);
  if (here === -1) here = all.length - 1;
  let first = here;
  while (first > 0 && !isSeparator(entry(all, first - 1).text)) first--;
  let last = here;
  while (last < all.length - 1 && !isSeparator(entry(all, last + 1).text)) last++;
  return all.slice(first, last + 1);
}

const isSeparator = (line: string): boolean => /^(?:---|\.\.\.)\s*$/.test(line);

/** Every value under `data:` / `stringData:`, block scalars included. */
function yamlSecret(lines: readonly Line[], found: Candidate[]): void {
  let dataIndent = -1;
  let blockIndent = -1;
  for (const { start: offset, text: line } of lines) {
    const indent = line.length - line.trimStart().length;
    const content = line.trim();
    if (blockIndent >= 0) {
      if (content === '' || indent > blockIndent) {
        if (content !== '') found.push(secretAt(offset + indent, offset + line.trimEnd().length));
        continue;
      }
      blockIndent = -1;
    }
    if (dataIndent >= 0 && content !== '' && indent <= dataIndent) dataIndent = -1;
    if (/^(?:data|stringData):\s*$/.test(content)) dataIndent = indent;
    else if (dataIndent >= 0 && content !== '' && !content.startsWith('#')) {
      const pair = /^(["']?[\w.-]+["']?[ \t]*:[ \t]*)(.*)$/.exec(line.slice(indent));
      const [, key, rest] = pair ?? [];
      if (key === undefined || rest === undefined) continue;
      // Inside JSON-escaped text the document ends at the string's closing quote.
      const raw = rest.trimEnd();
      const value = /^["']/.test(raw) ? raw : raw.replace(/["\\].*$/, '');
      const start = offset + indent + key.length;
      if (/^[|>][-+]?$/.test(value)) blockIndent = indent;
      else if (value !== '' && value !== '""' && value !== "''" && !isReference(value))
        found.push(secretAt(start, start + value.length));
    }
  }
}
