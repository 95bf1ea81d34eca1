import { dayLabel, isoDay, monthLabel } from '../extraction/source-turn';
import { parse, type Doc } from './nlp';

const RELATIVE = new Set(
  'last next this coming past yesterday today tonight tomorrow ago weekend monday tuesday wednesday thursday friday saturday sunday'.split(
    ' ',
  ),
);
const SEASONS = new Set(['spring', 'summer', 'autumn', 'fall', 'winter']);
const DETERMINERS = new Set(['the', 'a', 'an', 'my', 'our', 'this', 'that', 'his', 'her', 'their']);
const PREPOSITIONS = new Set([
  'in',
  'on',
  'at',
  'by',
  'since',
  'until',
  'till',
  'from',
  'during',
  'before',
  'after',
  'around',
  'for',
]);
/** "We moved the wedding to 6 September": the day something was moved to is ahead, whatever the tense. */
const RESCHEDULED =
  /\b(?:moved|pushed|postponed|rescheduled|put back|brought forward|bumped|changed|delayed)\b/i;

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
  dates: { start: string | null; unit?: string; repeat?: unknown };
}

const WEEKDAY_WORDS = new Set([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
]);

/**
 * compromise-dates reads "last year after forty years" as one phrase it cannot place; the part before
 * "after" / "before" alone it can.
 */
function withStart(match: DateMatch, saidAt: string): DateMatch {
  if (match.dates.start) return match;
  const head = /^(.*?)\s+(?:after|before)\s/i.exec(match.text)?.[1];
  if (!head) return match;
  const [again] = parse(head).dates({ today: saidAt, timezone: 'UTC' }).json() as DateMatch[];
  return again?.dates.start ? { ...match, text: head, dates: again.dates } : match;
}

/** "moved the visit to 25 March" is read as a span from today: the day it runs to is the day meant. */
function movedTo(match: DateMatch, saidAt: string): DateMatch {
  const until = /^(?:to|until|till)\s+(.+)$/i.exec(match.text)?.[1];
  if (match.dates.start || !until) return withStart(match, saidAt);
  const [day] = parse(`I am away on ${until}`)
    .dates({ today: saidAt, timezone: 'UTC' })
    .json() as DateMatch[];
  return day?.dates.start ? { ...match, dates: day.dates } : withStart(match, saidAt);
}

const words = (text: string): string[] => text.toLowerCase().match(/[a-z]+/g) ?? [];

function phraseFor(start: string, unit: string | undefined, said: string[]): string {
  const day = isoDay(start);
  if (said.includes('year') || said.includes('years') || unit === 'year')
    return `in ${day.slice(0, 4)}`;
  const season = said.find((w) => SEASONS.has(w));
  if (season) return `in ${season === 'fall' ? 'autumn' : season} ${day.slice(0, 4)}`;
  if (
    said.includes('month') ||
    said.includes('months') ||
    unit === 'month' ||
    unit === 'season' ||
    unit === 'quarter'
  )
    return `in ${monthLabel(day)}`;
  if (said.includes('weekend')) return `on the weekend of ${dayLabel(day)}`;
  if (said.includes('week') || said.includes('weeks')) return `in the week of ${dayLabel(day)}`;
  if (unit === 'week') return `in the week of ${dayLabel(day)}`;
  return `on ${dayLabel(day)}`;
}

/**
 * Resolves the times a sentence names against the moment it was said (compromise-dates): "last Friday"
 * said on Monday 8 May 2023 becomes "on 5 May 2023". A bare weekday in a past-tense sentence is the one
 * before, never the one after. Absolute times ("in 2019") are kept as said.
 */
