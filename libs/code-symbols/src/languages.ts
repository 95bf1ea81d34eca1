import type { SnapshotLanguage } from './snapshot-types';

const BY_EXTENSION: Record<string, SnapshotLanguage> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.py': 'python',
  '.go': 'go',
};

/** The language a path's extension names, or null for a file snapshots do not read. */
export function languageOf(path: string): SnapshotLanguage | null {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return null;
  return BY_EXTENSION[path.slice(dot).toLowerCase()] ?? null;
}

/** Each grammar's own wasm, as its npm package ships it: no native build anywhere. */
export const GRAMMAR_WASM: Record<SnapshotLanguage, string> = {
  typescript: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-typescript/tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript/tree-sitter-javascript.wasm',
  python: 'tree-sitter-python/tree-sitter-python.wasm',
  go: 'tree-sitter-go/tree-sitter-go.wasm',
};
