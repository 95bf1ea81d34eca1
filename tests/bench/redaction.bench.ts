// Redaction throughput on a realistic transcript mix. Prints numbers; asserts nothing.
// Run: node bin/run-ts.js tests/bench/redaction.bench.ts
import { redact, redactDeep, SECRET_SAMPLES } from '@mnemo/redaction';

const TARGET_BYTES = 20 * 1024 * 1024;

// Deterministic pseudo-random choice so runs are comparable.
let seed = 42;
const rand = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return (seed >>> 8) % n;
};
const pick = <T>(xs: readonly T[]): T => xs[rand(xs.length)]!;
const hex = (n: number): string => Array.from({ length: n }, () => '0123456789abcdef'[rand(16)]).join('');

const PROSE = [
  'The user asked why the compaction job keeps pausing after the third segment, and whether the token budget is the cause.',
  'We decided to keep the auth module as it is and move the password reset flow behind the feature flag.',
  'I looked at the failing test: it expects the profile to drop facts the core profile already states.',
  'Summary: the migration ran, the projection was rebuilt from the log, and the read model matches.',
];
const CODE = [
  'export async function loadSession(id: string): Promise<Session> {\n  const row = await repo.findOne({ where: { id } });\n  if (!row) throw new NotFoundError(`session ${id}`);\n  return toSession(row);\n}\n',
  'const token = await getToken(req);\nconst { max_tokens, input_tokens } = usage;\nlogger.info({ sessionId, durationMs }, "compacted");\n',
  'interface Credentials {\n  user: string;\n  password: string;\n}\nfor (const item of items.filter((x) => x.enabled)) total += item.size;\n',
];
const json = (): string =>
  JSON.stringify({
    type: 'tool_result',
    tool_use_id: `toolu_${hex(24)}`,
    content: `commit ${hex(40)}\nAuthor: Dev <dev@example.com>\n\n    fix: retry on 503\n\nsrc/ingest/ingest.controller.ts | 12 ++--`,
    usage: { input_tokens: rand(5000), output_tokens: rand(900) },
    id: `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
  });
const log = (): string =>
  `2025-01-0${1 + rand(9)}T12:${10 + rand(49)}:00.000Z INFO [compaction] segment=${hex(12)} sha256=${hex(64)} took=${rand(900)}ms status=ok\n`;

function buildEvents(withSecrets: boolean): string[] {
  const samples = Object.values(SECRET_SAMPLES);
  const events: string[] = [];
  let bytes = 0;
  while (bytes < TARGET_BYTES) {
    let event = '';
    const parts = 4 + rand(12);
    for (let i = 0; i < parts; i++) {
      const kind = rand(4);
      event += kind === 0 ? pick(PROSE) + '\n' : kind === 1 ? pick(CODE) : kind === 2 ? json() + '\n' : log();
      // About one secret every few events, like a transcript that pastes a .env now and then.
      if (withSecrets && rand(12) === 0) event += ` ${pick(samples)}\n`;
    }
    events.push(event);
    bytes += event.length;
  }
  return events;
}

function measure(label: string, events: readonly string[], run: (e: string) => number): void {
  const bytes = events.reduce((n, e) => n + e.length, 0);
  for (const e of events.slice(0, 200)) run(e); // warm-up
  const started = process.hrtime.bigint();
  let findings = 0;
  for (const e of events) findings += run(e);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const mb = bytes / (1024 * 1024);
  console.log(
    `${label.padEnd(28)} ${mb.toFixed(1).padStart(6)} MB  ${events.length.toString().padStart(6)} events  ` +
      `${(mb / seconds).toFixed(1).padStart(7)} MB/s  ${((seconds * 1e6) / events.length).toFixed(1).padStart(7)} µs/event  ` +
      `${findings} findings`,
  );
}

const clean = buildEvents(false);
const dirty = buildEvents(true);
console.log('redaction throughput (single thread)');
measure('redact, no secrets', clean, (e) => redact(e).findings.length);
measure('redact, with secrets', dirty, (e) => redact(e).findings.length);
const objects = dirty.slice(0, 2000).map((e) => ({ type: 'TurnRecorded', payload: { text: e, meta: { password: 'x' } } }));
measure('redactDeep, event payloads', objects.map((o) => JSON.stringify(o)), (s) => redactDeep(JSON.parse(s)).count);
