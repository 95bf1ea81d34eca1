import { findNearDuplicate, NEAR_DUPLICATE_THRESHOLD } from './dedup';
import {
  higherConfidence,
  type CandidateFact,
  type ConfidenceLevel,
  type ExistingFact,
  type FactSourceName,
} from './memory-fact';
import { classifySensitivity } from '@mnemo/memory-rules';

/** An unanswered proposal lapses after 14 days. */
export const PROPOSAL_LAPSE_DAYS = 14;

export interface PlannedFact extends CandidateFact {
  factId: string;
  source: FactSourceName;
}

/** What a reactor turns into MemoryFactExtracted / MemoryFactEdited / FactSuperseded / MemoryFactProposed. */
export type ExtractionWrite =
  | { kind: 'create'; fact: PlannedFact }
  | {
      kind: 'update';
      factId: string;
      content: string;
      confidence: ConfidenceLevel;
      occurredOn?: string;
    }
  | { kind: 'supersede'; factId: string; supersededBy: string; subject: string }
  | {
      kind: 'propose';
      proposalId: string;
      fact: PlannedFact;
      reason: string;
      proposedAt: string;
      lapsesAt: string;
    };

type Known = ExistingFact & { planned?: number };

/**
 * Decide what each validated candidate becomes, in order:
 * - a near-duplicate of a pending proposal: nothing, a proposal is offered once;
 * - sensitive and a near-duplicate of a stored fact: nothing, since rewording a fact the person confirmed
 *   needs their say again and re-proposing it would nag;
 * - sensitive and new: a proposal (its id is also the id the fact takes if confirmed);
 * - a near-duplicate of a stored fact: an update to the new wording with the higher confidence, or
 *   nothing when that changes nothing (so a redelivered extraction writes nothing twice);
 * - otherwise: a new fact; and when it sets a subject (home, job, a goal) that an older active fact set,
 *   the older one is superseded by it (moved city, changed job, dropped a goal).
 * Near-duplicates are looked for in the candidate's own session first, then among every fact passed in
 * (docs/memory-facts.md: a fact said again in a later session updates the one already kept). Candidates are also
 * deduplicated against each other. One pre-generated id is used per create or propose.
 */
export function planExtractionWrites(
  candidates: readonly CandidateFact[],
  existingFacts: readonly ExistingFact[],
  ids: readonly string[],
  now: Date,
  threshold = NEAR_DUPLICATE_THRESHOLD,
): ExtractionWrite[] {
  const writes: ExtractionWrite[] = [];
  const known: Known[] = existingFacts.map((f) => ({ ...f }));
  let nextId = 0;
  const takeId = (): string => {
    const id = ids[nextId++];
    if (id === undefined)
      throw new RangeError(`planExtractionWrites needs one id per new fact; got ${ids.length}`);
    return id;
  };

  for (const candidate of candidates) {
    const sensitivity = classifySensitivity(candidate);
    const match =
      findNearDuplicate(candidate, known, threshold) ??
      findNearDuplicate(
        candidate,
        known.map((k) => ({ ...k, sourceSession: candidate.sourceSession, of: k })),
        threshold,
      )?.of ??
      null;

    if (match) {
      if (match.kind === 'proposal' || sensitivity.sensitive) continue;
      const confidence = higherConfidence(match.confidence, candidate.confidence);
      if (match.content === candidate.content && match.confidence === confidence) continue;
      match.content = candidate.content;
      match.confidence = confidence;
      const planned = match.planned === undefined ? undefined : writes[match.planned];
      if (planned?.kind === 'create') {
        // Still unwritten: fold the restatement into the create instead of creating then editing.
        planned.fact = {
          ...planned.fact,
          content: candidate.content,
          confidence,
          ...mergedTurns(planned.fact, candidate),
        };
      } else {
        upsertUpdate(writes, {
          kind: 'update',
          factId: match.factId,
          content: candidate.content,
          confidence,
          ...(candidate.occurredOn ? { occurredOn: candidate.occurredOn } : {}),
        });
      }
      continue;
    }

    const fact: PlannedFact = {
      ...candidate,
      source: candidate.source ?? 'extraction',
      factId: takeId(),
    };
    const kind = sensitivity.sensitive ? 'proposal' : 'fact';
    known.push({ ...fact, kind, planned: writes.length });
    if (sensitivity.sensitive) {
      writes.push({
        kind: 'propose',
        proposalId: fact.factId,
        fact,
        reason: sensitivity.reason,
        proposedAt: now.toISOString(),
        lapsesAt: new Date(now.getTime() + PROPOSAL_LAPSE_DAYS * 86_400_000).toISOString(),
      });
    } else {
      writes.push({ kind: 'create', fact });
      if (fact.subject) supersedeOlder(writes, known, fact);
    }
  }
  return writes;
}

