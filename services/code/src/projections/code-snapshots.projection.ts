import type { StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { CodeSnapshots1765100000100 } from './code-snapshots.migration';

/**
 * code_symbol_sets and code_snapshots (docs/code-symbols.md): a snapshot's symbols are kept once per
 * content hash, its point in the file's history once per time and hash, so a redelivered or replayed
 * snapshot changes nothing.
 */
export const codeSnapshotsProjection: Projection = {
  name: 'code-snapshots',
  handles: ['SymbolSnapshotRecorded'],
  tables: ['code_symbol_sets', 'code_snapshots'],
  migrations: [CodeSnapshots1765100000100],

  async apply(sql: Sql, stored: StoredEventOf): Promise<void> {
    const { event, seq } = stored;
    if (event.type !== 'SymbolSnapshotRecorded') return;
    const p = event.payload;
    await sql.query(
      `INSERT INTO code_symbol_sets (account_id, content_hash, language, line_count, symbols)
       VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT (account_id, content_hash) DO NOTHING`,
      [event.accountId, p.contentHash, p.language, p.lineCount, JSON.stringify(p.symbols)],
    );
    await sql.query(
      `INSERT INTO code_snapshots (account_id, project, path, observed_at, content_hash, commit, author, last_seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (account_id, project, path, observed_at, content_hash) DO NOTHING`,
      [
        event.accountId,
        p.project,
        p.path,
        event.occurredAt,
        p.contentHash,
        p.commit ?? null,
        p.author ?? null,
        seq,
      ],
    );
  },
};
