/**
 * `npm run bench:drift`: drift_since on this repository's own history (docs/code-symbols.md).
 *
 * For TypeScript files with at least three committed versions, over pairs of their versions (each
 * version against the next, and the first against the last), tree-sitter's snapshots and the
 * TypeScript compiler API's (tests/support/typescript-symbols.ts, the oracle) are diffed the same way.
 * Printed: symbol-extraction agreement (F1 over whole symbols), precision and recall of added,
 * removed and signature-changed symbols and recall of renames and moves against the oracle's delta,
 * tokens of the rendered delta against `git diff` of the same pair (cl100k through js-tiktoken), and
 * the snapshot's cost per file beside reading the file. Numbers only; nothing is asserted.
 *
 * BENCH_DRIFT_FILES (default 150) bounds the files; BENCH_DRIFT_REPO points at another repository.
 *
 * A second, held-out part reads code nobody here wrote: packages installed in node_modules in more than
 * one version (semver, glob, minimatch, yargs, …), each file against the same file in the package's
 * next version and its first against its last, TypeScript and JavaScript alike (`git diff --no-index`
 * for the tokens). The drift rules were never tuned on it. Only read, never copied.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getEncoding } from 'js-tiktoken';
import {
  BlobReader,
  diffSymbols,
  git,
  extractSymbols,
  languageOf,
  qualifiedName,
  renderDrift,
  type CodeSymbol,
  type SymbolDrift,
} from '@mnemo/code-symbols';

import { typescriptSymbols } from '../support/typescript-symbols';

const ROOT = process.env.BENCH_DRIFT_REPO ?? path.resolve(__dirname, '../..');
const MAX_FILES = Number(process.env.BENCH_DRIFT_FILES ?? 150);
const tokens = getEncoding('cl100k_base');

interface Version {
  commit: string;
  at: string;
}

const symbolKey = (s: CodeSymbol) =>
  [qualifiedName(s), s.kind, s.signature, s.startLine, s.endLine, s.bodyHash].join('|');
const nameKey = (s: { name: string; kind: string; parent?: string }) =>
  `${s.kind} ${qualifiedName(s)}`;

/** Matches of two multisets of keys. */
function overlap(a: readonly string[], b: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const k of a) counts.set(k, (counts.get(k) ?? 0) + 1);
  let n = 0;
  for (const k of b) {
    const c = counts.get(k) ?? 0;
    if (c > 0) {
      n++;
      counts.set(k, c - 1);
    }
  }
  return n;
}

class Score {
  predicted = 0;
  truth = 0;
  hit = 0;
  add(predicted: readonly string[], truth: readonly string[]) {
    this.predicted += predicted.length;
    this.truth += truth.length;
    this.hit += overlap(predicted, truth);
  }
  get precision() {
    return this.predicted === 0 ? 1 : this.hit / this.predicted;
  }
  get recall() {
    return this.truth === 0 ? 1 : this.hit / this.truth;
  }
  get f1() {
    const p = this.precision;
    const r = this.recall;
    return p + r === 0 ? 0 : (2 * p * r) / (p + r);
  }
}

const changesOf = (d: SymbolDrift) => ({
  added: d.added.map(nameKey),
  removed: d.removed.map(nameKey),
  signatureChanged: d.signatureChanged.map((c) => nameKey(c.to)),
  renamedOrMoved: [...d.renamed, ...d.moved].map((c) => `${nameKey(c.from)} → ${nameKey(c.to)}`),
});

/** One version of a file: what names it (a commit, a package version), when, and its text. */
interface VersionText {
  commit: string;
  at: string;
  text: string;
}

/** A file's versions, oldest first, and the diff a reader would otherwise be handed for a pair. */
interface FileHistory {
  file: string;
  versions: VersionText[];
  diff: (a: VersionText, b: VersionText) => Promise<string>;
}

async function commitsByFile(): Promise<Map<string, Version[]>> {
  const out = await git(ROOT, [
    'log',
    '--reverse',
    '--no-merges',
    '--format=@%H %cI',
    '--name-only',
    '--',
    '*.ts',
    '*.tsx',
  ]);
  const byFile = new Map<string, Version[]>();
  let current: Version | null = null;
  for (const line of out.split('\n')) {
    if (line.startsWith('@')) {
      const [commit = '', at = ''] = line.slice(1).split(' ');
      current = { commit, at };
    } else if (line && current && languageOf(line)?.startsWith('t')) {
      const list = byFile.get(line) ?? [];
      list.push(current);
      byFile.set(line, list);
    }
  }
  return byFile;
}

