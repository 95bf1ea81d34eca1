import { SymbolSnapshotRecorded } from './code.events';
import { SegmentCompacted } from './compaction.events';
import { PG_INTEGER_MAX } from './stored-integer';

const snapshot = (lineCount: number, endLine: number) => ({
  project: '/repo',
  path: 'src/a.ts',
  language: 'typescript',
  contentHash: 'a'.repeat(64),
  lineCount,
  symbols: [
    {
      name: 'f',
      kind: 'function',
      signature: 'f()',
      startLine: 1,
      endLine,
      bodyHash: 'b'.repeat(16),
    },
  ],
});

describe('counts and positions a projection stores as integer', () => {
  it('accepts the largest Postgres integer', () => {
    expect(SymbolSnapshotRecorded.safeParse(snapshot(PG_INTEGER_MAX, PG_INTEGER_MAX)).success).toBe(
      true,
    );
  });

  it('refuses one past it, naming the field, where the event log would otherwise accept what no projection can store', () => {
    const tooLong = SymbolSnapshotRecorded.safeParse(snapshot(Number.MAX_SAFE_INTEGER, 2));
    expect(tooLong.error?.issues.map((i) => i.path.join('.'))).toEqual(['lineCount']);
    const tooFar = SymbolSnapshotRecorded.safeParse(snapshot(3, PG_INTEGER_MAX + 1));
    expect(tooFar.error?.issues.map((i) => i.path.join('.'))).toEqual(['symbols.0.endLine']);
    const segment = SegmentCompacted.safeParse({
      segment: PG_INTEGER_MAX + 1,
      summary: 's',
      inputTokens: 1,
      outputTokens: 1,
      model: 'm',
    });
    expect(segment.success).toBe(false);
  });
});
