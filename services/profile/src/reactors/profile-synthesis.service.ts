import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  DependencyError,
  type EventCause,
  type PayloadOf,
  type ReactionDraft,
} from '@mnemo/contracts';
import { EVENT_LOG, LOGGER, type EventLog, type Logger } from '@mnemo/eventing';
import {
  CACHE,
  DATA_SOURCE,
  oncePerCause,
  waitForCheckpoint,
  type Cache,
} from '@mnemo/persistence';
import {
  artifactSources,
  factsSource,
  LLM_CLIENT,
  paidCall,
  publishReaction,
  type LlmClient,
  type LlmSuccess,
} from '@mnemo/llm';
import { artifactFingerprint } from '../domain/artifact-fingerprint';
import { blockFor, decideOnSave, feedbackEligible } from '../domain/regeneration';
import {
  feedbackEligibleEvent,
  profileGenerated,
  profileSkipped,
} from '../domain/profile-telemetry';
import { PROFILE_CONFIG, type ProfileConfig } from '../profile.config';
import { profileProjection } from '../projections/profile.projection';
import { PROFILE_MAX_OUTPUT_TOKENS, PROFILE_SYSTEM, profileMessage } from './profile-prompt';

interface ArtifactRow {
  id: string;
  title: string;
  content: string;
  content_hash: string;
  saved_at: Date;
  first_seq: string;
}

/** How long one account's synthesis may hold its lock; it releases sooner. */
const LOCK_MS = 2 * 60_000;
/** How long a handled cause is remembered: longer than any redelivery. */
const DONE_TTL_MS = 24 * 60 * 60_000;
/** The stored profile's limit (CoreProfileSynthesized.profile): a longer answer is cut there. */
const STORED_PROFILE_MAX = 5000;

/**
 * The core profile's shell (docs/profile.md): reads the profile's own read models, decides with the
 * domain, makes at most one model call in the `profile` pool, and records what it learned as events
 * — CoreProfileSynthesized, ProfileRegenerationBlocked and the telemetry rows — so a replay
 * rebuilds profile, staleness and blocks with no model call. One synthesis per account at a time.
 */