/** This repository's TypeScript files with at least three committed versions, spread over the tree. */
async function repositoryHistories(): Promise<FileHistory[]> {
  const histories = [...(await commitsByFile())]
    .filter(([file, versions]) => versions.length >= 3 && !file.includes('__golden__'))
    .sort(([a], [b]) => a.localeCompare(b));
  // every k-th file, so the sample spans the tree rather than its first folders
  const step = Math.max(1, Math.floor(histories.length / MAX_FILES));
  const sample = histories.filter((_, i) => i % step === 0).slice(0, MAX_FILES);
  const reader = new BlobReader(ROOT);
  try {
    const out: FileHistory[] = [];
    for (const [file, commits] of sample) {
      const versions: VersionText[] = [];
      for (const v of commits) {
        const bytes = await reader.read(v.commit, file);
        if (bytes) versions.push({ ...v, text: bytes.toString('utf8') });
      }
      out.push({
        file,
        versions,
        diff: (a, b) => git(ROOT, ['diff', '--no-color', a.commit, b.commit, '--', file]),
      });
    }
    return out;
  } finally {
    reader.close();
  }
}

const PACKAGE_FILE_MAX_BYTES = 300 * 1024;
const versionOrder = (a: string, b: string) => {
  const parts = (v: string) => v.split(/[.-]/).map((p) => Number(p) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

/** Every installed copy of each package, by version: node_modules/<name> and nested ones. */
function installedPackages(): Map<string, Map<string, string>> {
  const byName = new Map<string, Map<string, string>>();
  const visit = (modules: string) => {
    let entries: string[];
    try {
      entries = readdirSync(modules);
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.startsWith('.')) continue;
      const dirs = entry.startsWith('@')
        ? readdirSync(path.join(modules, entry)).map((inner) => path.join(modules, entry, inner))
        : [path.join(modules, entry)];
      for (const dir of dirs) {
        try {
          const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
            name?: string;
            version?: string;
          };
          if (manifest.name && manifest.version) {
            const versions = byName.get(manifest.name) ?? new Map<string, string>();
            if (!versions.has(manifest.version)) versions.set(manifest.version, dir);
            byName.set(manifest.name, versions);
          }
        } catch {
          // not a package folder
        }
        visit(path.join(dir, 'node_modules'));
      }
    }
  };
  visit(path.join(path.resolve(__dirname, '../..'), 'node_modules'));
  return byName;
}

/** A package's source files (its own, not its dependencies'), by path inside the package. */
function packageFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...packageFiles(dir, relative));
    } else if (
      languageOf(entry.name)?.match(/^(typescript|tsx|javascript)$/) &&
      !entry.name.endsWith('.min.js')
    ) {
      if (statSync(path.join(dir, relative)).size <= PACKAGE_FILE_MAX_BYTES) out.push(relative);
    }
  }
  return out;
}

function diffNoIndex(a: string, b: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // exit status 1 means "they differ", which is the point
    execFile(
      'git',
      ['diff', '--no-index', '--no-color', a, b],
      { maxBuffer: 64 << 20 },
      (error, stdout) => {
        if (error && error.code !== 1) reject(new Error(`git diff --no-index: ${error.message}`));
        else resolve(stdout);
      },
    );
  });
}

/** Files of packages installed in more than one version, each file's versions oldest first. */
function installedPackageHistories(): FileHistory[] {
  const out: FileHistory[] = [];
  for (const [name, byVersion] of [...installedPackages()].sort(([a], [b]) => a.localeCompare(b))) {
    if (byVersion.size < 2) continue;
    const versions = [...byVersion].sort(([a], [b]) => versionOrder(a, b));
    const files = new Map<string, VersionText[]>();
    const where = new Map<VersionText, string>();
    for (const [version, dir] of versions)
      for (const file of packageFiles(dir)) {
        const full = path.join(dir, file);
        const v = {
          commit: `v${version}`,
          at: '2026-01-01T00:00:00Z',
          text: readFileSync(full, 'utf8'),
        };
        where.set(v, full);
        files.set(file, [...(files.get(file) ?? []), v]);
      }
    for (const [file, texts] of files)
      if (texts.length >= 2)
        out.push({
          file: `${name}/${file}`,
          versions: texts,
          diff: (a, b) => diffNoIndex(where.get(a)!, where.get(b)!),
        });
  }
  return out;
}

