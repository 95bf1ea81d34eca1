import type { DigestSession } from '@mnemo/context-service/digest';
import { editedFiles } from './digest-drift.load';

const session = (id: string, endedAt: string, filesEdited: string[]): DigestSession => ({
  sessionId: id,
  startedAt: endedAt,
  endedAt,
  outcome: 'unknown',
  firstUserTurn: '',
  lastAssistantTurn: '',
  filesEdited,
});

describe('editedFiles', () => {
  it('takes each file once, since the newest session that edited it, in the repository’s own paths', () => {
    const files = editedFiles(
      [
        session('older', '2026-12-01T10:00:00Z', ['src/a.ts', '/repo/src/b.ts']),
        session('newer', '2026-12-03T10:00:00Z', ['/repo/src/a.ts', '/elsewhere/c.ts']),
      ],
      '/repo',
    );
    expect(files).toEqual([
      { path: 'src/a.ts', since: '2026-12-03T10:00:00Z' },
      { path: 'src/b.ts', since: '2026-12-01T10:00:00Z' },
    ]);
  });

  it('asks about a bounded number of files', () => {
    const paths = Array.from({ length: 30 }, (_, i) => `src/f${i}.ts`);
    expect(editedFiles([session('s', '2026-12-01T10:00:00Z', paths)], '/repo', 8)).toHaveLength(8);
  });
});
