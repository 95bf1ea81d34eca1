import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { CONTEXT_RPC, subjects, type StoredEvent } from '@mnemo/contracts';
import {
  ContextCacheFront,
  GATEWAY_PROTO,
  PROTO_OPTIONS,
  runClaudeMdCommand,
  TELEMETRY_HEADER,
} from '@mnemo/context-service';
import { createLogger } from '@mnemo/platform-service';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

/** A unary method of a client made by grpc-js from the proto: request, metadata, callback. */
type UnaryCall = (
  request: object,
  metadata: grpc.Metadata,
  callback: (error: grpc.ServiceError | null, reply: unknown) => void,
) => void;

type Account = { accountId: string; apiKey: string };

describe('context: CLAUDE.md and memory block through the gateway', () => {
  let harness: Harness;
  let account: Account;
  let contextClient: grpc.Client & Record<string, UnaryCall>;
  const at = (minute: number) => `2026-11-29T10:${String(minute).padStart(2, '0')}:00Z`;

  /** Publishes a source event as its owning service would, and waits until context (and `projection`) has it. */
  const publish = (
    owner: Account,
    type: string,
    payload: unknown,
    options: { sessionId?: string; minute?: number; projection?: string } = {},
  ) =>
    harness.publish(
      {
        accountId: owner.accountId,
        type,
        payload,
        sessionId: options.sessionId,
        occurredAt: at(options.minute ?? 0),
      },
      ['context', 'context-sources', ...(options.projection ? [options.projection] : [])],
      10_000,
    );
  const get = (url: string, key = account.apiKey) =>
    harness.http().get(url).set('Authorization', `Bearer ${key}`);
  const claudeMdJson = (sessionId: string, key = account.apiKey) =>
    get(`/v1/context/claude-md?sessionId=${sessionId}&format=json`, key);
  async function logEvents(type: string, accountId: string): Promise<StoredEvent[]> {
    const found: StoredEvent[] = [];
    for await (const batch of harness.platform.infra.log.read('events', 1))
      found.push(...batch.filter((s) => s.event.type === type && s.event.accountId === accountId));
    return found;
  }
  const grpcCall = (method: string, request: object, key?: string) =>
    new Promise<{ error: grpc.ServiceError | null; reply: any }>((resolve) => {
      const metadata = new grpc.Metadata();
      if (key) metadata.set('authorization', `Bearer ${key}`);
      const call = contextClient[method];
      if (!call) throw new Error(`the context service has no method ${method}`);
      call.call(
        contextClient,
        request,
        metadata,
        (error: grpc.ServiceError | null, reply: unknown) => resolve({ error, reply }),
      );
    });

  beforeAll(async () => {
    // The profile and insight services would answer these hand-written profile and insight events with their own.
    harness = await startHarness({
      target: 'gateway,redaction,cost-ledger,ingest,compaction,memory,context',
    });
    account = await harness.createAccount('context');
    const definition = protoLoader.loadSync(GATEWAY_PROTO, PROTO_OPTIONS);
    const proto = grpc.loadPackageDefinition(definition) as any;
    contextClient = new proto.mnemo.v1.ContextService(
      `127.0.0.1:${harness.platform.grpcPort}`,
      grpc.credentials.createInsecure(),
    );
    await publish(
      account,
      'SessionStarted',
      { source: 'cli' },
      { sessionId: 's-free', projection: 'sessions' },
    );
    for (const [i, title] of ['Career History', 'Core Values', 'Family'].entries()) {
      await publish(
        account,
        'ArtifactSaved',
        {
          artifactId: `a-${i}`,
          title,
          content: `${title} in depth. ${'More detail. '.repeat(50)}`,
        },
        { minute: i },
      );
    }
    await publish(
      account,
      'ArtifactSaved',
      {
        artifactId: 'a-pin',
        title: 'Manifesto',
        content: 'PINNED-BODY: the whole manifesto.',
        pinned: true,
      },
      { minute: 4 },
    );
    await publish(account, 'CoreProfileSynthesized', {
      profile: 'A careful engineer who values honesty.',
      artifactFingerprint: 'f1',
      model: 'offline',
    });
    await publish(
      account,
      'BookmarkAdded',
      { bookmarkId: 'b-1', text: 'The moment they named their fear of failure.' },
      { sessionId: 's-free' },
    );
    await publish(account, 'InsightDetected', {
      insightId: 'i-1',
      kind: 'evolution',
      text: 'Ambition softened into care.',
      artifactA: 'a-0',
      artifactB: 'a-1',
    });
    await publish(
      account,
      'MemoryFactCreated',
      {
        factId: 'f-1',
        factType: 'goal',
        content: 'Wants to run a marathon in spring.',
        confidence: 'high',
        source: 'manual',
        sourceSession: 'manual',
      },
      { projection: 'memory', minute: 5 },
    );
  });
  afterAll(async () => {
    contextClient?.close();
    await harness?.stop();
  });

  it('serves a free-form CLAUDE.md from every source, as markdown with its telemetry in a header', async () => {
    const response = await get('/v1/context/claude-md?sessionId=s-free');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/markdown/);
    const markdown = response.text;
    expect(markdown).toContain('A careful engineer who values honesty.');
    expect(markdown).toContain('#### Personal Context');
    expect(markdown).toContain('Wants to run a marathon in spring.');
    expect(markdown).toContain('The moment they named their fear of failure.');
    expect(markdown).toContain('PINNED-BODY: the whole manifesto.');
    expect(markdown).toContain('#### Cross-Artifact Insights');
    expect(markdown).toContain('Career History ↔ Core Values');
    expect(markdown).toContain('Family');
    const telemetry = JSON.parse(String(response.headers[TELEMETRY_HEADER]));
    expect(telemetry).toMatchObject({
      action: 'memory_context_built',
      mode: 'free-form',
      artifactCount: 4,
      coreProfilePresent: true,
      bookmarkCount: 1,
      memoryCount: 1,
      insightCount: 1,
      pinnedCount: 1,
      indexCount: 3,
      spilledCount: 0,
      budgetExceeded: false,
      budgetOverageChars: 0,
      isRedo: false,
      claudeMdChars: markdown.length,
      failedSources: [],
    });
    expect(telemetry.memoryChars).toBeGreaterThan(0);
    expect(telemetry.insightChars).toBeGreaterThan(0);

    const json = await claudeMdJson('s-free');
    expect(json.body).toEqual({
      markdown,
      telemetry: expect.objectContaining({ claudeMdChars: markdown.length }),
    });
  });

  it('records memory_context_built and stamps last_used_at of the served memory without moving updated_at', async () => {
    await get('/v1/context/claude-md?sessionId=s-free');
    // memory records its own FeatureEventRecorded (an artifact's extraction) for the same account, sooner or later
    const contextEvents = async () =>
      (await logEvents('FeatureEventRecorded', account.accountId)).filter(
        (s) => (s.event.payload as { name: string }).name === 'context',
      );
    const recorded = await eventually(contextEvents, (events) => events.length > 0);
    expect(recorded[0]?.event.payload).toMatchObject({
      name: 'context',
      action: 'memory_context_built',
      metadata: expect.objectContaining({ memoryCount: 1 }),
    });
    const rows = await eventually(
      () =>
        harness.platform.infra.dataSource.query(
          `SELECT last_used_at, updated_at FROM memory_facts WHERE account_id = $1 AND id = 'f-1'`,
          [account.accountId],
        ),
      (r: any[]) => r[0]?.last_used_at != null,
    );
    expect(new Date(rows[0].updated_at).toISOString()).toBe(at(5).replace('Z', '.000Z'));
    expect((await logEvents('MemoryFactUsed', account.accountId))[0]?.event.payload).toMatchObject({
      factIds: ['f-1'],
    });
  });

  it('serves the memory block as { text, telemetry }', async () => {
    const response = await get('/v1/context/memory-block');
    expect(response.status).toBe(200);
    expect(response.body.text).toContain('WHAT YOU KNOW ABOUT THIS PERSON');
    expect(response.body.text).toContain('Wants to run a marathon in spring.');
    expect(response.body.telemetry).toMatchObject({
      action: 'memory_block_built',
      factCount: 1,
      failedSources: [],
    });
  });

  it('answers the next request from the cache, and an edit of a memory reaches the next CLAUDE.md', async () => {
    await eventually(
      () => get('/v1/context/claude-md?sessionId=s-free'),
      (r) => r.headers['x-mnemo-cache'] === 'hit',
    );
    await eventually(
      () => get('/v1/context/memory-block'),
      (r) => r.headers['x-mnemo-cache'] === 'hit',
    );
    await publish(
      account,
      'MemoryFactEdited',
      { factId: 'f-1', content: 'Wants to run a half marathon in autumn.', version: 2 },
      { projection: 'memory' },
    );
    const after = await get('/v1/context/claude-md?sessionId=s-free');
    expect(after.text).toContain('Wants to run a half marathon in autumn.');
    expect(after.text).not.toContain('Wants to run a marathon in spring.');
    expect((await get('/v1/context/memory-block')).body.text).toContain('half marathon in autumn');
  });

  it('serves the same CLAUDE.md over gRPC, authenticated by the API key in metadata', async () => {
    const http = await claudeMdJson('s-free');
    const { error, reply } = await grpcCall('GetClaudeMd', { sessionId: 's-free' }, account.apiKey);
    expect(error).toBeNull();
    expect(reply.markdown).toBe(http.body.markdown);
    expect(JSON.parse(reply.telemetryJson)).toMatchObject({
      action: 'memory_context_built',
      mode: 'free-form',
    });
    const block = await grpcCall('GetMemoryBlock', {}, account.apiKey);
    expect(block.reply.text).toContain('WHAT YOU KNOW ABOUT THIS PERSON');
    expect((await grpcCall('GetClaudeMd', { sessionId: 's-free' })).error?.code).toBe(
      grpc.status.UNAUTHENTICATED,
    );
    expect(
      (await grpcCall('GetClaudeMd', { sessionId: 's-free' }, 'mnemo_not-a-key')).error?.code,
    ).toBe(grpc.status.UNAUTHENTICATED);
    expect(
      (await grpcCall('GetClaudeMd', { sessionId: 'bad id!' }, account.apiKey)).error?.code,
    ).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('keeps accounts apart: another key gets its own, empty context', async () => {
    const other = await harness.createAccount('other');
    const response = await claudeMdJson('s-free', other.apiKey);
    expect(response.status).toBe(200);
    expect(response.body.markdown).not.toContain('marathon');
    expect(response.body.telemetry).toMatchObject({
      artifactCount: 0,
      memoryCount: 0,
      coreProfilePresent: false,
    });
  });

  it('refuses a context for a model, over HTTP and gRPC, when the account forbids egress, and builds nothing', async () => {
    const closed = await harness.createAccount('closed');
    await publish(
      closed,
      'MemoryFactCreated',
      {
        factId: 'g-1',
        factType: 'value',
        content: 'Private thing.',
        confidence: 'high',
        source: 'manual',
        sourceSession: 'manual',
      },
      { projection: 'memory' },
    );
    const put = await harness
      .http()
      .put('/v1/account/settings')
      .set('Authorization', `Bearer ${closed.apiKey}`)
      .send({ egressAllowed: false });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      egressAllowed: false,
      healthModuleOn: false,
      medicationsModuleOn: false,
      profileLookbackDays: 90,
    });
    const refused = await get('/v1/context/claude-md?sessionId=s-1', closed.apiKey);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await get('/v1/context/memory-block', closed.apiKey)).status).toBe(403);
    expect((await grpcCall('GetMemoryBlock', {}, closed.apiKey)).error?.code).toBe(
      grpc.status.PERMISSION_DENIED,
    );
    expect(await logEvents('FeatureEventRecorded', closed.accountId)).toEqual([]);
    expect(await logEvents('MemoryFactUsed', closed.accountId)).toEqual([]);

    const reopened = await harness
      .http()
      .put('/v1/account/settings')
      .set('Authorization', `Bearer ${closed.apiKey}`)
      .send({ egressAllowed: true });
    expect(reopened.body).toEqual({
      egressAllowed: true,
      healthModuleOn: false,
      medicationsModuleOn: false,
      profileLookbackDays: 90,
    });
    expect((await get('/v1/context/memory-block', closed.apiKey)).body.text).toContain(
      'Private thing.',
    );
    const bad = await harness
      .http()
      .put('/v1/account/settings')
      .set('Authorization', `Bearer ${closed.apiKey}`)
      .send({ egressAllowed: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].path).toBe('body.egressAllowed');
  });

  it('mnemo context claude-md --out writes the file atomically, so concurrent writers never leave a half-written file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mnemo-ctx-'));
    try {
      const file = path.join(dir, 'CLAUDE.md');
      const url = `http://127.0.0.1:${harness.platform.httpPort}`;
      const expected = (await claudeMdJson('s-free')).body.markdown as string;
      await runClaudeMdCommand({ url, apiKey: account.apiKey, session: 's-free', out: file });
      expect(await readFile(file, 'utf8')).toBe(expected);

      const writers = Array.from({ length: 6 }, () =>
        runClaudeMdCommand({ url, apiKey: account.apiKey, session: 's-free', out: file }),
      );
      const reads: string[] = [];
      let done = false;
      const reader = (async () => {
        while (!done) reads.push(await readFile(file, 'utf8'));
      })();
      await Promise.all(writers);
      done = true;
      await reader;
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.every((text) => text === expected)).toBe(true);
      expect(await readdir(dir)).toEqual(['CLAUDE.md']);
      await expect(
        runClaudeMdCommand({ url, apiKey: 'mnemo_wrong', session: 's-free', out: file }),
      ).rejects.toThrow(/401/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe("the gateway's cache front (warm answers without the round trip to the context service)", () => {
    const front = () => {
      const { dataSource, cache, log } = harness.platform.infra;
      return new ContextCacheFront({
        db: dataSource,
        cache,
        log,
        logger: createLogger('silent', 'test'),
      });
    };
    const fact = (factId: string, content: string) => ({
      factId,
      factType: 'goal',
      content,
      confidence: 'high',
      source: 'manual',
      sourceSession: 'manual',
    });
    /** A front of its own whose every call to Postgres and Redis is counted, in `trips`, as a round trip. */
    const countedFront = () => {
      const { dataSource, cache, log } = harness.platform.infra;
      const trips: string[] = [];
      const counted = <T extends object>(target: T, server: string): T =>
        new Proxy(target, {
          get: (object, name, receiver) => {
            const value = Reflect.get(object, name, receiver);
            return typeof value === 'function'
              ? (...args: unknown[]) => (
                  trips.push(`${server}.${String(name)}`),
                  value.apply(object, args)
                )
              : value;
          },
        });
      return {
        front: new ContextCacheFront({
          db: counted(dataSource, 'postgres'),
          cache: counted(cache, 'redis'),
          log,
          logger: createLogger('silent', 'test'),
        }),
        trips,
      };
    };

    it('serves a warm hit itself, and refuses it once the account forbids egress', async () => {
      const owner = await harness.createAccount('front-egress');
      await publish(owner, 'MemoryFactCreated', fact('h-1', 'Learns the cello.'), {
        projection: 'memory',
      });
      await eventually(
        () => get('/v1/context/memory-block', owner.apiKey),
        (r) => r.headers['x-mnemo-cache'] === 'hit',
      );
      await eventually(
        () => get('/v1/context/claude-md?sessionId=s-front', owner.apiKey),
        (r) => r.headers['x-mnemo-cache'] === 'hit',
      );
      const block = (await front().memoryBlock({ accountId: owner.accountId })).hit;
      expect(block).toMatchObject({
        cached: true,
        text: expect.stringContaining('Learns the cello.'),
      });
      expect(
        (await front().claudeMd({ accountId: owner.accountId, sessionId: 's-front', pinned: [] }))
          .hit?.markdown,
      ).toContain('Learns the cello.');

      const put = await harness
        .http()
        .put('/v1/account/settings')
        .set('Authorization', `Bearer ${owner.apiKey}`)
        .send({ egressAllowed: false });
      expect(put.status).toBe(200);
      await expect(front().memoryBlock({ accountId: owner.accountId })).rejects.toMatchObject({
        code: 'forbidden',
      });
      await expect(
        front().claudeMd({ accountId: owner.accountId, sessionId: 's-front', pinned: [] }),
      ).rejects.toMatchObject({ code: 'forbidden' });
      expect((await get('/v1/context/memory-block', owner.apiKey)).status).toBe(403);
      expect((await get('/v1/context/claude-md?sessionId=s-front', owner.apiKey)).status).toBe(403);
    });

    it('never serves a hit from before a MemoryFactEdited, not even from what it keeps in process', async () => {
      const owner = await harness.createAccount('front-edit');
      // One front throughout, like the gateway's: its in-process copy of the entry must not outlive the version.
      const kept = front();
      await publish(owner, 'MemoryFactCreated', fact('e-1', 'Plays chess on Sundays.'), {
        projection: 'memory',
      });
      await eventually(
        () => get('/v1/context/memory-block', owner.apiKey),
        (r) => r.headers['x-mnemo-cache'] === 'hit',
      );
      expect((await kept.memoryBlock({ accountId: owner.accountId })).hit?.text).toContain(
        'Plays chess on Sundays.',
      );
      expect((await kept.memoryBlock({ accountId: owner.accountId })).hit?.text).toContain(
        'Plays chess on Sundays.',
      );

      await publish(
        owner,
        'MemoryFactEdited',
        { factId: 'e-1', content: 'Plays go on Sundays.', version: 2 },
        { projection: 'memory' },
      );
      const afterEdit = (await kept.memoryBlock({ accountId: owner.accountId })).hit;
      expect(afterEdit?.text ?? '').not.toContain('chess');
      const served = await get('/v1/context/memory-block', owner.apiKey);
      expect(served.body.text).toContain('Plays go on Sundays.');
      expect(served.body.text).not.toContain('chess');
      // The rebuilt answer is what the front serves from now on.
      await eventually(
        () => kept.memoryBlock({ accountId: owner.accountId }),
        (read) => read.hit !== undefined,
      );
      expect((await kept.memoryBlock({ accountId: owner.accountId })).hit?.text).toContain(
        'Plays go on Sundays.',
      );
    });

    it('answers a hit with one round trip in all: the egress gate read, no Redis', async () => {
      const owner = await harness.createAccount('front-trips');
      await publish(owner, 'MemoryFactCreated', fact('t-1', 'Sails on Saturdays.'), {
        projection: 'memory',
      });
      await eventually(
        () => get('/v1/context/memory-block', owner.apiKey),
        (r) => r.headers['x-mnemo-cache'] === 'hit',
      );
      await eventually(
        () => get('/v1/context/claude-md?sessionId=s-trips', owner.apiKey),
        (r) => r.headers['x-mnemo-cache'] === 'hit',
      );
      const { front: kept, trips } = countedFront();
      // the first reads fill this front's own copy (and stamp the memories used, once per interval)
      expect((await kept.memoryBlock({ accountId: owner.accountId })).hit?.text).toContain(
        'Sails on Saturdays.',
      );
      expect(
        (await kept.claudeMd({ accountId: owner.accountId, sessionId: 's-trips', pinned: [] })).hit
          ?.markdown,
      ).toContain('Sails on Saturdays.');
      trips.length = 0;
      expect((await kept.memoryBlock({ accountId: owner.accountId })).hit).toBeDefined();
      expect(trips).toEqual(['postgres.query']);
      trips.length = 0;
      expect(
        (await kept.claudeMd({ accountId: owner.accountId, sessionId: 's-trips', pinned: [] })).hit,
      ).toBeDefined();
      expect(trips).toEqual(['postgres.query']);
    });

    it('sends a hit gzipped to a client that takes gzip, the same bytes once unzipped; a fresh build and a client without gzip get them as they are', async () => {
      /** The answer as it crossed the socket: no client here unzips for us. */
      const raw = (url: string, headers: Record<string, string>) =>
        new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          http
            .get(
              {
                host: '127.0.0.1',
                port: harness.platform.httpPort,
                path: url,
                headers: { authorization: `Bearer ${account.apiKey}`, ...headers },
              },
              (response) => {
                const chunks: Buffer[] = [];
                response.on('data', (chunk: Buffer) => chunks.push(chunk));
                response.on('end', () =>
                  resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
                );
              },
            )
            .on('error', reject);
        });
      const url = `/v1/context/claude-md?sessionId=s-gzip-${Date.now()}`;
      const built = await raw(url, { 'accept-encoding': 'gzip, deflate' });
      expect(built.headers).toMatchObject({ 'x-mnemo-cache': 'miss', vary: 'accept-encoding' });
      expect(built.headers['content-encoding']).toBeUndefined();
      expect(built.body.toString()).toContain('Core Values');

      await eventually(
        () => raw(url, {}),
        (r) => r.headers['x-mnemo-cache'] === 'hit',
      );
      const plain = await raw(url, {});
      const zipped = await raw(url, { 'accept-encoding': 'gzip, deflate' });
      const declined = await raw(url, { 'accept-encoding': 'gzip;q=0, identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(built.body)).toBe(true);
      expect(zipped.headers).toMatchObject({
        'x-mnemo-cache': 'hit',
        'content-encoding': 'gzip',
        vary: 'accept-encoding',
        'content-type': 'text/markdown; charset=utf-8',
      });
      expect(zipped.headers[TELEMETRY_HEADER]).toBe(plain.headers[TELEMETRY_HEADER]);
      expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
      expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
      expect(declined.headers['content-encoding']).toBeUndefined();
      expect(declined.body.equals(plain.body)).toBe(true);
    });

    it("serves the account's next new sessions the document the service built for the first, each under its own session id; a resuming session gets its own", async () => {
      const owner = await harness.createAccount('front-shared');
      await publish(owner, 'MemoryFactCreated', fact('g-1', 'Grows tomatoes on the balcony.'), {
        projection: 'memory',
      });
      // no source recorded, as the new sessions: only its summary sets it apart
      await publish(
        owner,
        'SegmentCompacted',
        {
          segment: 1,
          summary: 'We repotted the basil.',
          inputTokens: 10,
          outputTokens: 5,
          model: 'offline',
        },
        { sessionId: 'resumed' },
      );
      // One front throughout, as the gateway's; the service is asked as the gateway asks it, with the version missed at.
      const { front: kept, trips } = countedFront();
      const request = (sessionId: string) => ({
        accountId: owner.accountId,
        sessionId,
        pinned: [],
      });
      const first = await kept.claudeMd(request('new-1'));
      expect(first.hit).toBeUndefined();
      const built = (await harness.platform.infra.log.request(
        subjects.rpc('context', CONTEXT_RPC.claudeMd),
        { ...request('new-1'), cacheMissedAt: first.missedAt },
        { timeoutMs: 5_000 },
      )) as {
        markdown: string;
      };
      expect(built.markdown).toContain('Grows tomatoes on the balcony.');

      // the service writes the shared document once its answer is sent
      const second = await eventually(
        () => kept.claudeMd(request('new-2')),
        (read) => read.hit !== undefined,
      );
      expect(second.hit).toMatchObject({
        cached: true,
        markdown: built.markdown,
        telemetry: { sessionId: 'new-2' },
      });
      trips.length = 0;
      const third = await kept.claudeMd(request('new-3'));
      expect(third.hit).toMatchObject({
        markdown: built.markdown,
        telemetry: { sessionId: 'new-3' },
      });
      // the gate and the session's own rows; nothing from Redis: the shared document is kept in this process
      expect(trips).toEqual(['postgres.query', 'postgres.query']);

      const resumed = await kept.claudeMd(request('resumed'));
      expect(resumed.hit).toBeUndefined();
      const own = await claudeMdJson('resumed', owner.apiKey);
      expect(own.body.markdown).toContain('We repotted the basil.');
      expect(built.markdown).not.toContain('We repotted the basil.');

      // what the front served is recorded as the service records a build's: once per session
      await kept.close();
      const recorded = await eventually(
        async () =>
          (await logEvents('FeatureEventRecorded', owner.accountId)).map((s) => s.event.sessionId),
        (ids) => ids.includes('new-2') && ids.includes('new-3'),
      );
      expect(recorded.filter((id) => id === 'new-3')).toHaveLength(1);
    });

    it('reads the gate once for a cold answer: the service takes the one the gateway read', async () => {
      const owner = await harness.createAccount('gate-once');
      await publish(owner, 'MemoryFactCreated', fact('o-1', 'Rows on the river.'), {
        projection: 'memory',
      });
      const { dataSource } = harness.platform.infra;
      const query = dataSource.query.bind(dataSource);
      const gates: string[] = [];
      const spy = jest.spyOn(dataSource, 'query').mockImplementation(((
        statement: string | { name?: string },
        ...rest: unknown[]
      ) => {
        if (typeof statement === 'object' && statement.name?.startsWith('mnemo_context_gate'))
          gates.push(statement.name);
        return (query as (...args: unknown[]) => Promise<unknown>)(statement, ...rest);
      }) as typeof dataSource.query);
      try {
        const block = await get('/v1/context/memory-block', owner.apiKey);
        expect(block.headers['x-mnemo-cache']).toBe('miss');
        expect(block.body.text).toContain('Rows on the river.');
        const claudeMd = await get('/v1/context/claude-md?sessionId=s-gate-once', owner.apiKey);
        expect(claudeMd.headers['x-mnemo-cache']).toBe('miss');
        expect(gates).toHaveLength(2);
      } finally {
        spy.mockRestore();
      }
    });

    it('builds without reading the cache only at the version the front says it missed at, and serves a hit otherwise', async () => {
      const owner = await harness.createAccount('front-missed');
      await publish(owner, 'MemoryFactCreated', fact('m-1', 'Keeps bees.'), {
        projection: 'memory',
      });
      await eventually(
        () => get('/v1/context/memory-block', owner.apiKey),
        (r) => r.headers['x-mnemo-cache'] === 'hit',
      );
      await eventually(
        () => get('/v1/context/claude-md?sessionId=s-missed', owner.apiKey),
        (r) => r.headers['x-mnemo-cache'] === 'hit',
      );
      const [{ version }] = await harness.platform.infra.dataSource.query(
        'SELECT version FROM context_versions WHERE account_id = $1',
        [owner.accountId],
      );
      const ask = (verb: string, body: object) =>
        harness.platform.infra.log.request(
          subjects.rpc('context', verb),
          { accountId: owner.accountId, ...body },
          { timeoutMs: 5_000 },
        );
      for (const [verb, body] of [
        [CONTEXT_RPC.memoryBlock, {}],
        [CONTEXT_RPC.claudeMd, { sessionId: 's-missed', pinned: [] }],
      ] as const) {
        await expect(ask(verb, body)).resolves.toMatchObject({ cached: true });
        await expect(
          ask(verb, { ...body, cacheMissedAt: Number(version) - 1 }),
        ).resolves.toMatchObject({ cached: true });
        const cacheReads = jest.spyOn(harness.platform.infra.cache, 'get');
        try {
          const built = (await ask(verb, { ...body, cacheMissedAt: Number(version) })) as {
            cached: boolean;
            text?: string;
            markdown?: string;
          };
          // built, or for a CLAUDE.md the document the account's new sessions share that the service keeps in process
          expect(cacheReads).not.toHaveBeenCalled();
          expect(built.text ?? built.markdown).toContain('Keeps bees.');
          if (verb === CONTEXT_RPC.memoryBlock) expect(built.cached).toBe(false);
        } finally {
          cacheReads.mockRestore();
        }
      }
    });
  });

  it('serves the artifacts the index lists, at the level the index priced, through the route the index names', async () => {
    const markdown = (await claudeMdJson('s-free')).body.markdown as string;
    expect(markdown).toContain('`GET /v1/artifacts/{id}?level=gist|summary|full`');
    expect(markdown).not.toMatch(/read_artifact|list_artifacts/);
    const indexLine = markdown.split('\n').find((line) => line.startsWith('- **Career History**'))!;
    const costs = indexLine
      .match(/tokens: gist (\d+) \/ summary (\d+) \/ full (\d+)/)!
      .slice(1)
      .map(Number);

    const list = await get('/v1/artifacts');
    expect(list.status).toBe(200);
    expect(list.body.artifacts.map((a: { id: string }) => a.id)).toEqual([
      'a-0',
      'a-1',
      'a-2',
      'a-pin',
    ]);
    expect(list.body.artifacts[0]).toMatchObject({
      title: 'Career History',
      gist: 'Career History in depth.',
      pinned: false,
      tokens: { gist: costs[0], summary: costs[1], full: costs[2] },
    });
    expect(list.body.artifacts[0].content).toBeUndefined();
    const firstPage = await get('/v1/artifacts?limit=3');
    const secondPage = await get(`/v1/artifacts?limit=3&cursor=${firstPage.body.nextCursor}`);
    expect(secondPage.body).toMatchObject({
      artifacts: [expect.objectContaining({ id: 'a-pin' })],
      nextCursor: null,
    });

    const full = await get('/v1/artifacts/a-0?level=full');
    expect(full.body).toMatchObject({
      id: 'a-0',
      level: 'full',
      truncated: false,
      text: expect.stringMatching(/^Career History in depth\. (More detail\. )+$/),
    });
    expect(Math.ceil(full.body.text.length / 4)).toBe(costs[2]);
    expect((await get('/v1/artifacts/a-0?level=gist')).body).toMatchObject({
      text: 'Career History in depth.',
      truncated: true,
    });
    expect((await get('/v1/artifacts/a-0')).body.level).toBe('summary');
    expect((await get('/v1/artifacts/a-0?level=everything')).status).toBe(400);
    const stranger = await harness.createAccount('artifact-stranger');
    expect((await get('/v1/artifacts/a-0', stranger.apiKey)).status).toBe(404);
    expect((await get('/v1/artifacts', stranger.apiKey)).body.artifacts).toEqual([]);
  });

  it('reads an artifact gist from its prose, not from its markdown heading', async () => {
    await publish(
      account,
      'ArtifactSaved',
      {
        artifactId: 'a-md',
        title: 'Turning Point',
        content: '# Turning Point\n\nA hospital IT rollout sparked it. Then more.',
      },
      { minute: 6 },
    );
    const markdown = (await claudeMdJson('s-free')).body.markdown as string;
    expect(markdown).toContain(
      '- **Turning Point** (`a-md`): A hospital IT rollout sparked it. · tokens:',
    );
  });

  it('drops a deleted or dismissed insight from the next CLAUDE.md, cached or not', async () => {
    await publish(account, 'InsightDetected', {
      insightId: 'i-del',
      kind: 'theme',
      text: 'Keeps returning to the sea.',
      artifactA: 'a-1',
      artifactB: 'a-2',
    });
    await publish(account, 'InsightDetected', {
      insightId: 'i-dis',
      kind: 'theme',
      text: 'Counts every step twice.',
      artifactA: 'a-0',
      artifactB: 'a-2',
    });
    await eventually(
      () => get('/v1/context/claude-md?sessionId=s-free'),
      (r) => r.headers['x-mnemo-cache'] === 'hit' && r.text.includes('Keeps returning to the sea.'),
    );
    await publish(account, 'InsightDeleted', { insightId: 'i-del' });
    await publish(account, 'InsightDismissed', { insightId: 'i-dis' });
    const after = await claudeMdJson('s-free');
    expect(after.body.markdown).not.toContain('Keeps returning to the sea.');
    expect(after.body.markdown).not.toContain('Counts every step twice.');
    expect(after.body.markdown).toContain(
      'Ambition softened into care. *(Career History ↔ Core Values)*',
    );
    expect(after.body.telemetry.insightCount).toBe(1);
  });

  it('records memory_context_built with every field the contract lists, queryable at GET /v1/telemetry', async () => {
    const built = (await claudeMdJson('s-free', account.apiKey)).body.telemetry;
    const listed = await eventually(
      () => get('/v1/telemetry?action=memory_context_built'),
      (r) =>
        r.status === 200 &&
        r.body.events.some(
          (e: { metadata: { claudeMdChars: number } }) =>
            e.metadata.claudeMdChars === built.claudeMdChars,
        ),
    );
    const fields = [
      'artifactCount',
      'coreProfilePresent',
      'bookmarkCount',
      'memoryCount',
      'memoryChars',
      'insightCount',
      'insightChars',
      'claudeMdChars',
      'pinnedCount',
      'indexCount',
      'spilledCount',
      'budgetExceeded',
      'budgetOverageChars',
      'isRedo',
      'mode',
    ];
    for (const event of listed.body.events)
      expect(Object.keys(event.metadata)).toEqual(expect.arrayContaining(fields));
    const redo = await get(
      '/v1/context/claude-md?sessionId=s-free&redo=true&source=ai-coaching:values&format=json',
    );
    expect(redo.body.telemetry).toMatchObject({ isRedo: true, mode: 'interview' });
    expect(redo.body.markdown).toContain('## How This Interview Runs');
  });

  it('shows sensitive facts only while the account has the health module on', async () => {
    const owner = await harness.createAccount('health');
    await publish(
      owner,
      'MemoryFactCreated',
      {
        factId: 'm-1',
        factType: 'event',
        content: 'Lives with type 1 diabetes.',
        confidence: 'high',
        source: 'manual',
        sourceSession: 'manual',
      },
      { projection: 'memory' },
    );
    await publish(
      owner,
      'MemoryFactCreated',
      {
        factId: 'm-2',
        factType: 'preference',
        content: 'Likes early mornings.',
        confidence: 'high',
        source: 'manual',
        sourceSession: 'manual',
      },
      { projection: 'memory' },
    );
    const off = await get('/v1/context/memory-block', owner.apiKey);
    expect(off.body.text).toContain('Likes early mornings.');
    expect(off.body.text).not.toContain('diabetes');
    expect(off.body.telemetry.sensitiveWithheld).toBe(1);
    expect((await claudeMdJson('s-h', owner.apiKey)).body.markdown).not.toContain('diabetes');
    const put = await harness
      .http()
      .put('/v1/account/settings')
      .set('Authorization', `Bearer ${owner.apiKey}`)
      .send({ healthModuleOn: true });
    expect(put.body).toEqual({
      egressAllowed: true,
      healthModuleOn: true,
      medicationsModuleOn: false,
      profileLookbackDays: 90,
    });
    expect((await get('/v1/context/memory-block', owner.apiKey)).body.text).toContain(
      'Lives with type 1 diabetes.',
    );
    expect((await claudeMdJson('s-h', owner.apiKey)).body.markdown).toContain(
      'Lives with type 1 diabetes.',
    );
  });

  it('still fills Personal Context with twenty memories when the newest are sensitive and held back', async () => {
    const owner = await harness.createAccount('twenty');
    for (let i = 1; i <= 20; i += 1) {
      await publish(
        owner,
        'MemoryFactCreated',
        {
          factId: `p-${i}`,
          factType: 'preference',
          content: `Prefers option number ${i}.`,
          confidence: 'high',
          source: 'manual',
          sourceSession: 'manual',
        },
        { projection: 'memory' },
      );
    }
    for (let i = 1; i <= 3; i += 1) {
      await publish(
        owner,
        'MemoryFactCreated',
        {
          factId: `s-${i}`,
          factType: 'event',
          content: `Takes 10 mg of medication number ${i} daily.`,
          confidence: 'high',
          source: 'manual',
          sourceSession: 'manual',
        },
        { projection: 'memory' },
      );
    }
    const { body } = await claudeMdJson('s-twenty', owner.apiKey);
    expect(body.telemetry.memoryCount).toBe(20);
    expect(body.markdown).toContain('Prefers option number 1.');
    expect(body.markdown).not.toContain('medication');
  });

  it('gives an active plan its progress line in the memory block, check-ins or not', async () => {
    const owner = await harness.createAccount('plans');
    await publish(
      owner,
      'PlanProposed',
      { planId: 'pl-1', title: 'Walk every morning', steps: [], reviewDays: 14 },
      { projection: 'memory' },
    );
    await publish(
      owner,
      'PlanActivated',
      { planId: 'pl-1', activatedAt: '2026-11-29T10:00:00.000Z' },
      { projection: 'memory', minute: 1 },
    );
    const before = await get('/v1/context/memory-block', owner.apiKey);
    expect(before.body.text).toContain(
      'Walk every morning: no check-ins yet, review on 2026-12-13.',
    );
    await publish(
      owner,
      'PlanCheckedIn',
      { planId: 'pl-1', progress: 'Walked four days out of five.' },
      { projection: 'memory', minute: 2 },
    );
    const after = await get('/v1/context/memory-block', owner.apiKey);
    expect(after.body.text).toContain(
      'Walk every morning: 1 check-in, review on 2026-12-13; latest: Walked four days out of five.',
    );
  });

  // Destructive: runs last.
  it('fails open: with the memory table dropped, CLAUDE.md is served without Personal Context and the telemetry says so', async () => {
    await harness.platform.infra.dataSource.query('DROP TABLE context_memory_facts');
    // A new source event moves the account's version, so nothing cached before the drop answers.
    await publish(
      account,
      'BookmarkAdded',
      { bookmarkId: 'b-2', text: 'A second key moment.' },
      { sessionId: 's-free' },
    );
    const response = await claudeMdJson('s-free');
    expect(response.status).toBe(200);
    expect(response.body.markdown).not.toContain('#### Personal Context');
    expect(response.body.markdown).toContain('A careful engineer who values honesty.');
    expect(response.body.markdown).toContain('#### Key Moments');
    expect(response.body.telemetry).toMatchObject({
      memoryCount: 0,
      memoryChars: 0,
      coreProfilePresent: true,
      failedSources: ['memories'],
    });
    const block = await get('/v1/context/memory-block');
    expect(block.status).toBe(200);
    expect(block.body.telemetry.failedSources).toContain('facts');
  });
});
