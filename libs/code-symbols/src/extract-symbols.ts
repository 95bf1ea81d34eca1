import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Language, Parser } from 'web-tree-sitter';
import { ecmascriptSymbols } from './ecmascript-symbols';
import { goSymbols } from './go-symbols';
import { GRAMMAR_WASM } from './languages';
import { pythonSymbols } from './python-symbols';
import type { CodeSymbol, FileSymbols, SnapshotLanguage } from './snapshot-types';

let runtime: Promise<void> | undefined;
const grammars = new Map<SnapshotLanguage, Promise<Language>>();

function grammar(language: SnapshotLanguage): Promise<Language> {
  let loaded = grammars.get(language);
  if (!loaded) {
    runtime ??= Parser.init();
    // the bytes, not the path: web-tree-sitter would read a path with a dynamic import
    loaded = runtime.then(() =>
      Language.load(readFileSync(require.resolve(GRAMMAR_WASM[language]))),
    );
    grammars.set(language, loaded);
  }
  return loaded;
}

export const contentHashOf = (content: string | Buffer): string =>
  createHash('sha256').update(content).digest('hex');

/**
 * A file's symbols without its code, parsed by tree-sitter with the language's own grammar. The
 * parse is local: the file's text is read here and only names, headers (redacted), line ranges and
 * hashes come out.
 */
export async function extractSymbols(
  language: SnapshotLanguage,
  content: string,
): Promise<FileSymbols> {
  const loaded = await grammar(language);
  const parser = new Parser();
  try {
    parser.setLanguage(loaded);
    const tree = parser.parse(content);
    if (!tree) throw new Error(`tree-sitter gave no tree for a ${language} file`);
    try {
      return {
        language,
        contentHash: contentHashOf(content),
        lineCount: content === '' ? 0 : content.split('\n').length,
        symbols: symbolsOf(language, tree.rootNode, content),
      };
    } finally {
      tree.delete();
    }
  } finally {
    parser.delete();
  }
}

function symbolsOf(
  language: SnapshotLanguage,
  root: Parameters<typeof ecmascriptSymbols>[0],
  source: string,
): CodeSymbol[] {
  switch (language) {
    case 'typescript':
    case 'tsx':
    case 'javascript':
      return ecmascriptSymbols(root, source);
    case 'python':
      return pythonSymbols(root, source);
    case 'go':
      return goSymbols(root, source);
    default: {
      const _never: never = language;
      throw new Error(`no symbol rules for ${String(_never)}`);
    }
  }
}
