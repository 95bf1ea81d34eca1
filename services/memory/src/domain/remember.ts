import { extractPersonFacts, meaningWords, type MeaningWord } from '@mnemo/llm';
import { MAX_FACT_CHARS } from './fact-guards';
import { factTypeForNewMemory, MEMORY_CATEGORIES } from './memory-categories';
import type { CandidateFact, FactTypeName } from './memory-fact';
import { classifySensitivity, type Sensitivity } from '@mnemo/memory-rules';

export interface RememberRequest {
  message: { role: 'user' | 'assistant' | 'system'; text: string; accountId: string; seq?: number };
  requesterAccountId: string;
  /** The session the message belongs to: the fact's source session and dedup scope. */
  sessionId: string;
  /** The seq of the turn being answered; when given, the message must be that turn. */
  currentTurnSeq?: number;
  /** A fact was already saved during this answer: one per answer. */
  answerAlreadySaved: boolean;
  /**
   * The coach's own wording of the fact (remember_fact), with the category it gave; without it, the message
   * itself is the fact (the remember button). Either way it must come from the message.
   */
  stated?: { content: string; category?: string };
}

export type RememberRefusal =
  | 'other_account'
  | 'not_user_message'
  | 'not_current_turn'
  | 'already_saved'
  | 'empty_message'
  | 'too_long'
  | 'not_in_message';

export type RememberResult =
  | { ok: true; fact: CandidateFact; sensitivity: Sensitivity }
  | { ok: false; reason: RememberRefusal };

/**
 * Memory's one health rule for every write that says "remember this" (the remember button, the coach's
 * remember_fact over MCP): a fact only from the person's own message of the current turn, one per
 * answer. The result says whether the fact is saved at once or, being sensitive by
 * its category or its wording, only proposed. Extraction applies the same sensitivity rule to what it
 * finds (extraction-plan.ts).
 */
export function rememberFromMessage(req: RememberRequest): RememberResult {
  const { message } = req;
  // Checked first so a foreign message reveals nothing about itself.
  if (message.accountId !== req.requesterAccountId) return { ok: false, reason: 'other_account' };
  if (message.role !== 'user') return { ok: false, reason: 'not_user_message' };
  if (req.currentTurnSeq !== undefined && message.seq !== req.currentTurnSeq)
    return { ok: false, reason: 'not_current_turn' };
  if (req.answerAlreadySaved) return { ok: false, reason: 'already_saved' };
  const content = message.text.replace(/\s+/g, ' ').trim();
  if (content.length === 0) return { ok: false, reason: 'empty_message' };
  if (req.stated) return rememberStated(req.stated, content, req.sessionId);
  if (content.length > MAX_FACT_CHARS) return { ok: false, reason: 'too_long' };
  // Written about the person as extraction writes it ("Prefers tea to coffee."), typed by the same rules.
  const note = asNote(content);
  const fact: CandidateFact = {
    factType: note?.factType ?? guessFactType(content),
    content: note?.content ?? content,
    confidence: 'high',
    source: 'coach',
    sourceSession: req.sessionId,
  };
  return { ok: true, fact, sensitivity: classifySensitivity(fact) };
}

/** Share of a stated fact's meaning words the message must hold: the fact is the person's, in other words. */
const GROUNDED_SHARE = 0.5;

function rememberStated(
  stated: { content: string; category?: string },
  message: string,
  sessionId: string,
): RememberResult {
  const content = stated.content.replace(/\s+/g, ' ').trim();
  if (content.length === 0) return { ok: false, reason: 'empty_message' };
  if (content.length > MAX_FACT_CHARS) return { ok: false, reason: 'too_long' };
  if (groundedShare(content, message) < GROUNDED_SHARE)
    return { ok: false, reason: 'not_in_message' };
  const tab = MEMORY_CATEGORIES.find((c) => c === stated.category && c !== 'All' && c !== 'Facts');
  const fact: CandidateFact = {
    factType: tab ? factTypeForNewMemory(tab) : factTypeOfNote(content),
    content,
    confidence: 'high',
    // The agent's wording of what the person said: the agent's until the person confirms it.
    source: 'agent',
    sourceSession: sessionId,
  };
  return {
    ok: true,
    fact,
    sensitivity: classifySensitivity({
      content,
      ...(stated.category ? { category: stated.category } : {}),
    }),
  };
}

/** How much of what `fact` says `message` says too: its meaning words found there by lemma or sense. */
export function groundedShare(fact: string, message: string): number {
  const words = meaningWords(fact).filter((w) => w.lemma !== 'not');
  if (words.length === 0) return 0;
  const said = meaningWords(message);
  const inMessage = (w: MeaningWord) =>
    said.some((o) => o.lemma === w.lemma || o.senses.some((s) => w.senses.includes(s)));
  return words.filter(inMessage).length / words.length;
}

