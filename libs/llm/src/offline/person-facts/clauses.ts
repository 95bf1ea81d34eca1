/**
 * A turn's sentences cut to what the person states: openers and fillers dropped, run-on sentences read
 * clause by clause.
 */

import { parse, type Term } from '../nlp';

const OPENERS = new Set([
  'oh',
  'ah',
  'aw',
  'so',
  'well',
  'yeah',
  'yes',
  'yep',
  'honestly',
  'actually',
  'anyway',
  'haha',
  'lol',
  'sadly',
  'luckily',
  'hey',
  'hi',
  'wow',
  'also',
  'and',
  'but',
  'plus',
  'ya',
  'yea',
  'yeah',
  'nah',
  'ok',
  'okay',
  'um',
  'uh',
  'btw',
  'obviously',
  'basically',
  'literally',
  'anyways',
  'tho',
]);

/** Strips leading interjections and a leading name the person says to the other speaker ("Wow, …", "Mel, …"). */
export function withoutOpeners(sentence: string): string {
  // "Big news on my side too: I'm moving …": a short lead-in before a colon is not part of the statement.
  // "One, I'm running the marathon. Two, …": a count down a list opens each item.
  sentence = sentence.replace(
    /^(?:one|two|three|four|five|first(?:ly)?|second(?:ly)?|third(?:ly)?|lastly|finally),\s+(?=\S)/i,
    '',
  );
  // "Oh where do I start, well I live in Bristol": a rambler's lead-in asks nothing and says nothing.
  sentence = sentence.replace(
    /^(?:(?:oh|well|so|um|ah|okay|ok),?\s+)*(?:where do I (?:start|begin)|what can I say|you know what|guess what|let me (?:think|see|confess)|how do I put (?:it|this))[,.!:]?\s+(?:(?:well|so|okay|ok),?\s+)?(?=\S)/i,
    '',
  );
  const colon = sentence.indexOf(': ');
  if (colon > 0 && sentence.slice(0, colon).split(/\s+/).length <= 6)
    sentence = sentence.slice(colon + 2);
  const doc = parse(sentence);
  // Interjections always; a name only when it is said to someone ("Mel, I got the job!"), never "Felix and I …".
  const terms = doc.json({ terms: { normal: true } }) as Array<{
    terms: Array<Term & { post?: string }>;
  }>;
  let drop = 0;
  for (const term of terms[0]?.terms ?? []) {
    // "No running for six weeks": a "no" that says what is not, not an answer, stays.
    const saysNo = term.normal === 'no' && !/[,.!]/.test(term.post ?? '');
    const interjection = !saysNo && (term.tags.includes('Expression') || OPENERS.has(term.normal));
    const vocative = term.tags.includes('FirstName') && /[,!]/.test(term.post ?? '');
    if (!interjection && !vocative) break;
    drop++;
  }
  if (drop > 0) doc.remove(doc.terms().slice(0, drop));
  const rest = doc
    .text()
    .replace(/^[\s,;:!.-]+/, '')
    .trim();
  return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : rest;
}

/** Talk that fills a pause: "you know what", "I mean", "like" said between commas. */
const FILLERS =
  /(?:^|,\s*)(?:by the way|btw|anyway|anyways|scratch that|forget (?:what I said|that)(?: about [^,]+)?|never mind|on second thought|you know(?: what)?|I mean|you see|like|I(?:'ve| have)? (?:got|gotta|have|must) to say|I must say|I gotta say)\s*(?:,\s*|$)/gi;

/** Where a run-on sentence joins its clauses: a comma or "but" before the next clause, a semicolon. */
const CLAUSE_BREAK =
  /;\s+|,\s+(?=(?:and then|and|but|so|plus|which)\s)|\s+but\s+|,\s+(?=(?:I|I'm|I've|I'd|I'll|we|we're|we've|my|our|she|he|she's|he's)\s)/;

/** "…, did I.", "…, isn't it": a clause that ends asking the other to agree is said for effect. */
const TAG_QUESTION =
  /,\s*(?:did|didn't|do|don't|does|doesn't|is|isn't|was|wasn't|are|aren't|have|haven't|can|can't|would|wouldn't|will|won't)\s+(?:I|you|it|they|we|he|she)\s*[.?!]*$/i;

/** A sentence this long is read clause by clause: people who ramble join what they say with commas. */
const RUN_ON_WORDS = 14;

const MIN_CLAUSE_WORDS = 3;

/**
 * A run-on sentence as its clauses ("I grow my own tomatoes, but this year they've been a disaster, and I
 * stopped eating meat three years ago"): each is read on its own, so one statement about the person is
 * not lost to a clause about something else. A clause of a comment ("which, typical") is left out; a
 * piece too short to say anything stays with the clause before it.
 */
export function clausesOf(sentence: string): string[] {
  const text = sentence.replace(FILLERS, (m) => (m.startsWith(',') ? ', ' : '')).trim();
  // "Okay so, don't laugh, but I've switched to Glasgow": a ", but I" starts the person's clause at any length.
  const butI = /,\s+but\s+(?=(?:I|I'm|I've|I'd|I'll|we|we're|we've)\s)/i.exec(text);
  if (butI && text.split(/\s+/).length < RUN_ON_WORDS)
    return [text.slice(0, butI.index) + '.', text.slice(butI.index + butI[0].length)];
  if (text.split(/\s+/).length < RUN_ON_WORDS) return [text];
  const pieces: string[] = [];
  for (const piece of text.split(CLAUSE_BREAK).map((p) => p.trim())) {
    if (!piece) continue;
    const last = pieces.length - 1;
    const previous = pieces[last];
    if (previous !== undefined && piece.split(/\s+/).length < MIN_CLAUSE_WORDS)
      pieces[last] = `${previous.replace(/[.!]+$/, '')}, ${piece}`;
    else pieces.push(piece);
  }
  return (
    pieces
      // "at St. Luke's", "with Dr. Patel": a title's full stop ends no sentence.
      .flatMap((p) => p.split(/(?<=[.!?])(?<!\b(?:St|Dr|Mr|Mrs|Ms|Mt|Prof|Jr|Sr)\.)\s+(?=[A-Z])/))
      .filter((p) => !/^which\b/i.test(p) && !TAG_QUESTION.test(p))
      .map((p) => p.replace(/[,;:\s]+$/, ''))
      .map((p) => (/[.!?]$/.test(p) ? p : `${p}.`))
  );
}