/**
 * Every other active fact that set the same subject gives way to the new one, and stops being matched;
 * except one said in the same turn: a turn that tells two sides of one subject ("I live in the dorm",
 * "I share a room there with Hanna") has not changed its mind between them.
 */
function supersedeOlder(writes: ExtractionWrite[], known: Known[], fact: PlannedFact): void {
  for (let i = known.length - 1; i >= 0; i--) {
    const older = known[i];
    if (
      older.factId === fact.factId ||
      older.kind === 'proposal' ||
      !sameSubject(older.subject, fact.subject) ||
      sameTurn(older, fact)
    )
      continue;
    writes.push({
      kind: 'supersede',
      factId: older.factId,
      supersededBy: fact.factId,
      subject: fact.subject!,
    });
    known.splice(i, 1);
  }
}

/**
 * Whether two facts set the same thing. A job may be named by its place or not; an activity may be named longer one time than the other: leaving
 * "the choir" leaves "the community choir" (`activity:choir` is the tail of `activity:community-choir`),
 * while a book club and a running club stay two activities.
 */
export function sameSubject(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  // "job" (no place said) is whichever job the person means; "job:bakery" and "job:st-luke-s" are two jobs.
  if ((a === 'job' && b.startsWith('job:')) || (b === 'job' && a.startsWith('job:'))) return true;
  // "the choir" and "the community choir", "the tapas place" and "a tapas place downtown": the shorter
  // name's words all in the longer one name the same job or pastime.
  if (a.startsWith('activity:') && b.startsWith('activity:'))
    return namesWithin(a.slice(9), b.slice(9));
  if (a.startsWith('job:') && b.startsWith('job:')) return namesWithin(a.slice(4), b.slice(4));
  return false;
}

function namesWithin(a: string, b: string): boolean {
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  const words = new Set(longer.split('-'));
  return shorter.split('-').every((w) => words.has(w));
}

const sameTurn = (
  a: Pick<CandidateFact, 'sourceSession' | 'sourceTurns'>,
  b: Pick<CandidateFact, 'sourceSession' | 'sourceTurns'>,
): boolean =>
  a.sourceSession === b.sourceSession &&
  (a.sourceTurns ?? []).some((t) => (b.sourceTurns ?? []).includes(t));

const mergedTurns = (planned: PlannedFact, candidate: CandidateFact) => {
  const turns = [
    ...new Set([
      ...(planned.sourceTurns ?? []),
      ...(candidate.sourceSession === planned.sourceSession ? (candidate.sourceTurns ?? []) : []),
    ]),
  ];
  return turns.length > 0 ? { sourceTurns: turns } : {};
};

function upsertUpdate(
  writes: ExtractionWrite[],
  update: Extract<ExtractionWrite, { kind: 'update' }>,
): void {
  // Two restatements of one stored fact in one batch end in a single edit, the last one.
  const at = writes.findIndex((w) => w.kind === 'update' && w.factId === update.factId);
  if (at >= 0) writes[at] = update;
  else writes.push(update);
}