/** The message as one fact about the person, when the offline rules read one in it; its first sentence's fact. */
function asNote(text: string): { factType: FactTypeName; content: string } | null {
  const [first] = extractPersonFacts([{ seq: 1, role: 'user', text }], { max: 1 });
  return first && first.content.length <= MAX_FACT_CHARS
    ? { factType: first.factType, content: first.content }
    : null;
}

// First rule that matches wins; the order puts the most specific wording first.
const TYPE_RULES: [FactTypeName, RegExp][] = [
  [
    'relationship',
    /\b(?:my|our)\s+(?:wife|husband|partner|spouse|girlfriend|boyfriend|mother|mom|mum|father|dad|parents?|sons?|daughters?|kids?|children|brother|sister|siblings?|friends?|boss|manager|colleagues?|coworkers?|grand\w+|aunt|uncle|cousin|fianc[eé]e?)\b/i,
  ],
  [
    'decision',
    /\b(?:i(?:'ve| have)? decided|i chose|i've chosen|i'm going with|we decided|i settled on|i will no longer|i'm not going to|i quit)\b/i,
  ],
  [
    'goal',
    /\b(?:i want to|i'd like to|i would like to|my goal|i plan to|i'm planning to|i hope to|i aim to|i'm trying to|i intend to|by next (?:year|month|week))\b/i,
  ],
  [
    'preference',
    /\b(?:i prefer|i'd rather|i would rather|i (?:really )?(?:like|love|enjoy|hate|dislike|can't stand)|my favou?rite|works best for me)\b/i,
  ],
  [
    'value',
    /\b(?:i value|i believe|important to me|matters to me|i care about|my values?|principle)\b/i,
  ],
  [
    'insight',
    /\b(?:i (?:just )?realized|i realised|i noticed|i've learned|i learned|it turns out|i understand now)\b/i,
  ],
];

// A fact the coach wrote about the person ("Prefers …", "Wants to …") is typed by its opening verb.
const THIRD_PERSON: [FactTypeName, RegExp][] = [
  ['preference', /^(?:prefers|likes|loves|enjoys|hates|dislikes|would rather)\b/i],
  ['goal', /^(?:wants to|plans to|hopes to|aims to|intends to|is trying to)\b/i],
  ['decision', /^(?:decided|chose|has decided|has chosen)\b/i],
  ['value', /^(?:values|believes|cares about)\b/i],
];

/** A best guess from wording; anything else is something that happened or is the case: an event. */
export function guessFactType(text: string, otherwise: FactTypeName = 'event'): FactTypeName {
  const normalized = text.replace(/[’‘]/g, "'");
  for (const [type, pattern] of THIRD_PERSON) if (pattern.test(normalized.trim())) return type;
  for (const [type, pattern] of TYPE_RULES) if (pattern.test(normalized)) return type;
  return otherwise;
}

/** Who a note is about, said before its verb ("The user prefers …", "Dev prefers …"): left out to read it. */
const NOTE_SUBJECT = /^(?:the )?(?:user|developer|dev|person|client|they|he|she)\s+/i;
/** A note's opening verb in the third person, as the person would say it of themselves. */
const FIRST_PERSON_VERB: ReadonlyArray<[RegExp, string]> = [
  [/^(?:is|are)\b/i, 'I am'],
  [/^(?:has|have)\b/i, 'I have'],
  [/^(?:was|were)\b/i, 'I was'],
  [/^does not\b|^doesn't\b/i, "I don't"],
  [/^(\w+?)(?:ies)\b/i, 'I $1y'],
  [/^(\w+?(?:sh|ch|ss|x|o))es\b/i, 'I $1'],
  [/^(\w+?[^s])s\b/i, 'I $1'],
];

/**
 * What a stated fact is by what it says (a preference is a preference, not an event): the note
 * read back in the person's words ("Prefers pnpm over npm" → "I prefer pnpm over npm") by the same rules
 * extraction uses, developer statements included; then the wording rules; else a plain fact.
 */
export function factTypeOfNote(content: string): FactTypeName {
  const note = content.replace(/[’‘]/g, "'").replace(NOTE_SUBJECT, '').trim();
  const said = /^(?:I|I'm|I've|I'd|my|we|our|let's|never|always|don't|do not)\b/i.test(note)
    ? note
    : firstPersonOf(note);
  const [read] = extractPersonFacts([{ seq: 1, role: 'user', text: said }], { max: 1 });
  if (read && read.factType !== 'event') return read.factType;
  return guessFactType(note, read?.factType ?? 'fact');
}

function firstPersonOf(note: string): string {
  // A past verb reads as it is ("Decided to …", "Chose …"): only the subject is missing.
  if (/^\w+ed\b|^(?:chose|went|kept|left|got|made|took)\b/i.test(note))
    return `I ${lowerFirst(note)}`;
  for (const [verb, person] of FIRST_PERSON_VERB)
    if (verb.test(note)) return note.replace(verb, person);
  return note;
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);
