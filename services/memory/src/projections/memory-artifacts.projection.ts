import type { StoredEventOf } from '@mnemo/contracts';
import type { Sql } from '@mnemo/persistence';
import { hasTextToExtract } from '../domain/fact-guards';

/** The telemetry rows an artifact extraction ends in, whatever its outcome. */
const ARTIFACT_SETTLED_ACTIONS = [
  'memories_extracted_from_artifact',
  'artifact_memory_extraction_failed',
  'memory_cost_cap_hit',
];

/**
 * A save becomes the artifact's newest unless a later one is already recorded. A save the extraction
 * reads (hasTextToExtract) waits to be settled.
 */
export async function recordArtifactSave(
  sql: Sql,
  stored: StoredEventOf<'ArtifactSaved'>,
): Promise<void> {
  const { event, seq } = stored;
  const p = event.payload;
  await sql.query(
    `INSERT INTO artifact_extractions AS a (account_id, artifact_id, saved_event_id, saved_seq, saved_at, extractable, last_seq)
     VALUES ($1, $2, $3, $4, $5, $6, $4)
     ON CONFLICT (account_id, artifact_id) DO UPDATE SET saved_event_id = EXCLUDED.saved_event_id, saved_seq = EXCLUDED.saved_seq,
       saved_at = EXCLUDED.saved_at, extractable = EXCLUDED.extractable, last_seq = EXCLUDED.last_seq
     WHERE a.saved_seq < EXCLUDED.saved_seq`,
    [event.accountId, p.artifactId, event.id, seq, event.occurredAt, hasTextToExtract(p.content)],
  );
}

/**
 * Memory's own telemetry row for an artifact extraction is caused by the save it read: that save is
 * settled. A row caused by an older save leaves a newer one waiting.
 */
export async function settleArtifactExtraction(
  sql: Sql,
  stored: StoredEventOf<'FeatureEventRecorded'>,
): Promise<void> {
  const { event, seq } = stored;
  if (event.producer !== 'memory' || !event.causationId) return;
  const p = event.payload;
  const artifactId = p.metadata?.artifactId;
  if (
    p.name !== 'memory' ||
    typeof artifactId !== 'string' ||
    !ARTIFACT_SETTLED_ACTIONS.includes(p.action)
  )
    return;
  await sql.query(
    `UPDATE artifact_extractions SET settled_event_id = saved_event_id, last_seq = $4
     WHERE account_id = $1 AND artifact_id = $2 AND saved_event_id = $3::uuid AND last_seq < $4`,
    [event.accountId, artifactId, event.causationId, seq],
  );
}
