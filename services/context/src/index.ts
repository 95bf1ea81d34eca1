/**
 * @mnemo/context-service: the context assembler.
 *
 * One read owns a context request on the gateway and in the service alike (`ContextRead`,
 * read/context-read.ts, docs/context.md "The read path"): the gate once, the cache, then on a miss the
 * builds it is given, then the answer as its caller renders it. The domain is pure. A build loads each
 * source fail-open (a source that throws or times out is left undefined and named in `failedSources`),
 * then calls:
 *
 *   assembleClaudeMd(sources, DEFAULT_CONTEXT_BUDGETS, contextModeFor(sources.session))
 *     → { markdown, telemetry, usedMemoryIds, spilled }
 *   assembleMemoryBlock(sources, DEFAULT_CONTEXT_BUDGETS)
 *     → { text, telemetry, usedMemoryIds }
 *
 * It records `telemetry`, stamps last_used_at on `usedMemoryIds`, and serves the text.
 *
 * Service pieces: `contextProjection` (its own read models) and `contextSourcesProjection` (its copies
 * of memory's, ingest's and compaction's data) and `contextLifeInventoryProjection` (its copy of the life
 * inventory, for a coaching session's summary), all moving the cache version (`ContextVersions…`, a
 * service migration) with their rows; `startContextRpc`
 * (the request/reply handlers), `ContextApiModule` (HTTP routes on the gateway), `contextGrpcBinding`
 * and `registerContextCommands` (CLI).
 */
export * from './domain/context-sources';
export * from './domain/claude-md-telemetry';
export { assembleClaudeMd, type ClaudeMdResult } from './domain/assemble-claude-md';
export { sessionKindOf, type SessionKind, type SessionTraits } from './domain/session-kind';
export { assembleDeveloperDigest, type DeveloperDigest } from './domain/developer-digest';
export * from './domain/developer-digest-sources';
export {
  assembleMemoryBlock,
  MEMORY_BLOCK_HEADING,
  type MemoryBlockResult,
  type MemoryBlockTelemetry,
} from './domain/assemble-memory-block';
export {
  buildRollingRecallLine,
  type RollingRecallInput,
  type Band,
} from './domain/rolling-recall';
export { FENCE_OPEN, FENCE_CLOSE } from './domain/data-fence';
export { ARTIFACT_READ_ROUTE, ARTIFACT_LIST_ROUTE } from './domain/memory-usage-instructions';
export {
  ArtifactsController,
  ListArtifactsQuery,
  ReadArtifactQuery,
} from './api/artifacts.controller';
export { SettingsBody } from './api/account-settings.controller';
export { contextProjection } from './projections/context.projection';
export { contextSourcesProjection } from './projections/context-sources.projection';
export { contextLifeInventoryProjection } from './projections/context-life-inventory.projection';
export { contextMigrations } from './projections/context-versions.migration';
export { startContextRpc } from './rpc/context-rpc.responder';
export { loadContextConfig, ContextEnv, type ContextConfig } from './context.config';
export { ContextHandler } from './rpc/context.handler';
export {
  ContextRead,
  type ContextAnswer,
  type ContextReadDeps,
  type Rendering,
} from './read/context-read';
export type { Build, ContextBuilds, ClaudeMdValue, MemoryBlockValue } from './read/context-builds';
export { ContextCacheFront } from './cache/context-cache-front';
export { ContextApiModule } from './api/context-api.module';
export { contextGrpcBinding, GATEWAY_PROTO, PROTO_OPTIONS } from './api/context-grpc.binding';
export { TELEMETRY_HEADER } from './api/context.controller';
export {
  registerContextCommands,
  runClaudeMdCommand,
  writeFileAtomically,
} from './cli/context.command';
export { ClaudeMdQuery } from './api/context-query';
