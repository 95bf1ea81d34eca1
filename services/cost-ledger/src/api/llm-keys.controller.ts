import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  UseGuards,
} from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { DependencyError, NotFoundError } from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { DATA_SOURCE } from '@mnemo/persistence';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { encryptSecret, maskKey } from '@mnemo/llm';
import { llmKeysProjection } from '../projections/llm-keys.projection';
import { PgLlmKeyStore } from '../credentials/pg-llm-key-store';
import { appendAndWait } from './api-helpers';
import { LLM_MASTER_KEY } from './cost-ledger.tokens';

export const PutKeyBody = z.object({
  apiKey: z
    .string()
    .trim()
    .min(8, 'too short to be a provider key')
    .max(500)
    .regex(/^\S+$/, 'a key holds no spaces'),
  /** A new key becomes the active one unless told otherwise: adding a key is usually replacing one. */
  active: z.boolean().default(true),
});

/**
 * An account's own provider keys. A key is encrypted before it leaves this handler, and after this
 * request only its masked form is ever shown. Nothing here logs the body.
 */
@Controller('v1/llm-keys')
@UseGuards(ApiKeyGuard)
export class LlmKeysController {
  private readonly store: PgLlmKeyStore;

  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(LLM_MASTER_KEY) private readonly masterKey: Buffer | null,
  ) {
    this.store = new PgLlmKeyStore(db);
  }

  @Put()
  @HttpCode(201)
  async put(@AccountId() accountId: string, @Body() body: unknown) {
    if (!this.masterKey)
      throw new DependencyError(
        'MNEMO_SECRET_KEY',
        'not set, so API keys cannot be stored encrypted; set it and restart',
      );
    const { apiKey, active } = parseInput(PutKeyBody, body, 'body');
    const keyId = `key_${randomBytes(8).toString('hex')}`;
    const maskedKey = maskKey(apiKey);
    const encryptedSecret = encryptSecret(apiKey, this.masterKey);
    await appendAndWait(
      { log: this.log, db: this.db },
      accountId,
      'LlmKeyAdded',
      { keyId, sealedKey: encryptedSecret, maskedKey, active },
      llmKeysProjection.name,
    );
    return this.describe(accountId, keyId);
  }

  @Get()
  async list(@AccountId() accountId: string) {
    return { keys: await this.masked(accountId) };
  }

  @Post(':keyId/activate')
  @HttpCode(200)
  async activate(@AccountId() accountId: string, @Param('keyId') keyId: string) {
    const known = (await this.masked(accountId)).some((key) => key.keyId === keyId);
    if (!known) throw new NotFoundError(`LLM key "${keyId.slice(0, 64)}"`);
    await appendAndWait(
      { log: this.log, db: this.db },
      accountId,
      'LlmKeyActivated',
      { keyId },
      llmKeysProjection.name,
    );
    return this.describe(accountId, keyId);
  }

  private async describe(accountId: string, keyId: string) {
    const key = (await this.masked(accountId)).find((k) => k.keyId === keyId);
    if (!key) throw new NotFoundError(`LLM key "${keyId}"`);
    return key;
  }

  private async masked(accountId: string) {
    const [keys, masks]: [
      Awaited<ReturnType<PgLlmKeyStore['listKeys']>>,
      Array<{ key_id: string; masked_key: string }>,
    ] = await Promise.all([
      this.store.listKeys(accountId),
      this.db.query(`SELECT key_id, masked_key FROM llm_keys WHERE account_id = $1`, [accountId]),
    ]);
    const maskOf = new Map(masks.map((row) => [row.key_id, row.masked_key]));
    return keys.map((key) => ({
      keyId: key.id,
      maskedKey: maskOf.get(key.id) ?? '…',
      active: key.active,
      createdAt: key.createdAt,
    }));
  }
}
