import { type Candidate, RANK_SHAPE } from './secret-kind';

const BEGIN = /-{4,5} ?BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)? ?-{4,5}/g;
const END = /-{4,5} ?END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)? ?-{4,5}/g;
/**
 * PuTTY's .ppk, from its first line: the private lines and the MAC that follows them, or, cut short
 * before the MAC, the private lines that are there.
 */
const PUTTY =
  /PuTTY-User-Key-File-\d+:[^\n]*(?:\r?\n|(?:\\r)?\\n)(?:[\s\S]{0,2000}?)Private-Lines:[ \t]*\d+(?:(?:[\s\S]{0,20000}?Private-MAC:[ \t]*[0-9a-fA-F]+)|(?=\r?\n|\\r\\n|\\n))/dg;
/** Some key under a header: a run of base64 at least this long. */
const KEY_MATERIAL = /[A-Za-z0-9+/]{16}/;
/**
 * Body of a truncated block: whole lines of base64 (or blank), after real or JSON-escaped breaks; the
 * last may end in the sentence around it (`…as -----BEGIN…\nMIIE…xyz.`).
 */
const TRUNCATED_BODY =
  /(?:(?:\r?\n|\\r\\n|\\n)[ \t]*(?:[A-Za-z0-9+/=]*(?=\r?\n|\\[rn]|$|["'`])|[A-Za-z0-9+/=]{16,}|[A-Z][A-Za-z-]{2,30}:(?:[^\r\n\\]|\\")*(?=\r?\n|\\[rn]|$)))*/y;

/**
 * PEM/OpenSSH/PGP/SSH2 private-key blocks, spanning lines, with or without their END (a cut
 * block's body: lines of base64, indented or not, and `Comment:`-style header lines). Done with indexOf-style
 * scans rather than one lazy `[\s\S]*?` so many BEGINs without an END stay linear.
 */
export function detectPrivateKeys(text: string): Candidate[] {
  const found: Candidate[] = text.includes('PuTTY-User-Key-File-') ? puttyKeys(text) : [];
  if (!text.includes('PRIVATE KEY')) return found;
  const begin = new RegExp(BEGIN);
  const end = new RegExp(END);
  let noEndAfter = Infinity;
  let hit: RegExpExecArray | null;
  while ((hit = begin.exec(text)) !== null) {
    const start = hit.index;
    const bodyStart = start + hit[0].length;
    let stop: number;
    end.lastIndex = bodyStart;
    const close = bodyStart < noEndAfter ? end.exec(text) : null;
    if (close !== null) {
      stop = close.index + close[0].length;
      // `-----BEGIN PRIVATE KEY-----\n...\n-----END…`: documentation showing the format, no key.
      if (!KEY_MATERIAL.test(text.slice(bodyStart, close.index))) {
        begin.lastIndex = stop;
        continue;
      }
    } else {
      // No END anywhere after here; remember it so later BEGINs do not rescan.
      noEndAfter = Math.min(noEndAfter, bodyStart);
      TRUNCATED_BODY.lastIndex = bodyStart;
      TRUNCATED_BODY.exec(text);
      stop = TRUNCATED_BODY.lastIndex;
      while (stop > bodyStart && /\s/.test(text[stop - 1] ?? '')) stop--;
      // A header with no key under it is someone naming the format, not a key.
      if (!KEY_MATERIAL.test(text.slice(bodyStart, stop))) {
        begin.lastIndex = bodyStart;
        continue;
      }
    }
    found.push({ kind: 'private_key', start, end: stop, rank: RANK_SHAPE });
    begin.lastIndex = Math.max(stop, bodyStart);
  }
  return found;
}

function puttyKeys(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of text.matchAll(PUTTY)) {
    let end = m.index + m[0].length;
    if (!m[0].includes('Private-MAC:')) {
      TRUNCATED_BODY.lastIndex = end;
      TRUNCATED_BODY.exec(text);
      const bodyStart = end;
      end = TRUNCATED_BODY.lastIndex;
      while (end > m.index && /\s/.test(text[end - 1] ?? '')) end--;
      if (!KEY_MATERIAL.test(text.slice(bodyStart, end))) continue;
    }
    found.push({ kind: 'private_key', start: m.index, end, rank: RANK_SHAPE });
  }
  return found;
}
