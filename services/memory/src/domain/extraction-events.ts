import type { PayloadOf } from '@mnemo/contracts';
import type { ExtractionWrite } from './extraction-plan';

/** The sensitive-fact reason fits the event's 200 characters. */
const MAX_REASON_CHARS = 200;

export type WriteEvent =
  | { type: 'MemoryFactExtracted'; key: string; payload: PayloadOf<'MemoryFactExtracted'> }
  | { type: 'MemoryFactEdited'; key: string; payload: PayloadOf<'MemoryFactEdited'> }
  | { type: 'FactSuperseded'; key: string; payload: PayloadOf<'FactSuperseded'> }
  | { type: 'MemoryFactProposed'; key: string; payload: PayloadOf<'MemoryFactProposed'> };

/**
 * A planned write as the event that records it. `key` names the write within its extraction (the id of
 * the event derives from it), and an edit carries the version it produces: the stored one plus one.
 */
export function writeEvent(
  write: ExtractionWrite,
  versionOf: (factId: string) => number,
): WriteEvent {
  switch (write.kind) {
    case 'create': {
      const { factId, factType, content, confidence, source, sourceSession } = write.fact;
      return {
        type: 'MemoryFactExtracted',
        key: `create:${factId}`,
        payload: {
          factId,
          factType,
          content,
          confidence,
          source,
          sourceSession,
          ...optional(write.fact),
        },
      };
    }
    case 'update': {
      const version = versionOf(write.factId) + 1;
      return {
        type: 'MemoryFactEdited',
        key: `update:${write.factId}:${version}`,
        payload: {
          factId: write.factId,
          content: write.content,
          confidence: write.confidence,
          version,
          ...(write.occurredOn ? { occurredOn: write.occurredOn } : {}),
        },
      };
    }
    case 'supersede':
      return {
        type: 'FactSuperseded',
        key: `supersede:${write.factId}:${write.supersededBy}`,
        payload: { factId: write.factId, supersededBy: write.supersededBy, subject: write.subject },
      };
    case 'propose': {
      const { factId, factType, content, confidence, source, sourceSession } = write.fact;
      return {
        type: 'MemoryFactProposed',
        key: `propose:${write.proposalId}`,
        payload: {
          factId,
          factType,
          content,
          confidence,
          source,
          sourceSession,
          ...optional(write.fact),
          proposalId: write.proposalId,
          sensitiveReason: write.reason.slice(0, MAX_REASON_CHARS),
        },
      };
    }
    default: {
      const _never: never = write;
      return _never;
    }
  }
}

/** The provenance and detail a fact carries when it has them (docs/memory-facts.md). */
const optional = (fact: ExtractionWriteFact) => ({
  ...(fact.sourceSegment !== undefined ? { sourceSegment: fact.sourceSegment } : {}),
  ...(fact.sourceArtifactId !== undefined ? { sourceArtifactId: fact.sourceArtifactId } : {}),
  ...(fact.sourceTurns?.length ? { sourceTurns: fact.sourceTurns } : {}),
  ...(fact.occurredOn ? { occurredOn: fact.occurredOn } : {}),
  ...(fact.subject ? { subject: fact.subject } : {}),
});

type ExtractionWriteFact = Extract<ExtractionWrite, { kind: 'create' }>['fact'];
