/**
 * `npm run bench:logs`: log template mining on the public Loghub-2k development half
 * (../shared/datasets/loghub-2k-dev, read in place, never copied), one configuration for every system.
 *
 * Per system and on average: grouping accuracy (GA: a line is right when its predicted group holds
 * exactly the lines of its true template), parsing accuracy (PA: its template text equals the true
 * one), and lines per second on one core beside a floor measured in the same run (reading the file
 * and splitting it into lines and fields). Numbers only; nothing here is asserted.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { TemplateMiner } from '@mnemo/log-templates';

const DATASET =
  process.env.MNEMO_LOGHUB_DIR ?? path.resolve(__dirname, '../../../shared/datasets/loghub-2k-dev');
const ROUNDS = 20;

interface Line {
  content: string;
  truth: string;
}

function readSystem(system: string): { raw: string; lines: Line[] } {
  const raw = readFileSync(path.join(DATASET, system, `${system}_2k.log_structured.csv`), 'utf8');
  const rows = parse<Record<string, string>>(raw, { columns: true, skip_empty_lines: true });
  return {
    raw,
    lines: rows.map((row) => ({ content: row.Content ?? '', truth: row.EventTemplate ?? '' })),
  };
}

function mine(lines: readonly Line[]): string[] {
  const miner = new TemplateMiner();
  const ids = lines.map((line) => miner.add(line.content).template.id);
  return ids;
}

function scores(lines: readonly Line[]): { ga: number; pa: number; templates: number } {
  const miner = new TemplateMiner();
  const ids = lines.map((line) => miner.add(line.content).template.id);
  const texts = ids.map((id) => miner.get(id)?.text ?? '');
  const predicted = groups(ids);
  const truth = groups(lines.map((line) => line.truth));
  let grouped = 0;
  let parsed = 0;
  lines.forEach((line, i) => {
    const mine = predicted.get(ids[i] ?? '') ?? [];
    const theirs = truth.get(line.truth) ?? [];
    if (mine.length === theirs.length && mine.every((index, k) => index === theirs[k])) grouped++;
    if (normalize(texts[i] ?? '') === normalize(line.truth)) parsed++;
  });
  return { ga: grouped / lines.length, pa: parsed / lines.length, templates: predicted.size };
}

function groups(keys: readonly string[]): Map<string, number[]> {
  const byKey = new Map<string, number[]>();
  keys.forEach((key, i) => {
    const group = byKey.get(key);
    if (group) group.push(i);
    else byKey.set(key, [i]);
  });
  return byKey;
}

const normalize = (template: string): string => template.trim().replace(/\s+/g, ' ');

function linesPerSecond(run: () => void, lineCount: number): number {
  run(); // warm-up
  const started = process.hrtime.bigint();
  for (let round = 0; round < ROUNDS; round++) run();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return (lineCount * ROUNDS) / seconds;
}

function main(): void {
  if (!existsSync(DATASET)) {
    console.log(`no Loghub dataset at ${DATASET} (MNEMO_LOGHUB_DIR)`);
    return;
  }
  const systems = ['Apache', 'BGL', 'HDFS', 'HPC', 'Hadoop', 'HealthApp', 'Mac', 'Spark'];
  console.log('system      lines  truth  mined     GA     PA   lines/s   floor/s  ratio');
  let gaSum = 0;
  let paSum = 0;
  let minGa = 1;
  // every system's lines one after another: what one core folds of a mixed host, and its floor
  let minedSeconds = 0;
  let floorSeconds = 0;
  let allLines = 0;
  for (const system of systems) {
    const { raw, lines } = readSystem(system);
    const { ga, pa, templates } = scores(lines);
    const truthCount = new Set(lines.map((line) => line.truth)).size;
    const contents = lines.map((line) => line.content);
    const speed = linesPerSecond(() => mine(lines), lines.length);
    const floor = linesPerSecond(() => {
      const rows = raw.split('\n');
      for (const row of rows) row.split(',');
    }, contents.length);
    gaSum += ga;
    paSum += pa;
    allLines += lines.length;
    minedSeconds += lines.length / speed;
    floorSeconds += lines.length / floor;
    minGa = Math.min(minGa, ga);
    console.log(
      `${system.padEnd(10)} ${String(lines.length).padStart(6)} ${String(truthCount).padStart(6)} ${String(templates).padStart(6)}  ${ga.toFixed(3)}  ${pa.toFixed(3)} ${fmt(speed)} ${fmt(floor)}  ${(speed / floor).toFixed(2)}`,
    );
  }
  console.log(
    `${'all'.padEnd(10)} ${String(allLines).padStart(6)}                              ${fmt(allLines / minedSeconds)} ${fmt(allLines / floorSeconds)}  ${(floorSeconds / minedSeconds).toFixed(2)}   aim ≥ 200,000 lines/s`,
  );
  console.log(
    `average GA ${(gaSum / systems.length).toFixed(3)} (lowest ${minGa.toFixed(3)}), PA ${(paSum / systems.length).toFixed(3)}; one configuration for every system`,
  );
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US').padStart(9);

main();
