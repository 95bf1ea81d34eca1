import type { CodeSymbol, SnapshotLanguage } from '@mnemo/contracts';

export type { CodeSymbol, SnapshotLanguage, SymbolKind } from '@mnemo/contracts';

/** A file's symbols without its code: what a snapshot holds. */
export interface FileSymbols {
  language: SnapshotLanguage;
  /** sha256 of the file's bytes. */
  contentHash: string;
  lineCount: number;
  symbols: CodeSymbol[];
}
