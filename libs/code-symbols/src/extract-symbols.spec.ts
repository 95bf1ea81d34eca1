import { firstItems } from '@mnemo/testing';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { typescriptSymbols } from '../../../tests/support/typescript-symbols';
import { extractSymbols } from './extract-symbols';
import { languageOf } from './languages';

const ROOT = path.resolve(__dirname, '../../..');

const FIXTURE = `
import { Injectable } from '@nestjs/common';
export const TIMEOUT_MS = 2_000;
const DATABASE_URL = 'postgres://admin:hunter2hunter2@db.internal:5432/app';
export let counter: number;
export const double = (n: number): number => n * 2;
export function overloaded(a: string): string;
export function overloaded(a: number): number;
export function overloaded(a: unknown): unknown {
  return a;
}
export default function () {
  return 'secret-body-marker-7f3a';
}
@Injectable()
export class Store<T> extends Base implements Port {
  private readonly items = new Map<string, T>();
  static instances = 0;
  constructor(@Inject(TOKEN) private readonly db: Db) {
    super();
  }
  get size(): number {
    return this.items.size;
  }
  set size(value: number) {}
  @Log()
  async put(key: string, value: T): Promise<void> {
    this.items.set(key, value);
  }
  private key = (a: string, b: string) => \`\${a}:\${b}\`;
}
export interface Port {
  readonly name: string;
  put(key: string, value: unknown): Promise<void>;
}
export type Id = string & { readonly brand: 'id' };
export enum Color {
  Red,
  Green,
}
export namespace Outer.Inner {
  export function helper(): void {}
}
declare module 'somewhere' {
  export const x: number;
}
`;

describe('extractSymbols (tree-sitter) against the TypeScript compiler', () => {
  it('reads every kind of declaration the way the compiler does', async () => {
    const ours = await extractSymbols('typescript', FIXTURE);
    expect(ours.symbols).toEqual(typescriptSymbols('fixture.ts', FIXTURE));
    expect(ours.symbols.map((s) => `${s.kind} ${s.parent ? `${s.parent}.` : ''}${s.name}`)).toEqual(
      [
        'variable TIMEOUT_MS',
        'variable DATABASE_URL',
        'variable counter',
        'function double',
        'function overloaded',
        'function overloaded',
        'function overloaded',
        'function default',
        'class Store',
        'property Store.items',
        'property Store.instances',
        'constructor Store.constructor',
        'getter Store.size',
        'setter Store.size',
        'method Store.put',
        'property Store.key',
        'interface Port',
        'property Port.name',
        'method Port.put',
        'type Id',
        'enum Color',
        'namespace Outer.Inner',
        'function Outer.Inner.helper',
        "namespace 'somewhere'",
        "variable 'somewhere'.x",
      ],
    );
  });

  it('agrees with the compiler on this repository’s own TypeScript files', async () => {
    const files = execFileSync('git', ['ls-files', '*.ts'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file, i) => file && i % 25 === 0);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const ours = await extractSymbols(languageOf(file)!, text);
      expect({ file, symbols: ours.symbols }).toEqual({
        file,
        symbols: typescriptSymbols(file, text),
      });
    }
  });

  it('keeps no code body and redacts a secret in a default value', async () => {
    const snapshot = JSON.stringify(await extractSymbols('typescript', FIXTURE));
    expect(snapshot).not.toContain('secret-body-marker-7f3a');
    expect(snapshot).not.toContain('this.items.set');
    expect(snapshot).not.toContain('hunter2hunter2');
    expect(snapshot).toContain('TIMEOUT_MS = 2_000');
  });

  it('gives a renamed function the same body hash, and a changed body another', async () => {
    const [a, b, c] = firstItems(
      await Promise.all(
        [
          'function total(xs: number[]) {\n  return xs.reduce((s, x) => s + x, 0);\n}',
          'function sum(xs: number[]) {\n    return xs.reduce((s, x) => s + x, 0);\n}',
          'function total(xs: number[]) {\n  return xs.length;\n}',
        ].map((text) => extractSymbols('typescript', text)),
      ),
      3,
    );
    expect(b.symbols[0]?.bodyHash).toBe(a.symbols[0]?.bodyHash);
    expect(c.symbols[0]?.bodyHash).not.toBe(a.symbols[0]?.bodyHash);
  });
});

describe('extractSymbols for other languages', () => {
  const names = async (language: Parameters<typeof extractSymbols>[0], text: string) =>
    (await extractSymbols(language, text)).symbols.map(
      (s) =>
        `${s.kind} ${s.parent ? `${s.parent}.` : ''}${s.name} L${s.startLine}-L${s.endLine} ${s.signature}`,
    );

  it('reads JavaScript classes, functions and constants', async () => {
    await expect(
      names(
        'javascript',
        'export class A {\n  #n = 1;\n  run(x) {\n    return x;\n  }\n}\nconst f = async (a, b = 2) => a;\n',
      ),
    ).resolves.toEqual([
      'class A L1-L6 export class A',
      'property A.#n L2-L2 #n = 1',
      'method A.run L3-L5 run(x)',
      'function f L7-L7 const f = async (a, b = 2) =>',
    ]);
  });

  it('reads Python classes, methods and module constants', async () => {
    await expect(
      names(
        'python',
        'LIMIT = 3\n\n@dataclass\nclass A(B):\n    def __init__(self, a: int = 2):\n        self.a = a\n\n    def run(self) -> None:\n        pass\n',
      ),
    ).resolves.toEqual([
      'variable LIMIT L1-L1 LIMIT = 3',
      'class A L4-L9 class A(B)',
      'constructor A.__init__ L5-L6 def __init__(self, a: int = 2)',
      'method A.run L8-L9 def run(self) -> None',
    ]);
  });

  it('reads Go types, fields, methods under their receiver, and functions', async () => {
    await expect(
      names(
        'go',
        'package x\n\ntype S struct {\n\tA int\n}\n\nfunc (s *S) Do(a int) error {\n\treturn nil\n}\n\nfunc F() {}\n',
      ),
    ).resolves.toEqual([
      'class S L3-L5 S struct',
      'property S.A L4-L4 A int',
      'method S.Do L7-L9 func (s *S) Do(a int) error',
      'function F L11-L11 func F()',
    ]);
  });
});
