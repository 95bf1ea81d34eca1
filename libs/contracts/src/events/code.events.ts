import { z } from 'zod';
import { storedCount } from './stored-integer';

/** What a symbol is, as the snapshot names it: the same words for every language. */
export const SYMBOL_KINDS = [
  'namespace',
  'class',
  'interface',
  'type',
  'enum',
  'function',
  'variable',
  'constructor',
  'method',
  'getter',
  'setter',
  'property',
] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

export const SNAPSHOT_LANGUAGES = ['typescript', 'tsx', 'javascript', 'python', 'go'] as const;
export type SnapshotLanguage = (typeof SNAPSHOT_LANGUAGES)[number];

const hex = (length: number) => z.string().regex(new RegExp(`^[0-9a-f]{${length}}$`));

/**
 * One declaration of a file, without its code: its name, where it sits, the header a caller sees
 * (redacted) and a hash of its body, so a change inside it shows without the body leaving the machine.
 */
export const CodeSymbol = z.object({
  name: z.string().min(1).max(300),
  kind: z.enum(SYMBOL_KINDS),
  /** The enclosing class, interface or namespace, dotted when nested (`Outer.Inner`). */
  parent: z.string().min(1).max(600).optional(),
  signature: z.string().max(1000),
  startLine: storedCount.min(1),
  endLine: storedCount.min(1),
  /** sha256 (first 16 hex) of the body with whitespace collapsed and the name left out: a rename keeps it. */
  bodyHash: hex(16),
});
export type CodeSymbol = z.infer<typeof CodeSymbol>;

/**
 * A file's symbols at one point of its history, computed on the developer's machine: at a commit
 * (`commit`, `occurredAt` its commit time) or in the working tree after an edit (`occurredAt` the
 * edit). The content hash names the file's text, which never leaves the machine.
 */
export const SymbolSnapshotRecorded = z.object({
  project: z.string().min(1).max(2000),
  /** The file's path from the repository root, with `/`. */
  path: z.string().min(1).max(2000),
  language: z.enum(SNAPSHOT_LANGUAGES),
  /** sha256 of the file's bytes. */
  contentHash: hex(64),
  commit: hex(40).optional(),
  /** Who made this version, when git says (the commit's author name). */
  author: z.string().max(200).optional(),
  lineCount: storedCount,
  symbols: z.array(CodeSymbol).max(5000),
});

export const codeEvents = { SymbolSnapshotRecorded } as const;
