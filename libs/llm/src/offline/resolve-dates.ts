import { dayLabel, isoDay, monthLabel } from '../extraction/source-turn';
import type { Doc } from './nlp';

const RELATIVE = new Set(
  'last next this coming past yesterday today tonight tomorrow ago weekend monday tuesday wednesday thursday friday saturday sunday'.split(' '),
);
const SEASONS = new Set(['spring', 'summer', 'autumn', 'fall', 'winter']);
const PREPOSITIONS = new Set(['in', 'on', 'at', 'by', 'since', 'until', 'till', 'from', 'during', 'before', 'after', 'around', 'for']);

export interface ResolvedDates {
  /** The sentence with each relative time written as an absolute one. */
  text: string;
  /** The day of the first time the sentence names, `YYYY-MM-DD`. */
  day?: string;
  /** Whether it named any time at all. */
  dated: boolean;
}

interface DateMatch {
  text: string;
  offset: { start: number; length: number };
  dates: { start: string | null; unit?: string };
}

const words = (text: string): string[] => text.toLowerCase().match(/[a-z]+/g) ?? [];

function phraseFor(start: string, unit: string | undefined, said: string[]): string {
  const day = isoDay(start);
  if (said.includes('year') || said.includes('years') || unit === 'year') return `in ${day.slice(0, 4)}`;
  const season = said.find((w) => SEASONS.has(w));
  if (season) return `in ${season === 'fall' ? 'autumn' : season} ${day.slice(0, 4)}`;
  if (said.includes('month') || said.includes('months') || unit === 'month' || unit === 'season' || unit === 'quarter') return `in ${monthLabel(day)}`;
  if (said.includes('weekend')) return `on the weekend of ${dayLabel(day)}`;
  if (unit === 'week') return `in the week of ${dayLabel(day)}`;
  return `on ${dayLabel(day)}`;
}

/**
 * Resolves the times a sentence names against the moment it was said (compromise-dates): "last Friday"
 * said on Monday 8 May 2023 becomes "on 5 May 2023". A bare weekday in a past-tense sentence is the one
 * before, never the one after. Absolute times ("in 2019") are kept as said.
 */
export function resolveDates(sentence: Doc, saidAt: string | undefined, pastTense: boolean): ResolvedDates {
  const original = sentence.text();
  if (!saidAt) return { text: original, dated: sentence.dates().found };
  const base = sentence.json({ offset: true }) as Array<{ offset: { start: number } }>;
  const origin = base[0]?.offset.start ?? 0;
  const matches = sentence.dates({ today: saidAt, timezone: 'UTC' }).json({ offset: true }) as DateMatch[];
  let text = original;
  let day: string | undefined;
  // Right to left, so earlier offsets stay valid while later phrases are rewritten.
  for (const match of [...matches].reverse()) {
    let start = match.dates.start;
    if (!start) continue;
    const said = words(match.text);
    if (pastTense && match.dates.unit === 'day' && Date.parse(start) > Date.parse(saidAt) && !said.includes('next') && !said.includes('tomorrow')) {
      start = new Date(Date.parse(start) - 7 * 86_400_000).toISOString();
    }
    day = isoDay(start);
    if (!said.some((w) => RELATIVE.has(w))) continue;
    // compromise may take a trailing "after" or "before" into the phrase: that word stays in the sentence.
    const phrase = match.text.replace(/[.!?,;:]+$/, '').replace(/\s+(?:after|before|until|since|from|to|and|with)$/i, '');
    const at = match.offset.start - origin;
    if (at < 0 || text.slice(at, at + phrase.length) !== phrase) continue;
    const previous = text.slice(0, at).trimEnd().split(/\s+/).pop()?.toLowerCase() ?? '';
    const phraseForm = phraseFor(start, match.dates.unit, said);
    // "since last year": the sentence already has its preposition, so the phrase drops its own.
    const replacement = PREPOSITIONS.has(previous) ? phraseForm.replace(/^\w+ /, '') : phraseForm;
    const capital = at === 0 ? replacement[0]!.toUpperCase() + replacement.slice(1) : replacement;
    text = text.slice(0, at) + capital + text.slice(at + phrase.length);
  }
  return { text, dated: matches.length > 0, ...(day ? { day } : {}) };
}
