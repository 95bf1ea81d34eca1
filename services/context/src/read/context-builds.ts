import type { ClaudeMdRequest, MemoryBlockReply, MemoryBlockRequest } from '@mnemo/contracts';
import type { SharedDocuments, ClaudeMdValue } from '../cache/shared-documents';
import type { UsedMemoryStamper } from '../cache/used-memory-stamper';
import type { TelemetryBatcher } from '../effects/telemetry-batcher';
import type { SessionRows } from '../sources/session-rows';
import type { SourceReader } from '../sources/source-reader';

export type { ClaudeMdValue } from '../cache/shared-documents';
export type MemoryBlockValue = Omit<MemoryBlockReply, 'cached'>;

/** A session's own rows as the cache lookup read them, with the sources that failed on the way. */
export interface KnownRows {
  rows: SessionRows;
  failed: string[];
}

/** What a read keeps in its process, shared with its builds: the shared documents, the stamps, the telemetry batch. */
export interface ReadParts {
  shared: SharedDocuments<ClaudeMdValue>;
  stamper: UsedMemoryStamper;
  telemetry: TelemetryBatcher;
}

/** What a miss gave: the value and whether it came from a cache after all (a shared document the builder kept). */
export interface Build<V> {
  value: V;
  cached: boolean;
}

/**
 * What a context read does on a miss, after the gate and the cache (read/context-read.ts): the context
 * service builds (local-builds.ts); the gateway asks the service (api/context.client.ts); a bare cache
 * front reports the miss (null). `name` is the request's own cache entry; `known`, the session's rows when
 * the lookup read them.
 */
export interface ContextBuilds {
  claudeMd(
    reader: SourceReader,
    request: ClaudeMdRequest,
    name: string,
    known?: KnownRows,
  ): Promise<Build<ClaudeMdValue> | null>;
  memoryBlock(
    reader: SourceReader,
    request: MemoryBlockRequest,
    name: string,
  ): Promise<Build<MemoryBlockValue> | null>;
}

/**
 * A cache front's misses: reported to the caller, who asks the context service. A CLAUDE.md miss tells
 * this process that the service is about to build the account's document at this version, so its next
 * new sessions look for the shared one (cache/shared-documents.ts).
 */
export const reportMisses = ({ shared }: ReadParts): ContextBuilds => ({
  claudeMd: (reader) => {
    shared.expect(reader.stamp);
    return Promise.resolve(null);
  },
  memoryBlock: () => Promise.resolve(null),
});
