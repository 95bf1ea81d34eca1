export { extractSymbols, contentHashOf } from './extract-symbols';
export { languageOf } from './languages';
export { collapse, textHash, signatureOf, isShortLiteralText } from './symbol-text';
export type { FileSymbols, CodeSymbol, SnapshotLanguage, SymbolKind } from './snapshot-types';
export { diffSymbols, qualifiedName } from './symbol-drift';
export type { SymbolDrift, SymbolChange, SymbolPlace } from './symbol-drift';
export { driftReport, renderDrift, driftHeadline } from './render-drift';
export type { DriftReport, SnapshotPoint } from './render-drift';
export {
  MAX_SNAPSHOT_BYTES,
  driftFromGit,
  historySnapshots,
  symbolInFile,
  trackedSourceFiles,
  workingTreeSnapshots,
} from './local-snapshots';
export type { LocalSnapshot, SnapshotSkips } from './local-snapshots';
export { git, repositoryRoot, fileVersions, versionAtOrBefore, BlobReader } from './git-history';
export type { FileVersion } from './git-history';
export { snapshotEvent, eventBatches } from './snapshot-event';
export type { SnapshotIngestEvent } from './snapshot-event';
