import type { StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { artifactCosts, gistOf } from './artifact-costs';
import { Context1764400007100 } from './context.migration';
import { ContextEntries1764900000500 } from './context-entries.migration';
import { ProfileLookback1765300000400 } from './profile-lookback.migration';
import { MedicationsModule1765000003700 } from './medications-module.migration';
import { artifactIndexEntry, INSIGHT_ENTRY, insightEntry } from './context-entries.sql';
import { versionedProjection, type VersionKeepers } from './context-versions.writes';

/** Event types of the context service's own tables. */
const OWN = [
  'ArtifactSaved',
  'BookmarkAdded',
  'CoreProfileSynthesized',
  'InsightDetected',
  'InsightDismissed',
  'InsightDeleted',
  'AccountSettingsChanged',
] as const;
type Handled = (typeof OWN)[number];

/** Every event it reads changes what a loader reads (the switches included: they decide what is served). */
export const CONTEXT_VERSION_KEEPERS: VersionKeepers = {};

/**
 * artifacts, bookmarks, core_profiles, insights and account_settings: what the context service's
 * own producers' events say. Each batch moves the context version of the accounts it touched, in
 * its transaction (context-versions.writes.ts).
 */
export const contextProjection: Projection<Handled> = versionedProjection({
  name: 'context',
  handles: OWN,
  tables: ['artifacts', 'bookmarks', 'core_profiles', 'insights', 'account_settings'],
  migrations: [
    Context1764400007100,
    ContextEntries1764900000500,
    MedicationsModule1765000003700,
    ProfileLookback1765300000400,
  ],
  applyOne: applyOwn,
  keepers: CONTEXT_VERSION_KEEPERS,
});

// The loaders' JSON of a row (context-entries.sql.ts), written with it: of an upsert's parameters, and of
// EXCLUDED for an insight seen again (it keeps its first created_at).
const ARTIFACT_INDEX_ENTRY_OF_PARAMS = artifactIndexEntry({
  id: '$2::text',
  title: '$3::text',
  gist: '$5::text',
  gistTokens: '$8::int',
  summaryTokens: '$9::int',
  fullTokens: '$10::int',
});
const INSIGHT_ENTRY_OF_PARAMS = insightEntry({
  accountId: '$1::text',
  id: '$2::text',
  kind: '$3::text',
  text: '$4::text',
  createdAt: '$7::timestamptz',
  artifactA: '$5::text',
  artifactB: '$6::text',
});
const INSIGHT_ENTRY_OF_EXCLUDED = insightEntry({
  accountId: 'EXCLUDED.account_id',
  id: 'EXCLUDED.id',
  kind: 'EXCLUDED.kind',
  text: 'EXCLUDED.text',
  createdAt: 'insights.created_at',
  artifactA: 'EXCLUDED.artifact_a',
  artifactB: 'EXCLUDED.artifact_b',
});

async function applyOwn(sql: Sql, stored: StoredEventOf<Handled>): Promise<void> {
  const { event, seq } = stored;
  switch (event.type) {
    case 'ArtifactSaved': {
      const p = event.payload;
      const gist = p.gist?.trim() || gistOf(p.content);
      const costs = artifactCosts(p.content, gist);
      await sql.query(
        `INSERT INTO artifacts (account_id, id, title, content, gist, kind, pinned, gist_tokens, summary_tokens, full_tokens,
           source_session, created_at, updated_at, last_seq, index_entry)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, ${ARTIFACT_INDEX_ENTRY_OF_PARAMS})
         ON CONFLICT (account_id, id) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content, gist = EXCLUDED.gist,
           kind = EXCLUDED.kind, pinned = EXCLUDED.pinned, gist_tokens = EXCLUDED.gist_tokens, summary_tokens = EXCLUDED.summary_tokens,
           full_tokens = EXCLUDED.full_tokens, source_session = EXCLUDED.source_session, updated_at = EXCLUDED.updated_at,
           last_seq = EXCLUDED.last_seq, index_entry = EXCLUDED.index_entry
         WHERE artifacts.last_seq < EXCLUDED.last_seq`,
        [
          event.accountId,
          p.artifactId,
          p.title,
          p.content,
          gist,
          p.kind ?? null,
          p.pinned ?? false,
          costs.gist,
          costs.summary,
          costs.full,
          event.sessionId ?? null,
          event.occurredAt,
          seq,
        ],
      );
      // The pair labels that name this artifact follow its title.
      await sql.query(
        `UPDATE insights i SET entry = ${INSIGHT_ENTRY} WHERE i.account_id = $1 AND (i.artifact_a = $2 OR i.artifact_b = $2)`,
        [event.accountId, p.artifactId],
      );
      return;
    }
    case 'BookmarkAdded': {
      const p = event.payload;
      await sql.query(
        `INSERT INTO bookmarks (account_id, id, session_id, text, turn_seq, created_at, last_seq) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (account_id, id) DO UPDATE SET session_id = EXCLUDED.session_id, text = EXCLUDED.text, turn_seq = EXCLUDED.turn_seq,
           created_at = EXCLUDED.created_at, last_seq = EXCLUDED.last_seq
         WHERE bookmarks.last_seq < EXCLUDED.last_seq`,
        [
          event.accountId,
          p.bookmarkId,
          event.sessionId ?? null,
          p.text,
          p.turnSeq ?? null,
          event.occurredAt,
          seq,
        ],
      );
      return;
    }
    case 'CoreProfileSynthesized': {
      // One profile per account (docs/profile.md), replaced on every synthesis; the artifacts are
      // the history.
      const p = event.payload;
      await sql.query(
        `INSERT INTO core_profiles (account_id, profile, artifact_fingerprint, model, synthesized_at, last_seq) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (account_id) DO UPDATE SET profile = EXCLUDED.profile, artifact_fingerprint = EXCLUDED.artifact_fingerprint,
           model = EXCLUDED.model, synthesized_at = EXCLUDED.synthesized_at, last_seq = EXCLUDED.last_seq
         WHERE core_profiles.last_seq < EXCLUDED.last_seq`,
        [event.accountId, p.profile, p.artifactFingerprint, p.model, event.occurredAt, seq],
      );
      return;
    }
    case 'InsightDetected': {
      const p = event.payload;
      await sql.query(
        `INSERT INTO insights (account_id, id, kind, text, artifact_a, artifact_b, status, created_at, last_seq, entry)
         VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8, ${INSIGHT_ENTRY_OF_PARAMS})
         ON CONFLICT (account_id, id) DO UPDATE SET kind = EXCLUDED.kind, text = EXCLUDED.text, artifact_a = EXCLUDED.artifact_a,
           artifact_b = EXCLUDED.artifact_b, last_seq = EXCLUDED.last_seq, entry = ${INSIGHT_ENTRY_OF_EXCLUDED}
         WHERE insights.last_seq < EXCLUDED.last_seq`,
        [
          event.accountId,
          p.insightId,
          p.kind,
          p.text,
          p.artifactA,
          p.artifactB,
          event.occurredAt,
          seq,
        ],
      );
      return;
    }
    case 'InsightDismissed':
    case 'InsightDeleted': {
      // A deletion is kept as a row with its status, like a dismissal: a later InsightDetected of the
      // same id updates its text, never its status.
      const p = event.payload;
      const status = event.type === 'InsightDismissed' ? 'dismissed' : 'deleted';
      await sql.query(
        `UPDATE insights SET status = $4, last_seq = $3 WHERE account_id = $1 AND id = $2 AND last_seq < $3`,
        [event.accountId, p.insightId, seq, status],
      );
      return;
    }
    case 'AccountSettingsChanged': {
      // Only the switches the event names change; the others keep their value (or their default).
      const p = event.payload;
      await sql.query(
        `INSERT INTO account_settings (account_id, egress_allowed, health_module_on, medications_module_on, profile_lookback_days, updated_at, last_seq)
         VALUES ($1, coalesce($2, true), coalesce($3, false), coalesce($6, false), $7, $4, $5)
         ON CONFLICT (account_id) DO UPDATE SET egress_allowed = coalesce($2, account_settings.egress_allowed),
           health_module_on = coalesce($3, account_settings.health_module_on),
           medications_module_on = coalesce($6, account_settings.medications_module_on),
           profile_lookback_days = coalesce($7, account_settings.profile_lookback_days), updated_at = EXCLUDED.updated_at, last_seq = EXCLUDED.last_seq
         WHERE account_settings.last_seq < EXCLUDED.last_seq`,
        [
          event.accountId,
          p.egressAllowed ?? null,
          p.healthModuleOn ?? null,
          event.occurredAt,
          seq,
          p.medicationsModuleOn ?? null,
          p.profileLookbackDays ?? null,
        ],
      );
      return;
    }
    default: {
      const _never: never = event;
      return _never;
    }
  }
}
