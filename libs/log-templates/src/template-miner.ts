import { createHash } from 'node:crypto';
import { maskToken, WILDCARD } from './mask-token';

/**
 * Folds log messages into templates (docs/logs.md). Each message is split on whitespace and its
 * tokens masked (mask-token.ts); messages of the same length and first token are then compared
 * position by position with the templates already seen, and join the most similar one when enough
 * of its fixed tokens agree, the positions that differ becoming `<*>`. The idea is Drain's (He et
 * al., ICWS 2017); the masking, the similarity and the ids are this project's.
 *
 * A template keeps the id it was given when first seen, however its wildcards grow, so the ids of a
 * log read again in the same order (a replay) or continued from saved state (a restart) are the same.
 */
export interface LogTemplate {
  /** Stable: a digest of the masked message that opened the template. */
  readonly id: string;
  /** The template as text: tokens with their original spacing, variables as `<*>`. */
  text: string;
  tokens: string[];
  count: number;
}

export interface TemplateMinerOptions {
  /** Share of a template's fixed tokens a message must match to join it. */
  similarity?: number;
}

export interface TemplateMatch {
  template: LogTemplate;
  /** The template was created by this message. */
  created: boolean;
  /** The template's text changed (a position became a wildcard). */
  changed: boolean;
}

/** Saved state, enough to continue mining after a restart. */
export interface TemplateMinerState {
  templates: { id: string; text: string; count: number }[];
}

const DEFAULT_SIMILARITY = 0.5;
/** Bounds the memory of masked messages already placed; past it the memory starts again. */
const SEEN_LIMIT = 50_000;

interface Tokenized {
  tokens: string[];
  separators: string[];
}

function tokenize(message: string): Tokenized {
  const tokens: string[] = [];
  const separators: string[] = [];
  const length = message.length;
  let i = 0;
  while (i < length && isSpace(message.charCodeAt(i))) i++;
  while (i < length) {
    let end = i;
    while (end < length && !isSpace(message.charCodeAt(end))) end++;
    tokens.push(maskToken(message.slice(i, end)));
    let next = end;
    while (next < length && isSpace(message.charCodeAt(next))) next++;
    if (next < length) separators.push(message.slice(end, next));
    i = next;
  }
  return { tokens, separators };
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12;
}

function render(tokens: readonly string[], separators: readonly string[]): string {
  let text = tokens[0] ?? '';
  for (let i = 1; i < tokens.length; i++) text += (separators[i - 1] ?? ' ') + tokens[i];
  return text;
}

function groupKey(tokens: readonly string[]): string {
  return String(tokens.length);
}

export function templateIdOf(maskedMessage: string): string {
  return createHash('sha256').update(maskedMessage).digest('hex').slice(0, 16);
}

interface Cluster {
  template: LogTemplate;
  separators: string[];
}

export class TemplateMiner {
  private readonly similarity: number;
  private readonly groups = new Map<string, Cluster[]>();
  private readonly byId = new Map<string, Cluster>();
  /** Masked messages already placed, most logs repeat them: a line seen before skips the search. */
  private readonly seen = new Map<string, Cluster>();

  constructor(options: TemplateMinerOptions = {}, state?: TemplateMinerState) {
    this.similarity = options.similarity ?? DEFAULT_SIMILARITY;
    for (const saved of state?.templates ?? []) {
      const { tokens, separators } = splitTemplate(saved.text);
      this.insert({
        template: { id: saved.id, text: saved.text, tokens, count: saved.count },
        separators,
      });
    }
  }

  /** Folds one message (the text without its timestamp and host header) into a template. */
  add(message: string): TemplateMatch {
    const { tokens, separators } = tokenize(message);
    const masked = tokens.join(' ');
    const seen = this.seen.get(masked);
    if (seen) {
      // the same masked message joined this template before: its tokens already cover it
      seen.template.count += 1;
      return { template: seen.template, created: false, changed: false };
    }
    const key = groupKey(tokens);
    const group = this.groups.get(key);
    const best = group ? this.closest(group, tokens) : undefined;
    this.remember(masked, best);
    if (!best) {
      const text = render(tokens, separators);
      const cluster: Cluster = {
        template: { id: templateIdOf(text), text, tokens, count: 1 },
        separators,
      };
      this.insert(cluster, key);
      this.remember(masked, cluster);
      return { template: cluster.template, created: true, changed: false };
    }
    const template = best.template;
    template.count += 1;
    let changed = false;
    for (let i = 0; i < tokens.length; i++) {
      if (template.tokens[i] !== tokens[i] && template.tokens[i] !== WILDCARD) {
        template.tokens[i] = WILDCARD;
        changed = true;
      }
    }
    if (changed) template.text = render(template.tokens, best.separators);
    return { template, created: false, changed };
  }

  /** The template a message would join, without counting it or changing anything. */
  match(message: string): LogTemplate | undefined {
    const { tokens } = tokenize(message);
    const group = this.groups.get(groupKey(tokens));
    return group ? this.closest(group, tokens)?.template : undefined;
  }

  get(id: string): LogTemplate | undefined {
    return this.byId.get(id)?.template;
  }

  templates(): LogTemplate[] {
    return [...this.byId.values()].map((cluster) => cluster.template);
  }

  state(): TemplateMinerState {
    return {
      templates: this.templates().map(({ id, text, count }) => ({ id, text, count })),
    };
  }

  private remember(masked: string, cluster: Cluster | undefined): void {
    if (!cluster) return;
    if (this.seen.size >= SEEN_LIMIT) this.seen.clear();
    this.seen.set(masked, cluster);
  }

  private insert(cluster: Cluster, key = groupKey(cluster.template.tokens)): void {
    const group = this.groups.get(key);
    if (group) group.push(cluster);
    else this.groups.set(key, [cluster]);
    this.byId.set(cluster.template.id, cluster);
  }

  private closest(group: readonly Cluster[], tokens: readonly string[]): Cluster | undefined {
    let best: Cluster | undefined;
    let bestScore = -1;
    let bestWildcards = -1;
    for (const cluster of group) {
      const fixed = cluster.template.tokens;
      let same = 0;
      let wildcards = 0;
      let words = 0;
      for (const [i, token] of fixed.entries()) {
        if (token === WILDCARD) wildcards++;
        else if (token === tokens[i]) same++;
        else if (isWord(token) && isWord(tokens[i] ?? '')) words++;
      }
      const score = (same - WORD_PENALTY * words) / tokens.length;
      if (score > bestScore || (score === bestScore && wildcards > bestWildcards)) {
        best = cluster;
        bestScore = score;
        bestWildcards = wildcards;
      }
    }
    return best && bestScore >= this.similarity ? best : undefined;
  }
}

function splitTemplate(text: string): Tokenized {
  const tokens: string[] = [];
  const separators: string[] = [];
  for (const part of text.split(/(\s+)/)) {
    if (part === '') continue;
    if (/^\s+$/.test(part)) separators.push(part);
    else tokens.push(part);
  }
  return { tokens, separators };
}

/** A pair of different words counts against a match as much as two agreeing tokens count for it. */
const WORD_PENALTY = 2;
/** Letters only, perhaps ending in one punctuation mark: a word of the message, seldom a variable. */
function isWord(token: string): boolean {
  let end = token.length;
  const last = token.charCodeAt(end - 1);
  if (last === 46 || last === 44 || last === 58 || last === 59) end--; // . , : ;
  if (end === 0) return false;
  for (let i = 0; i < end; i++) {
    const c = token.charCodeAt(i) | 32;
    if (c < 97 || c > 122) return false;
  }
  return true;
}
