import type { DataSource } from 'typeorm';
import type { CodeSymbol } from '@mnemo/contracts';
import type { SnapshotPoint } from '@mnemo/code-symbols';

export interface SnapshotScope {
  accountId: string;
  /** The path from the repository root, or an absolute path inside a project. */
  path: string;
  project?: string;
}

export interface FileHistory {
  project: string;
  path: string;
  baseline: SnapshotPoint | null;
  current: SnapshotPoint | null;
  firstAt?: string;
}

const POINT = `s.project, s.path, s.observed_at, s.content_hash, s.commit, s.author, c.symbols
  FROM code_snapshots s JOIN code_symbol_sets c ON c.account_id = s.account_id AND c.content_hash = s.content_hash`;
/** A path as stored, or a project's root and that path joined (an agent often names the absolute path). */
const MATCHES = `s.account_id = $1 AND (s.path = $2 OR s.project || '/' || s.path = $2) AND ($3::text IS NULL OR s.project = $3)`;

interface PointRow {
  project: string;
  path: string;
  observed_at: Date;
  content_hash: string;
  commit: string | null;
  author: string | null;
  symbols: CodeSymbol[];
}

const pointOf = (row: PointRow): SnapshotPoint => ({
  at: new Date(row.observed_at).toISOString(),
  ...(row.commit ? { commit: row.commit } : {}),
  ...(row.author ? { author: row.author } : {}),
  contentHash: row.content_hash,
  symbols: row.symbols,
});

/**
 * The newest snapshot of a file and the newest at or before `since`, in the project that holds the
 * newest snapshot of that path.
 */
export async function readFileHistory(
  db: DataSource,
  scope: SnapshotScope,
  since: Date,
): Promise<FileHistory | null> {
  const params = [scope.accountId, scope.path, scope.project ?? null];
  const [newest] = await db.query<PointRow[]>(
    `SELECT ${POINT} WHERE ${MATCHES} ORDER BY s.observed_at DESC, s.last_seq DESC LIMIT 1`,
    params,
  );
  if (!newest) return null;
  const same = [scope.accountId, newest.path, newest.project];
  const exact = `s.account_id = $1 AND s.path = $2 AND s.project = $3`;
  const [[baseline], [first]] = await Promise.all([
    db.query<PointRow[]>(
      `SELECT ${POINT} WHERE ${exact} AND s.observed_at <= $4 ORDER BY s.observed_at DESC, s.last_seq DESC LIMIT 1`,
      [...same, since.toISOString()],
    ),
    db.query<Array<{ at: Date | null }>>(
      `SELECT min(s.observed_at) AS at FROM code_snapshots s WHERE ${exact}`,
      same,
    ),
  ]);
  return {
    project: newest.project,
    path: newest.path,
    baseline: baseline ? pointOf(baseline) : null,
    current: pointOf(newest),
    ...(first?.at ? { firstAt: new Date(first.at).toISOString() } : {}),
  };
}
