import { type Candidate, RANK_SHAPE } from './secret-kind';
import { TOKEN_RULES, type TokenRule } from './token-rules';

interface CompiledRule {
  readonly rule: TokenRule;
  /** Sticky, with indices, so it is tried only where the shared trigger scan stopped. */
  readonly sticky: RegExp;
}

const COMPILED: readonly CompiledRule[] = TOKEN_RULES.map((rule) => ({
  rule,
  sticky: new RegExp(rule.pattern, 'yd'),
}));

/**
 * One scan with the union of every rule's short trigger instead of ~30 full
 * regexes over the whole text: clean text costs a single pass.
 */
const TRIGGER = new RegExp(TOKEN_RULES.map((r) => `(?:${r.trigger})`).join('|'), 'g');

/** Provider-shaped tokens (prefix keys, JWTs, Bearer/Basic credentials, webhook URLs). */
export function detectTokens(text: string): Candidate[] {
  const found: Candidate[] = [];
  const trigger = new RegExp(TRIGGER);
  let hit: RegExpExecArray | null;
  while ((hit = trigger.exec(text)) !== null) {
    const at = hit.index;
    let resumeAt = at + 1;
    for (const { rule, sticky } of COMPILED) {
      sticky.lastIndex = at;
      const m = sticky.exec(text);
      if (m === null) continue;
      const span = m.indices?.groups?.secret ?? [m.index, m.index + m[0].length];
      const [start, end] = span;
      if (rule.accept && !rule.accept(text.slice(start, end))) continue;
      found.push({ kind: rule.kind, start, end, rank: RANK_SHAPE });
      resumeAt = m.index + m[0].length;
      break;
    }
    trigger.lastIndex = resumeAt;
  }
  return found;
}
