/**
 * Where the first complete JSON object in `text` ends (the index after its closing brace), or -1 while
 * it is incomplete. Claude Code may keep a hook's stdin open (a bare `cat` hung on SessionEnd), so a
 * hook reads until one object is complete instead of waiting for EOF.
 */
export function endOfFirstJsonObject(text: string): number {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let started = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      depth += 1;
      started = true;
    } else if (c === '}' || c === ']') {
      depth -= 1;
      if (started && depth === 0) return i + 1;
    }
  }
  return -1;
}
