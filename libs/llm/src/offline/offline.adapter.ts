import type { AdapterOutcome, AdapterRequest, LlmAdapter } from '../llm.port';
import type { SourceTurn } from '../extraction/source-turn';
import { isFactsSource, parseArtifactSource } from './artifact-source';
import { detectInsights } from './detect-insights';
import { extractFacts } from './extract-facts';
import { extractPersonFacts } from './person-facts';
import { proposePlans } from './propose-plans';
import { summarizeTurns } from './summarize';
import { turnsFromTranscript } from './text-tools';
import { synthesizeProfile } from './synthesize-profile';

export const OFFLINE_MODEL = 'offline';

function sourcesOf(request: AdapterRequest): string[] {
  if (typeof request.source === 'string') return [request.source];
  if (request.source) return [...request.source];
  return request.messages.filter((m) => m.role === 'user').map((m) => m.content);
}

/** The turns with their seqs and dates when the caller sent them; else the transcript read back into turns. */
const turnsOf = (request: AdapterRequest, joined: string): readonly SourceTurn[] =>
  request.turns ?? turnsFromTranscript(joined);

/**
 * Deterministic rules standing in for a model when no key resolves. It answers in the shape the
 * caller asked for (text, or `{ [listKey]: [...] }` JSON), so the runtime parses and validates it
 * like any answer. It reports zero tokens: nothing was spent, and the model reads `offline`.
 */
export class OfflineAdapter implements LlmAdapter {
  readonly provider = 'offline' as const;
  readonly model = OFFLINE_MODEL;

  async call(request: AdapterRequest): Promise<AdapterOutcome> {
    const sources = sourcesOf(request);
    return {
      ok: true,
      text: this.answer(request, sources),
      usage: { inputTokens: 0, outputTokens: 0 },
    };
  }

  private answer(request: AdapterRequest, sources: string[]): string {
    const joined = sources.join('\n\n');
    switch (request.label) {
      case 'compaction':
        return this.shaped(
          request,
          summarizeTurns(turnsOf(request, joined), request.maxOutputTokens),
          'summary',
        );
      case 'profile':
        return this.shaped(request, synthesizeProfile(sources), 'profile');
      case 'memory': {
        const turns = turnsOf(request, joined);
        const facts = extractPersonFacts(turns, {
          ...(request.coding ? { coding: true } : {}),
        });
        // A caller that asks for plans beside the facts gets the intentions the person stated.
        const wantsPlans =
          typeof request.json === 'object' && request.json.alsoLists?.includes('plans');
        return wantsPlans
          ? JSON.stringify({ facts, plans: proposePlans(turns) })
          : this.list(request, facts);
      }
      case 'insight': {
        // The first artifact is the one just saved; it is compared with each of the others.
        const [focus, ...others] = sources
          .filter((s) => !isFactsSource(s))
          .map(parseArtifactSource);
        return this.list(request, focus ? detectInsights(focus, others) : []);
      }
      case 'decision':
        return this.list(
          request,
          extractFacts(joined).filter((fact) => fact.factType === request.label),
        );
      case 'skill':
        // no rule: skill discovery's offline path is its clustering (services/recall, docs/learning.md),
        // and it asks the model with offlineFallback off; an empty answer keeps the offline draft
        return '{}';
      default: {
        const _never: never = request.label;
        throw new Error(`offline adapter has no rule for label ${String(_never)}`);
      }
    }
  }

  private list(request: AdapterRequest, items: unknown[]): string {
    if (!request.json)
      return items
        .map(
          (item) =>
            `- ${(item as { content?: string; summary?: string }).content ?? (item as { summary: string }).summary}`,
        )
        .join('\n');
    const listKey = typeof request.json === 'object' ? request.json.listKey : 'items';
    return JSON.stringify({ [listKey]: items });
  }

  private shaped(request: AdapterRequest, text: string, key: string): string {
    if (!request.json) return text;
    return typeof request.json === 'object'
      ? JSON.stringify({ [request.json.listKey]: [text] })
      : JSON.stringify({ [key]: text });
  }
}
