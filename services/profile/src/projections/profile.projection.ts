import { type StoredEventOf, unhandledEvent } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { contentHash } from '../domain/artifact-fingerprint';
import { Profile1764900000000 } from './profile.migration';

const HANDLED = [
  'ArtifactSaved',
  'MemoryFactExtracted',
  'MemoryFactCreated',
  'MemoryFactEdited',
  'MemoryFactDeleted',
  'FactSuperseded',
  'MemoryFactProposed',
  'ProposalConfirmed',
  'ProposalRejected',
  'ProposalLapsed',
  'CoreProfileSynthesized',
  'ProfileRegenerationBlocked',
  'ProfileRefreshRequested',
] as const;
type Handled = (typeof HANDLED)[number];

/**
 * profile_artifacts and profile_facts (the profile's own copy of what it synthesizes from),
 * profile_core (one profile per account, replaced on every synthesis; the artifacts are the
 * history: docs/profile.md) and profile_blocks (why the last regeneration failed, until a synthesis
 * or a refresh).
 */
export const profileProjection: Projection<Handled> = {
  name: 'profile',
  handles: HANDLED,
  tables: ['profile_artifacts', 'profile_facts', 'profile_core', 'profile_blocks'],
  migrations: [Profile1764900000000],

  async apply(sql: Sql, stored: StoredEventOf<Handled>): Promise<void> {
    const { event, seq } = stored;
    const account = event.accountId;
    switch (event.type) {
      case 'ArtifactSaved': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO profile_artifacts (account_id, id, title, content, content_hash, saved_at, first_seq, last_seq) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
           ON CONFLICT (account_id, id) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content, content_hash = EXCLUDED.content_hash,
             last_seq = EXCLUDED.last_seq
           WHERE profile_artifacts.last_seq < EXCLUDED.last_seq`,
          [
            account,
            p.artifactId,
            p.title,
            p.content,
            contentHash(p.content),
            event.occurredAt,
            seq,
          ],
        );
        return;
      }
      case 'MemoryFactExtracted':
      case 'MemoryFactCreated': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO profile_facts (account_id, id, content, confidence, status, created_at, last_seq) VALUES ($1, $2, $3, $4, 'active', $5, $6)
           ON CONFLICT (account_id, id) DO UPDATE SET content = EXCLUDED.content, confidence = EXCLUDED.confidence, status = 'active',
             last_seq = EXCLUDED.last_seq
           WHERE profile_facts.last_seq < EXCLUDED.last_seq`,
          [account, p.factId, p.content, p.confidence, event.occurredAt, seq],
        );
        return;
      }
      case 'MemoryFactEdited': {
        const p = event.payload;
        await sql.query(
          `UPDATE profile_facts SET content = coalesce($3, content), confidence = coalesce($4, confidence), last_seq = $5
           WHERE account_id = $1 AND id = $2 AND last_seq < $5`,
          [account, p.factId, p.content ?? null, p.confidence ?? null, seq],
        );
        return;
      }
      case 'MemoryFactDeleted':
      case 'FactSuperseded': {
        // A superseded fact (a newer one set the same subject) leaves the profile's inputs like a deleted one.
        const p = event.payload;
        const status = event.type === 'MemoryFactDeleted' ? 'deleted' : 'superseded';
        await sql.query(
          `UPDATE profile_facts SET status = $4, last_seq = $3 WHERE account_id = $1 AND id = $2 AND last_seq < $3`,
          [account, p.factId, seq, status],
        );
        return;
      }
      case 'MemoryFactProposed': {
        // A sensitive fact waits for the person: kept out of the profile until confirmed and created.
        const p = event.payload;
        await sql.query(
          `INSERT INTO profile_facts (account_id, id, proposal_id, content, confidence, status, created_at, last_seq) VALUES ($1, $2, $3, $4, $5, 'proposed', $6, $7)
           ON CONFLICT (account_id, id) DO NOTHING`,
          [account, p.factId, p.proposalId, p.content, p.confidence, event.occurredAt, seq],
        );
        return;
      }
      case 'ProposalConfirmed':
      case 'ProposalRejected':
      case 'ProposalLapsed': {
        const p = event.payload;
        const set = event.type === 'ProposalConfirmed' ? 'confirmed = true' : `status = 'rejected'`;
        await sql.query(
          `UPDATE profile_facts SET ${set}, last_seq = $3 WHERE account_id = $1 AND proposal_id = $2 AND last_seq < $3`,
          [account, p.proposalId, seq],
        );
        return;
      }
      case 'CoreProfileSynthesized': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO profile_core (account_id, profile, artifact_fingerprint, artifact_count, model, generated_at, last_seq) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (account_id) DO UPDATE SET profile = EXCLUDED.profile, artifact_fingerprint = EXCLUDED.artifact_fingerprint,
             artifact_count = EXCLUDED.artifact_count, model = EXCLUDED.model, generated_at = EXCLUDED.generated_at, last_seq = EXCLUDED.last_seq
           WHERE profile_core.last_seq < EXCLUDED.last_seq`,
          [
            account,
            p.profile,
            p.artifactFingerprint,
            p.artifactCount ?? 0,
            p.model,
            event.occurredAt,
            seq,
          ],
        );
        await sql.query('DELETE FROM profile_blocks WHERE account_id = $1 AND last_seq < $2', [
          account,
          seq,
        ]);
        return;
      }
      case 'ProfileRegenerationBlocked': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO profile_blocks (account_id, reason, retry_at, blocked_at, last_seq) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (account_id) DO UPDATE SET reason = EXCLUDED.reason, retry_at = EXCLUDED.retry_at, blocked_at = EXCLUDED.blocked_at,
             last_seq = EXCLUDED.last_seq
           WHERE profile_blocks.last_seq < EXCLUDED.last_seq`,
          [account, p.reason, p.retryAfter ?? null, event.occurredAt, seq],
        );
        return;
      }
      case 'ProfileRefreshRequested':
        // A refresh clears the block before it tries again (docs/profile.md).
        await sql.query('DELETE FROM profile_blocks WHERE account_id = $1 AND last_seq < $2', [
          account,
          seq,
        ]);
        return;
      default: {
        return unhandledEvent(event, 'profile projection');
      }
    }
  },
};
