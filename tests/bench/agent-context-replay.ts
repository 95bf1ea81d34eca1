/**
 * The agent-context bench's digest numbers again, in seconds, from what a bench run saved: each dev project's
 * digest sources (BENCH_AGENT_SOURCES=file on `npm run bench:agent-context`) are assembled again by the current
 * digest code and scored as the bench scores them, beside the per-prompt blocks that run recorded. For tuning the
 * digest's assembly on dev splits only (the bench never saves the blind split's sources); the bench itself is the
 * number to report.
 * Run: node bin/run-ts.js tests/bench/agent-context-replay.ts FILE   (SHOW=project id or split: print digests)
 */
import { readFileSync } from 'node:fs';
import { assembleDeveloperDigest } from '../../services/context/src/domain/developer-digest';
import type { DeveloperDigestSources } from '../../services/context/src/domain/developer-digest-sources';
import { holds, unneededChars, type ScenarioProbe } from './support/agent-context-scenarios';

interface Saved {
  split: string;
  project: string;
  sources: DeveloperDigestSources;
  probes: ScenarioProbe[];
  blocks: Array<{ probeId: string; text: string }>;
}

/** What the session-start hook puts after the digest (a session id's length). */
const SESSION_LINE = `Mnemo session id: ${'0'.repeat(36)} (the sessionId for mcp__mnemo__ tools).`;

const file = process.argv[2] ?? '';
const show = process.env.SHOW ?? '';
const saved = readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Saved);
const bySplit = new Map<
  string,
  {
    probes: number;
    either: number;
    digest: number;
    unneeded: number;
    total: number;
    chars: number;
    projects: number;
    missing: string[];
  }
>();
for (const row of saved) {
  const at = bySplit.get(row.split) ?? {
    probes: 0,
    either: 0,
    digest: 0,
    unneeded: 0,
    total: 0,
    chars: 0,
    projects: 0,
    missing: [],
  };
  bySplit.set(row.split, at);
  const sessions = row.sources.sessions.filter((s) => !s.sessionId.includes(':agent-'));
  const markdown = assembleDeveloperDigest({ ...row.sources, sessions }).markdown;
  const digest = `${markdown.trim()}\n\n${SESSION_LINE}`;
  if (show && (show === row.split || show === row.project))
    console.log(`\n===== ${row.project}\n${digest}`);
  at.projects += 1;
  at.chars += digest.length;
  const waste = unneededChars(
    digest,
    row.probes.flatMap((probe) => probe.needed),
  );
  at.unneeded += waste.unneeded;
  at.total += waste.total;
  for (const probe of row.probes) {
    const block = row.blocks.find((b) => b.probeId === probe.id)?.text ?? '';
    at.probes += 1;
    if (probe.needed.every((item) => holds(digest, item))) at.digest += 1;
    if (probe.needed.every((item) => holds(`${digest}\n${block}`, item))) at.either += 1;
    else at.missing.push(probe.id);
  }
}
const fixed = (n: number) => n.toFixed(2);
for (const [split, at] of bySplit)
  console.log(
    `${split.padEnd(6)} digest+block ${fixed(at.either / at.probes)}  digest ${fixed(at.digest / at.probes)}  unneeded ${fixed(at.unneeded / at.total)}  chars ${Math.round(at.chars / at.projects)}  missing: ${at.missing.join(' ') || '-'}`,
  );