export function resolveDates(
  sentence: Doc,
  saidAt: string | undefined,
  pastTense: boolean,
): ResolvedDates {
  // compromise-dates places "2 weeks ago" but not "two weeks ago": spelled-out counts of a time unit become digits.
  (sentence.match('[#Value+] (day|days|week|weeks|month|months|year|years) ago', 0) as Doc)
    .numbers()
    .toNumber();
  const original = sentence.text();
  if (!saidAt) return { text: original, dated: false };
  const base = sentence.json({ offset: true }) as Array<{ offset: { start: number } }>;
  const origin = base[0]?.offset.start ?? 0;
  const matches = (
    sentence.dates({ today: saidAt, timezone: 'UTC' }).json({ offset: true }) as DateMatch[]
  ).map((m) => (RESCHEDULED.test(original) ? movedTo(m, saidAt) : withStart(m, saidAt)));
  let text = original;
  let day: string | undefined;
  // Right to left, so earlier offsets stay valid while later phrases are rewritten.
  for (const match of [...matches].reverse()) {
    // A repeating time ("on weekends") or an open one ("by the end of March") is no date of an event.
    if (
      !match.dates.start ||
      !match.dates.unit ||
      match.dates.unit === 'time' ||
      match.dates.repeat
    )
      continue;
    let start = match.dates.start;
    const said = words(match.text);
    const hasYear = /\b\d{4}\b/.test(match.text);
    // "on Sunday mornings": a habit, not a day.
    const after = original
      .slice(match.offset.start + match.text.length)
      .trimStart()
      .toLowerCase();
    if (
      /^(?:mornings|evenings|afternoons|nights)\b/.test(after) ||
      /\b(?:mornings|evenings|afternoons|nights)\.?$/i.test(match.text) ||
      // "5 milligrams in the morning", "I swim in the evening": a time of day with "the" is a habit's.
      /^in the (?:morning|evening|afternoon|night)[.!?,;:]*$/i.test(match.text.trim()) ||
      // "moved to the day shift", "a day trip": "day" says which kind of shift or trip, no day.
      (/^(?:(?:to|on|for) )?(?:the|a) day$/i.test(match.text.trim()) &&
        sentence.has('(the|a) day (#Noun && !#Date)'))
    )
      continue;
    const plansAhead = sentence.has('(to|will|gonna) #Infinitive');
    // "in two years" is a span as often as a time ahead ("haven't taken a holiday in two years"): only a plan makes it a date.
    if (
      /^in (?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a few|several) (?:day|week|month|year)s?$/i.test(
        match.text.replace(/[.!?,;:]+$/, ''),
      ) &&
      !plansAhead
    )
      continue;
    const forSpan =
      ['for', 'until', 'till', 'by'].includes(said[0] ?? '') ||
      ['for', 'until', 'till', 'by'].includes(
        original.slice(0, match.offset.start).trimEnd().split(/\s+/).pop()?.toLowerCase() ?? '',
      );
    const before =
      original
        .slice(0, match.offset.start - origin)
        .trimEnd()
        .split(/\s+/)
        .pop()
        ?.toLowerCase() ?? '';
    const rescheduled =
      (['to', 'until', 'till'].includes(before) ||
        ['to', 'until', 'till'].includes(said[0] ?? '')) &&
      RESCHEDULED.test(original);
    // "Is a deputy head now, started in June": the verb the time belongs to says which June.
    const lead =
      original
        .slice(0, match.offset.start - origin)
        .split(/[,;]/)
        .pop() ?? '';
    const verbPast = parse(lead).verbs().last().has('#PastTense');
    if (
      (pastTense || verbPast) &&
      !rescheduled &&
      !plansAhead &&
      !forSpan &&
      !hasYear &&
      Date.parse(start) > Date.parse(saidAt) &&
      !said.includes('next') &&
      !said.includes('tomorrow')
    ) {
      // Said in the past tense, a bare weekday or month is the one before, not the one coming.
      const back = new Date(start);
      if (match.dates.unit === 'day' && said.some((w) => WEEKDAY_WORDS.has(w)))
        back.setUTCDate(back.getUTCDate() - 7);
      else back.setUTCFullYear(back.getUTCFullYear() - 1);
      start = back.toISOString();
    }
    if (rescheduled && !hasYear && Date.parse(start) < Date.parse(saidAt) - 86_400_000) {
      // Moved to "25 March" said in May: next March, a day moved to is never behind.
      const ahead = new Date(start);
      ahead.setUTCFullYear(ahead.getUTCFullYear() + 1);
      start = ahead.toISOString();
    }
    day = isoDay(start);
    // "in 2019" is already absolute; "in July", "on March 3rd" lack their year and are written out.
    if (hasYear && !said.some((w) => RELATIVE.has(w))) continue;
    // compromise may take a trailing "after" or "before" into the phrase: that word stays in the sentence.
    const phrase = match.text
      .replace(/[.!?,;:]+$/, '')
      .replace(/\s+(?:with|and|so|because|for|to|after|before|until|since|from)\b.*$/i, '');
    const at = match.offset.start - origin;
    if (at < 0 || text.slice(at, at + phrase.length) !== phrase) continue;
    const previous = text.slice(0, at).trimEnd().split(/\s+/).pop()?.toLowerCase() ?? '';
    const phraseForm = phraseFor(start, match.dates.unit, said);
    // "since last year": the sentence already has its preposition, so the phrase drops its own.
    // …and inside a noun phrase ("the summer trip") the time is a modifier with no preposition at all.
    const replacement = rescheduled
      ? `${['to', 'until', 'till'].includes(said[0] ?? '') ? `${said[0]} ` : ''}${phraseForm.replace(/^\w+ /, '')}`
      : PREPOSITIONS.has(previous) || DETERMINERS.has(previous)
        ? phraseForm.replace(/^\w+ /, '')
        : phraseForm;
    const capital =
      at === 0 ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
    text = text.slice(0, at) + capital + text.slice(at + phrase.length);
  }
  return { text, dated: day !== undefined, ...(day ? { day } : {}) };
}
