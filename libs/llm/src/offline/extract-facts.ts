import { clip, splitSentences, userText } from './text-tools';

export type OfflineFactType =
  'value' | 'goal' | 'preference' | 'decision' | 'event' | 'insight' | 'relationship';
export type OfflineConfidence = 'high' | 'medium' | 'low';

export interface OfflineFact {
  factType: OfflineFactType;
  content: string;
  confidence: OfflineConfidence;
}

interface Rule {
  factType: OfflineFactType;
  confidence: OfflineConfidence;
  pattern: RegExp;
}

const I = String.raw`\bI(?:'m| am|'ve| have|'d| would| will|'ll)?`;
const KIN = String.raw`(?:wife|husband|partner|spouse|fianc[eé]e?|boyfriend|girlfriend|son|daughter|kids?|children|mother|mom|mum|father|dad|parents?|brother|sister|siblings?|grandmother|grandfather|family|manager|boss|colleague|coworker|co-worker|team|mentor|friend|best friend|therapist|doctor|coach)`;
const WHEN = String.raw`\b(?:yesterday|today|tomorrow|last (?:week|month|year|summer|winter|spring|fall)|next (?:week|month|year)|(?:on|this|last|next) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:in|since|by|until) (?:january|february|march|april|may|june|july|august|september|october|november|december|(?:19|20)\d\d)|(?:19|20)\d\d-\d\d-\d\d|\d+ (?:days|weeks|months|years) ago)\b`;
const LIFE_EVENT = String.raw`\b(?:got married|got divorced|graduated|moved|relocated|started|quit|resigned|retired|was (?:promoted|laid off|fired|diagnosed|born)|lost my|had a baby|bought a|sold my|passed away|broke up)\b`;

/**
 * Ordered from the most specific statement to the loosest; the first rule that matches a sentence
 * types it. Confidence follows how plainly the person said it ("my goal is" > "I want to").
 */
const RULES: readonly Rule[] = [
  {
    factType: 'goal',
    confidence: 'high',
    pattern:
      /\bmy (?:main |biggest |big |long-term |top |real )?(?:goal|aim|dream|ambition|priority) (?:is|was|has been) /i,
  },
  {
    factType: 'decision',
    confidence: 'high',
    pattern: new RegExp(
      `${I} (?:finally |just )?(?:decided|made (?:a|the) decision|committed|chosen|chose|resolved)\\b`,
      'i',
    ),
  },
  {
    factType: 'insight',
    confidence: 'high',
    pattern: new RegExp(
      `${I} (?:come to )?(?:realized|realised|noticed|learned|learnt|discovered|understood|recogni[sz]ed) (?:that )?`,
      'i',
    ),
  },
  {
    factType: 'value',
    confidence: 'high',
    pattern:
      /\b(?:I (?:deeply |really |truly )?value|what matters (?:most )?to me|(?:is|are) (?:really |very |so |deeply )?important to me|I (?:strongly |firmly )?believe in)\b/i,
  },
  {
    factType: 'preference',
    confidence: 'high',
    pattern: /\bI (?:always |strongly |much )?(?:prefer|can't stand|cannot stand|hate|love)\b/i,
  },
  {
    factType: 'relationship',
    confidence: 'high',
    pattern: new RegExp(`\\bmy ${KIN}(?:'s name)? (?:is|was|has|works|lives|'s)\\b`, 'i'),
  },
  {
    factType: 'event',
    confidence: 'high',
    pattern: new RegExp(
      `${I} (?:just |recently )?[^.!?]{0,20}${LIFE_EVENT}[^.!?]*${WHEN}|${WHEN}[^.!?]*\\bI\\b[^.!?]{0,20}${LIFE_EVENT}`,
      'i',
    ),
  },
  {
    factType: 'goal',
    confidence: 'medium',
    pattern: new RegExp(
      `${I} (?:really )?(?:want|hope|plan|intend|aim|mean|need) to\\b|\\bI(?:'d| would) (?:really )?(?:like|love) to\\b|${I} (?:trying|working|planning|hoping|determined|going) to\\b`,
      'i',
    ),
  },
  {
    factType: 'decision',
    confidence: 'medium',
    pattern: /\b(?:we (?:decided|chose|agreed)|I(?:'m| am) not going to|I won't)\b/i,
  },
  {
    factType: 'value',
    confidence: 'medium',
    pattern: /\bI (?:care (?:deeply |a lot )?about|believe (?:that )?)\b/i,
  },
  {
    factType: 'preference',
    confidence: 'medium',
    pattern:
      /\bI (?:really )?(?:like|enjoy|dislike|don't like|do not like)\b|\bI(?:'d| would) rather\b/i,
  },
  { factType: 'relationship', confidence: 'medium', pattern: new RegExp(`\\bmy ${KIN}\\b`, 'i') },
  {
    factType: 'event',
    confidence: 'medium',
    pattern: new RegExp(`(?:\\b(?:I|we|my)\\b[^.!?]*${WHEN}|${WHEN}[^.!?]*\\b(?:I|we|my)\\b)`, 'i'),
  },
  {
    factType: 'insight',
    confidence: 'low',
    pattern: /\bI (?:think|guess|suppose|wonder if) (?:that )?(?:I|my)\b/i,
  },
];

const CONFIDENCE_RANK: Record<OfflineConfidence, number> = { high: 0, medium: 1, low: 2 };
export const MAX_OFFLINE_FACTS = 20;
const MAX_CONTENT_CHARS = 280;

const normalized = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Rule-based fact extraction from the person's own first-person sentences. Questions are skipped
 * (they ask, not state); equal sentences count once; at most 20, higher confidence first.
 */
export function extractFacts(transcript: string): OfflineFact[] {
  const found: Array<OfflineFact & { at: number }> = [];
  const seen = new Set<string>();
  for (const sentence of splitSentences(userText(transcript))) {
    if (sentence.text.endsWith('?') || sentence.text.length < 12) continue;
    const rule = RULES.find((candidate) => candidate.pattern.test(sentence.text));
    if (!rule) continue;
    const key = normalized(sentence.text);
    if (seen.has(key)) continue;
    seen.add(key);
    const content = clip(sentence.text.replace(/^[-*•]\s*/, ''), MAX_CONTENT_CHARS);
    found.push({
      factType: rule.factType,
      confidence: rule.confidence,
      content,
      at: sentence.index,
    });
  }
  return found
    .sort((a, b) => CONFIDENCE_RANK[a.confidence] - CONFIDENCE_RANK[b.confidence] || a.at - b.at)
    .slice(0, MAX_OFFLINE_FACTS)
    .map(({ factType, content, confidence }) => ({ factType, content, confidence }));
}
