/**
 * The redaction bench's transcript mix: prose, code, JSON tool results and log lines, with a provider
 * sample pasted into about one part in twelve when asked. Deterministic: one seed for the module, so
 * the same calls in the same order give the same events (the bench builds the clean set, then the
 * one with secrets; the snapshot script does the same).
 */
import { SECRET_SAMPLES } from '@mnemo/redaction';
import { itemAt } from '@mnemo/testing';

let seed = 42;
const rand = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return (seed >>> 8) % n;
};
const pick = <T>(xs: readonly T[]): T => itemAt(xs, rand(xs.length));
const hex = (n: number): string =>
  Array.from({ length: n }, () => '0123456789abcdef'[rand(16)]).join('');

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

export function buildEvents(withSecrets: boolean, targetBytes: number): string[] {
  const samples = Object.values(SECRET_SAMPLES);
  const events: string[] = [];
  let bytes = 0;
  while (bytes < targetBytes) {
    let event = '';
    const parts = 4 + rand(12);
    for (let i = 0; i < parts; i++) {
      const kind = rand(4);
      event +=
        kind === 0
          ? pick(PROSE) + '\n'
          : kind === 1
            ? pick(CODE)
            : kind === 2
              ? json() + '\n'
              : log();
      // About one secret every few events, like a transcript that pastes a .env now and then.
      if (withSecrets && rand(12) === 0) event += ` ${pick(samples)}\n`;
    }
    // Flat, as text arrives from JSON.parse: a string built by `+=` is a rope that its first reader
    // flattens, and that cost would land on whichever of redact and the floors ran first.
    events.push(Buffer.from(event, 'utf8').toString('utf8'));
    bytes += event.length;
  }
  return events;
}
