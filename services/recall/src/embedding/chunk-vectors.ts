import type { DataSource } from 'typeorm';

/** pgvector's text form of a vector: `[0.1,0.2,…]`. */
export const vectorLiteral = (vector: readonly number[]): string => `[${vector.join(',')}]`;

const available = new WeakMap<DataSource, Promise<boolean>>();

/**
 * Whether this database keeps embeddings (the migration made recall_embeddings only where pgvector
 * exists). Asked once per data source: extensions do not come and go under a running service.
 */
export function vectorsAvailable(db: DataSource): Promise<boolean> {
  let answer = available.get(db);
  if (!answer) {
    answer = db
      .query(`SELECT to_regclass('recall_embeddings') IS NOT NULL AS ok`)
      .then((rows: Array<{ ok: boolean }>) => rows[0]?.ok === true);
    answer.catch(() => available.delete(db));
    available.set(db, answer);
  }
  return answer;
}

export interface ChunkText {
  accountId: string;
  textHash: string;
  text: string;
}

/** Chunks whose text has no vector of `model` yet, in any account, at most `limit` distinct texts. */
export async function chunksWithoutVector(
  db: DataSource,
  model: string,
  limit: number,
): Promise<ChunkText[]> {
  const rows: Array<{ account_id: string; text_hash: string; text: string }> = await db.query(
    `SELECT c.account_id, c.text_hash, c.text FROM recall_chunks c
     WHERE c.text_hash IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM recall_embeddings e WHERE e.account_id = c.account_id AND e.model = $1 AND e.text_hash = c.text_hash)
     LIMIT $2`,
    [model, limit * 2],
  );
  // one chunk text may stand in several sessions (a pasted note): embed it once
  const distinct = new Map(
    rows.map((r) => [
      `${r.account_id}\u0000${r.text_hash}`,
      { accountId: r.account_id, textHash: r.text_hash, text: r.text },
    ]),
  );
  return [...distinct.values()].slice(0, limit);
}

/** Stores vectors under (account, model, text hash); one already there stays (the same text, the same model). */
export async function storeVectors(
  db: DataSource,
  model: string,
  chunks: readonly ChunkText[],
  vectors: readonly number[][],
): Promise<void> {
  if (chunks.length === 0) return;
  await db.query(
    `INSERT INTO recall_embeddings (account_id, model, text_hash, embedding)
     SELECT a, $1, h, v::public.vector FROM unnest($2::text[], $3::text[], $4::text[]) AS x(a, h, v)
     ON CONFLICT (account_id, model, text_hash) DO NOTHING`,
    [
      model,
      chunks.map((c) => c.accountId),
      chunks.map((c) => c.textHash),
      vectors.map(vectorLiteral),
    ],
  );
}