@Injectable()
export class ProfileSynthesisService {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LLM_CLIENT) private readonly llm: LlmClient,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(PROFILE_CONFIG) private readonly config: ProfileConfig,
  ) {}

  /** After an artifact save at log sequence `seq` (already applied by the profile projection). */
  async afterSave(
    accountId: string,
    artifactId: string,
    seq: number,
    cause: EventCause,
  ): Promise<void> {
    await this.locked(accountId, cause, async () => {
      const artifacts = await this.artifacts(accountId);
      // The counts are the save's own (artifacts first saved up to it), so a replayed or late reaction decides alike.
      const asOfSave = artifacts.filter((a) => Number(a.first_seq) <= seq);
      const profile = await this.profileRow(accountId);
      const context = {
        artifactCount: asOfSave.length,
        priorCount: asOfSave.filter((a) => a.id !== artifactId).length,
        hasProfile: profile !== null,
        profileFresh: profile?.artifact_fingerprint === fingerprintOf(artifacts),
      };
      const drafts: ReactionDraft[] = [];
      if (feedbackEligible(context)) {
        drafts.push(
          telemetry(
            'feedback',
            feedbackEligibleEvent({
              sessionId: cause.sessionId ?? null,
              artifactCount: context.artifactCount,
              hadCoreProfile: context.hasProfile,
            }),
          ),
        );
      }
      const decision = decideOnSave(context, this.config.minArtifacts);
      if (decision.action === 'skip')
        drafts.push(
          telemetry(
            'skipped',
            profileSkipped({ artifactCount: context.artifactCount, reason: decision.reason }),
          ),
        );
      if (decision.action === 'synthesize')
        drafts.push(...(await this.synthesize(accountId, artifacts)));
      await this.append(accountId, cause, drafts);
    });
  }

  /** A refresh or a retry after the cap reset: synthesize now, whatever the staleness. */
  async regenerate(accountId: string, cause: EventCause): Promise<void> {
    await this.locked(accountId, cause, async () => {
      const artifacts = await this.artifacts(accountId);
      if (artifacts.length < this.config.minArtifacts) {
        await this.append(accountId, cause, [
          telemetry(
            'skipped',
            profileSkipped({ artifactCount: artifacts.length, reason: 'below_threshold' }),
          ),
        ]);
        return;
      }
      await this.append(accountId, cause, await this.synthesize(accountId, artifacts));
    });
  }

  private async synthesize(accountId: string, artifacts: ArtifactRow[]): Promise<ReactionDraft[]> {
    const sources = await this.sources(accountId, artifacts);
    const made = { accountId, artifactCount: artifacts.length };
    return paidCall(
      this.llm.complete({
        account: accountId,
        label: 'profile',
        pools: ['profile'],
        system: PROFILE_SYSTEM,
        messages: [{ role: 'user', content: profileMessage(sources) }],
        maxOutputTokens: PROFILE_MAX_OUTPUT_TOKENS,
        source: sources,
      }),
      {
        answered: (answer) =>
          answer.text.trim()
            ? synthesized(artifacts, answer)
            : this.blocked(made, { failure: 'invalid_output', message: 'empty profile' }),
        failed: (failure) => this.blocked(made, failure),
      },
    );
  }

  /** A call that gave no profile: the block it leaves, and a skip row when the cap was spent. */
  private blocked(
    made: { accountId: string; artifactCount: number },
    failure: { failure: string; message: string },
  ): ReactionDraft[] {
    const block = blockFor(failure.failure, new Date());
    this.logger.warn(
      { accountId: made.accountId, failure: failure.failure, message: failure.message },
      'core profile not regenerated',
    );
    const drafts: ReactionDraft[] = [
      {
        type: 'ProfileRegenerationBlocked',
        role: 'blocked',
        payload: {
          reason: block.reason,
          ...(block.retryAt ? { retryAfter: block.retryAt } : {}),
        },
      },
    ];
    if (block.reason === 'cost_cap')
      drafts.push(
        telemetry(
          'skipped',
          profileSkipped({ artifactCount: made.artifactCount, reason: 'cost_cap' }),
        ),
      );
    return drafts;
  }

  /** The newest artifacts first, within the input cap, then the confirmed and the most recent facts. */
  private async sources(accountId: string, artifacts: ArtifactRow[]): Promise<string[]> {
    const newestFirst = [...artifacts].sort((x, y) => Number(y.first_seq) - Number(x.first_seq));
    const out = artifactSources(
      newestFirst.map((a) => ({
        id: a.id,
        title: a.title,
        savedAt: new Date(a.saved_at).toISOString(),
        content: a.content,
      })),
      this.config.inputMaxChars,
    );
    const facts: Array<{
      content: string;
      confidence: 'high' | 'medium' | 'low';
      confirmed: boolean;
    }> = await this.db.query(
      `SELECT content, confidence, confirmed FROM profile_facts WHERE account_id = $1 AND status = 'active'
       ORDER BY confirmed DESC, created_at DESC, id LIMIT $2`,
      [accountId, this.config.maxFacts],
    );
    if (facts.length) out.push(factsSource(facts));
    return out;
  }

  private artifacts(accountId: string): Promise<ArtifactRow[]> {
    return this.db.query(
      'SELECT id, title, content, content_hash, saved_at, first_seq FROM profile_artifacts WHERE account_id = $1 ORDER BY first_seq',
      [accountId],
    );
  }

  private async profileRow(accountId: string): Promise<{ artifact_fingerprint: string } | null> {
    const rows: Array<{ artifact_fingerprint: string }> = await this.db.query(
      'SELECT artifact_fingerprint FROM profile_core WHERE account_id = $1',
      [accountId],
    );
    return rows[0] ?? null;
  }

  /**
   * One reaction per account at a time, and once per cause: a redelivery that arrives while the call
   * is in flight is retried later and then finds its cause done, so it pays for no second call.
   */
  private async locked(
    accountId: string,
    cause: EventCause,
    work: () => Promise<void>,
  ): Promise<void> {
    await oncePerCause(
      this.cache,
      {
        doneKey: `profile:done:${cause.id}`,
        doneTtlMs: DONE_TTL_MS,
        lockKey: `profile:synthesis:${accountId}`,
        lockMs: LOCK_MS,
        busy: () =>
          new DependencyError(
            'profile synthesis',
            `another synthesis for account ${accountId} is running; retrying`,
          ),
      },
      work,
    );
  }

  /** Appends, then waits for the profile projection, so the next reaction of this account sees the new profile. */
  private async append(
    accountId: string,
    cause: EventCause,
    drafts: ReactionDraft[],
  ): Promise<void> {
    const seq = await publishReaction(this.log, cause, drafts, { producer: 'profile', accountId });
    if (seq === null) return;
    if (!(await waitForCheckpoint(this.db, profileProjection.name, seq, 10_000))) {
      this.logger.warn(
        { accountId, seq },
        'profile read model lags behind a synthesis; the next reaction may synthesize again',
      );
    }
  }
}

/** An answered synthesis: the profile, cut to the stored limit, and its telemetry row. */
function synthesized(
  artifacts: readonly ArtifactRow[],
  answer: LlmSuccess<undefined>,
): ReactionDraft[] {
  const text = answer.text.trim().slice(0, STORED_PROFILE_MAX);
  const artifactCount = artifacts.length;
  return [
    {
      type: 'CoreProfileSynthesized',
      role: 'synthesized',
      payload: {
        profile: text,
        artifactFingerprint: fingerprintOf(artifacts),
        model: answer.model,
        artifactCount,
      },
    },
    telemetry(
      'generated',
      profileGenerated({
        artifactCount,
        profileChars: text.length,
        inputTokens: answer.usage.inputTokens,
        outputTokens: answer.usage.outputTokens,
      }),
    ),
  ];
}

const fingerprintOf = (artifacts: readonly ArtifactRow[]) =>
  artifactFingerprint(artifacts.map((a) => ({ id: a.id, contentHash: a.content_hash })));

const telemetry = (role: string, payload: PayloadOf<'FeatureEventRecorded'>): ReactionDraft => ({
  type: 'FeatureEventRecorded',
  role: `telemetry:${role}`,
  payload,
});
