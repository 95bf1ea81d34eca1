import { InMemoryCostGuard } from '@mnemo/llm';
import { embeddingPricePerMTok } from '../domain/embedding-price';
import type { EmbeddingsEndpoint } from './embedder.port';
import { EmbeddingCapReached, MeteredEmbedder } from './metered-embedder';

const logger = { warn: () => undefined };

/** An endpoint that answers one small vector per text and bills `billed` tokens (or says nothing), or fails. */
function endpoint(
  answer: { billed?: number; fails?: boolean } = {},
): EmbeddingsEndpoint & { calls: number } {
  return {
    model: 'text-embedding-3-small',
    calls: 0,
    async embed(texts) {
      this.calls += 1;
      if (answer.fails) throw new Error('endpoint down');
      return {
        vectors: texts.map(() => [0.1, 0.2]),
        ...(answer.billed !== undefined ? { inputTokens: answer.billed } : {}),
      };
    },
  };
}

describe('embeddings in the cost ledger', () => {
  it('reserves against the session pool labelled embedding, then commits the tokens the endpoint billed at the model price', async () => {
    const guard = new InMemoryCostGuard();
    const embedder = new MeteredEmbedder(endpoint({ billed: 1_000 }), guard, 0.02, logger);
    await expect(
      embedder.embed(['the redis pool timed out', 'we chose one client'], {
        account: 'acct-1',
        timeoutMs: 1_000,
      }),
    ).resolves.toHaveLength(2);
    expect(guard.settled).toEqual([
      expect.objectContaining({
        outcome: 'committed',
        request: expect.objectContaining({
          account: 'acct-1',
          pools: ['session'],
          label: 'embedding',
          model: 'text-embedding-3-small',
        }),
        actual: { inputTokens: 1_000, outputTokens: 0, costUsd: 0.00002 },
      }),
    ]);
  });

  it('records an estimate when the endpoint does not say what it billed', async () => {
    const guard = new InMemoryCostGuard();
    await new MeteredEmbedder(endpoint(), guard, 0.02, logger).embed(['x'.repeat(400)], {
      account: 'acct-1',
      timeoutMs: 1_000,
    });
    expect(guard.settled[0]?.actual).toMatchObject({ inputTokens: 100 });
  });

  it('releases the reservation when the endpoint fails, and passes the failure on', async () => {
    const guard = new InMemoryCostGuard();
    await expect(
      new MeteredEmbedder(endpoint({ fails: true }), guard, 0.02, logger).embed(['a text'], {
        account: 'acct-1',
        timeoutMs: 1_000,
      }),
    ).rejects.toThrow('endpoint down');
    expect(guard.settled).toEqual([
      expect.objectContaining({ outcome: 'released', reason: 'api_error' }),
    ]);
  });

  it('asks the endpoint nothing once the account has no room left in its session pool', async () => {
    const guard = new InMemoryCostGuard({ capsUsd: { session: 0.000001 } });
    const paid = endpoint({ billed: 10 });
    await expect(
      new MeteredEmbedder(paid, guard, 0.13, logger).embed(
        ['a text long enough to cost more than the cap'],
        { account: 'acct-1', timeoutMs: 1_000 },
      ),
    ).rejects.toBeInstanceOf(EmbeddingCapReached);
    expect(paid.calls).toBe(0);
  });

  it('prices a known OpenAI model at its list price, a configured price as given, and any other model as the dearest known', () => {
    expect(embeddingPricePerMTok('text-embedding-3-small')).toBe(0.02);
    expect(embeddingPricePerMTok('nomic-embed-text', 0)).toBe(0);
    expect(embeddingPricePerMTok('nomic-embed-text')).toBe(0.13);
  });
});
