import { ExtractedFact, MAX_FACT_CHARS, MAX_FACTS_PER_EXTRACTION } from '@mnemo/llm/pure';
import { confidenceRank, type CandidateFact, type FactOrigin } from './memory-fact';

export { MAX_FACT_CHARS, MAX_FACTS_PER_EXTRACTION };

/** Shorter transcripts carry too little signal to extract from. */
export const MIN_TRANSCRIPT_CHARS = 200;
/** Dedup scope of an artifact with no source session. */
export const ARTIFACT_EXTRACT_SESSION = 'artifact-extract';

/** Whether an extraction reads the text at all: the offline rules read any text, however short. */
export const hasTextToExtract = (transcript: string): boolean => transcript.trim().length > 0;

/** Whether the text is long enough to pay a model call for. */
export const shouldExtract = (transcript: string): boolean =>
  transcript.trim().length >= MIN_TRANSCRIPT_CHARS;

export const segmentOrigin = (sessionId: string, segment: number): FactOrigin => ({
  sourceSession: sessionId,
  sourceSegment: segment,
});

/**
 * An artifact's facts share its source session's dedup scope, so the live-session path and the artifact
 * path deduplicate against each other; an artifact with no session falls back to `artifact-extract`.
 */
export function artifactOrigin(artifactId: string, sourceSessionId?: string | null): FactOrigin {
  const session = sourceSessionId?.trim();
  return {
    sourceSession: session ? session : ARTIFACT_EXTRACT_SESSION,
    sourceArtifactId: artifactId,
  };
}

/** The model is asked for `{"facts":[…]}`; a bare array is accepted too. Anything else: null. */
export function factItemsOf(modelOutput: unknown): unknown[] | null {
  if (Array.isArray(modelOutput)) return modelOutput;
  if (
    modelOutput !== null &&
    typeof modelOutput === 'object' &&
    Array.isArray((modelOutput as { facts?: unknown }).facts)
  ) {
    return (modelOutput as { facts: unknown[] }).facts;
  }
  return null;
}

// The item both adapters answer (libs/llm), and a fact is one or two sentences.
const FactItem = ExtractedFact.refine((f) => sentenceCount(f.content) <= 2, {
  message: 'a fact is one or two sentences',
  path: ['content'],
});

/**
 * Validate each item alone: a bad one is dropped and counted, the good ones are kept. Survivors are
 * ordered higher confidence first (stable within a level) and capped.
 */
export function validateFacts(
  rawItems: readonly unknown[],
  origin: FactOrigin,
): { facts: CandidateFact[]; dropped: number; overCap: number } {
  const valid: CandidateFact[] = [];
  for (const item of rawItems) {
    const parsed = FactItem.safeParse(item);
    if (!parsed.success) continue;
    const { sourceTurns, occurredOn, subject, category, ...fact } = parsed.data;
    valid.push({
      ...fact,
      ...origin,
      ...(sourceTurns && sourceTurns.length > 0 ? { sourceTurns } : {}),
      ...(occurredOn ? { occurredOn } : {}),
      ...(subject ? { subject } : {}),
      ...(category ? { category } : {}),
    });
  }
  // Array.prototype.sort is stable, so the model's order survives within one confidence level.
  valid.sort((a, b) => confidenceRank(b.confidence) - confidenceRank(a.confidence));
  const facts = valid.slice(0, MAX_FACTS_PER_EXTRACTION);
  return { facts, dropped: rawItems.length - valid.length, overCap: valid.length - facts.length };
}

const ABBREVIATIONS = /\b(?:mr|mrs|ms|dr|prof|st|jr|sr|vs|etc|e\.g|i\.e|approx|no)\.$/i;

/** Sentences end in . ! or ? followed by a space and a capital or digit; abbreviations and decimals do not end one. */
export function sentenceCount(text: string): number {
  let count = 1;
  const re = /[.!?]+["')\]]?\s+(?=["'(“]?[A-Z0-9])/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = text.slice(0, m.index + m[0].trimEnd().length);
    if (!ABBREVIATIONS.test(before)) count++;
  }
  return count;
}