/** Extraction agreement, delta scores and token ratio over the histories, as printed lines. */
async function scoreHistories(title: string, histories: readonly FileHistory[]): Promise<string[]> {
  const extraction = new Score();
  const scores = {
    added: new Score(),
    removed: new Score(),
    signatureChanged: new Score(),
    renamedOrMoved: new Score(),
  };
  let pairs = 0;
  let deltaTokens = 0;
  let diffTokens = 0;
  const perPairRatios: number[] = [];
  let versions = 0;
  for (const { file, versions: texts, diff } of histories) {
    const language = languageOf(file);
    if (!language) continue;
    const snapshots: { ours: CodeSymbol[]; oracle: CodeSymbol[]; hash: string; v: VersionText }[] =
      [];
    for (const v of texts) {
      const ours = await extractSymbols(language, v.text);
      const oracle = typescriptSymbols(file, v.text);
      extraction.add(ours.symbols.map(symbolKey), oracle.map(symbolKey));
      snapshots.push({ ours: ours.symbols, oracle, hash: ours.contentHash, v });
      versions++;
    }
    const pairIndexes: [number, number][] = snapshots
      .slice(1)
      .map((_, i): [number, number] => [i, i + 1]);
    if (snapshots.length > 2) pairIndexes.push([0, snapshots.length - 1]);
    for (const [i, j] of pairIndexes) {
      const a = snapshots[i];
      const b = snapshots[j];
      if (!a || !b || a.hash === b.hash) continue;
      pairs++;
      const ours = diffSymbols(a.ours, b.ours);
      const truth = changesOf(diffSymbols(a.oracle, b.oracle));
      const predicted = changesOf(ours);
      for (const key of Object.keys(scores) as (keyof typeof scores)[])
        scores[key].add(predicted[key], truth[key]);
      const rendered = renderDrift(
        file,
        { at: a.v.at, commit: a.v.commit, contentHash: a.hash },
        { at: b.v.at, commit: b.v.commit, contentHash: b.hash },
        ours,
      );
      const dt = tokens.encode(rendered).length;
      const gt = tokens.encode(await diff(a.v, b.v)).length;
      if (gt > 0) {
        deltaTokens += dt;
        diffTokens += gt;
        perPairRatios.push(dt / gt);
      }
    }
  }
  const pct = (x: number) => x.toFixed(3);
  perPairRatios.sort((x, y) => x - y);
  const median = perPairRatios[Math.floor(perPairRatios.length / 2)] ?? 0;
  return [
    `${title}: ${histories.length} files, ${versions} versions, ${pairs} pairs of versions`,
    `  symbol extraction vs the TypeScript compiler API: F1 ${pct(extraction.f1)} (precision ${pct(extraction.precision)}, recall ${pct(extraction.recall)}; ${extraction.truth} symbols)   aim ≥ 0.99`,
    `  added              precision ${pct(scores.added.precision)}  recall ${pct(scores.added.recall)}  (${scores.added.truth} in the oracle's deltas)   aim ≥ 0.95`,
    `  removed            precision ${pct(scores.removed.precision)}  recall ${pct(scores.removed.recall)}  (${scores.removed.truth})`,
    `  signature changed  precision ${pct(scores.signatureChanged.precision)}  recall ${pct(scores.signatureChanged.recall)}  (${scores.signatureChanged.truth})`,
    `  renamed or moved   recall ${pct(scores.renamedOrMoved.recall)}  (${scores.renamedOrMoved.truth})   aim ≥ 0.85`,
    `  tokens: rendered delta ${deltaTokens} vs git diff ${diffTokens} = ${((100 * deltaTokens) / Math.max(1, diffTokens)).toFixed(1)} % in all, median pair ${(100 * median).toFixed(1)} %   aim ≤ 10 %`,
  ];
}

async function main() {
  const own = await repositoryHistories();
  const lines = [
    ...(await scoreHistories(`drift_since on ${path.basename(ROOT)}'s history (dev)`, own)),
    ...(await scoreHistories(
      'held out: packages installed in more than one version (code nobody here wrote)',
      installedPackageHistories(),
    )),
  ];

  // cost per file: the working tree's versions of the sampled files, read alone, then read and parsed
  const present = own
    .map(({ file }) => path.join(ROOT, file))
    .filter((full) => {
      try {
        readFileSync(full);
        return true;
      } catch {
        return false;
      }
    });
  const ROUNDS = 5;
  let readMs = Infinity;
  let snapshotMs = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    let t = performance.now();
    for (const full of present) readFileSync(full, 'utf8');
    readMs = Math.min(readMs, performance.now() - t);
    t = performance.now();
    for (const full of present) {
      const language = languageOf(full);
      if (language) await extractSymbols(language, readFileSync(full, 'utf8'));
    }
    snapshotMs = Math.min(snapshotMs, performance.now() - t);
  }
  lines.push(
    `snapshot cost per file: ${(snapshotMs / Math.max(1, present.length)).toFixed(2)} ms read and parsed vs ${(readMs / Math.max(1, present.length)).toFixed(3)} ms read alone (${(snapshotMs / Math.max(1e-9, readMs)).toFixed(0)}×, best of ${ROUNDS}, ${present.length} files)`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
