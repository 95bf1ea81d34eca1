import type { PayloadOf } from '@mnemo/contracts';
import type { ExtractionWrite } from '../domain/extraction-plan';

/** The sensitive-fact reason fits the event's 200 characters. */
const MAX_REASON_CHARS = 200;

export type WriteEvent =
  | { type: 'MemoryFactExtracted'; key: string; payload: PayloadOf<'MemoryFactExtracted'> }
  | { type: 'MemoryFactEdited'; key: string; payload: PayloadOf<'MemoryFactEdited'> }
  | { type: 'MemoryFactProposed'; key: string; payload: PayloadOf<'MemoryFactProposed'> };

/**
 * A planned write as the event that records it. `key` names the write within its extraction (the id of
 * the event derives from it), and an edit carries the version it produces: the stored one plus one.
 */
export function writeEvent(write: ExtractionWrite, versionOf: (factId: string) => number): WriteEvent {
  switch (write.kind) {
    case 'create': {
      const { factId, factType, content, confidence, source, sourceSession, sourceSegment, sourceArtifactId } = write.fact;
      return {
        type: 'MemoryFactExtracted',
        key: `create:${factId}`,
        payload: { factId, factType, content, confidence, source, sourceSession, ...optional(sourceSegment, sourceArtifactId) },
      };
    }
    case 'update': {
      const version = versionOf(write.factId) + 1;
      return {
        type: 'MemoryFactEdited',
        key: `update:${write.factId}:${version}`,
        payload: { factId: write.factId, content: write.content, confidence: write.confidence, version },
      };
    }
    case 'propose': {
      const { factId, factType, content, confidence, source, sourceSession, sourceSegment, sourceArtifactId } = write.fact;
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
          ...optional(sourceSegment, sourceArtifactId),
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

const optional = (sourceSegment?: number, sourceArtifactId?: string) => ({
  ...(sourceSegment !== undefined ? { sourceSegment } : {}),
  ...(sourceArtifactId !== undefined ? { sourceArtifactId } : {}),
});
