import { Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { eventFactory } from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { AccountId, ApiKeyGuard } from '@mnemo/http-edge';
import { appendAndAwait, DATA_SOURCE } from '@mnemo/persistence';
import { artifactFingerprint } from '../domain/artifact-fingerprint';
import { profileView, type ProfileView } from '../domain/profile-view';
import type { BlockReason } from '../domain/regeneration';
import { profileProjection } from '../projections/profile.projection';

const profileEvent = eventFactory('profile');

const iso = (value: unknown): string => new Date(value as string).toISOString();

/**
 * The Core Profile pane's backend (docs/profile.md): the profile with its staleness and block, and
 * a manual refresh.
 */
@Controller('v1/profile')
@UseGuards(ApiKeyGuard)
export class ProfileController {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
  ) {}

  @Get()
  async get(@AccountId() accountId: string): Promise<ProfileView> {
    const [profiles, artifacts, blocks] = await Promise.all([
      this.db.query(
        'SELECT profile, artifact_fingerprint, artifact_count, generated_at FROM profile_core WHERE account_id = $1',
        [accountId],
      ),
      this.db.query('SELECT id, content_hash FROM profile_artifacts WHERE account_id = $1', [
        accountId,
      ]),
      this.db.query('SELECT reason, retry_at FROM profile_blocks WHERE account_id = $1', [
        accountId,
      ]),
    ]);
    const p = profiles[0];
    const b = blocks[0];
    return profileView(
      p
        ? {
            text: p.profile,
            generatedAt: iso(p.generated_at),
            artifactCount: Number(p.artifact_count),
            fingerprint: p.artifact_fingerprint,
          }
        : null,
      artifactFingerprint(
        artifacts.map((a: { id: string; content_hash: string }) => ({
          id: a.id,
          contentHash: a.content_hash,
        })),
      ),
      b ? { reason: b.reason as BlockReason, retryAt: b.retry_at ? iso(b.retry_at) : null } : null,
    );
  }

  /**
   * "Refresh Profile" clears the block and regenerates now. Answers once the block is
   * cleared; the new profile follows as soon as the synthesis lands (GET shows it).
   */
  @Post('refresh')
  @HttpCode(202)
  async refresh(@AccountId() accountId: string): Promise<ProfileView> {
    const event = profileEvent({
      id: randomUUID(),
      type: 'ProfileRefreshRequested',
      accountId,
      occurredAt: new Date().toISOString(),
      payload: {},
    });
    await appendAndAwait({ log: this.log, dataSource: this.db }, [event], profileProjection.name);
    return this.get(accountId);
  }
}
