import { randomUUID } from 'node:crypto';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BODY_LIMIT = 64 * 1024;

/**
 * What every request goes through at the gateway's edge, before and after its route: the correlation id,
 * the access-log line, the body limit, the key guards and the storable-input check, in that order of answers.
 */
describe('the HTTP edge', () => {
  let harness: Harness;
  let apiKey: string;
  const lines: string[] = [];
  const accessLines = () =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');
  const turn = (text: string) => ({
    id: randomUUID(),
    type: 'TurnRecorded',
    sessionId: 's-edge',
    occurredAt: '2026-11-29T10:00:00Z',
    payload: { seq: 1, role: 'user', text },
  });
  const postEvents = (body: unknown, key?: string) => {
    const request = harness.http().post('/v1/events');
    return (key ? request.set('Authorization', `Bearer ${key}`) : request).send(body as object);
  };

  beforeAll(async () => {
    harness = await startHarness({
      target: 'gateway',
      env: { LOG_LEVEL: 'info', MNEMO_MAX_BODY_BYTES: String(BODY_LIMIT) },
      logDestination: { write: (line: string) => void lines.push(line) },
    });
    ({ apiKey } = await harness.createAccount('edge'));
  });
  afterAll(async () => harness?.stop());

  it("echoes a caller's usable correlation id, and answers a new one for a missing or unusable id", async () => {
    expect(
      (await harness.http().get('/healthz').set('x-correlation-id', 'caller:42.a_b-c')).headers[
        'x-correlation-id'
      ],
    ).toBe('caller:42.a_b-c');
    expect((await harness.http().get('/healthz')).headers['x-correlation-id']).toMatch(UUID);
    expect(
      (await harness.http().get('/healthz').set('x-correlation-id', 'has spaces')).headers[
        'x-correlation-id'
      ],
    ).toMatch(UUID);
    expect(
      (await harness.http().get('/healthz').set('x-correlation-id', 'x'.repeat(129))).headers[
        'x-correlation-id'
      ],
    ).toMatch(UUID);
    // an error answer carries it too
    expect(
      (await harness.http().get('/v1/sessions').set('x-correlation-id', 'corr-401')).headers[
        'x-correlation-id'
      ],
    ).toBe('corr-401');
  });

  it('logs one line per request with method, path without its query, status, duration, account and correlation id, and never the key', async () => {
    const response = await harness
      .http()
      .get('/v1/sessions?cursor=private-search-text')
      .set('Authorization', `Bearer ${apiKey}`)
      .set('x-correlation-id', 'corr-log');
    expect(response.status).toBe(400);
    const line = await eventually(
      async () => accessLines().find((l) => l.correlationId === 'corr-log'),
      Boolean,
    );
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      path: '/v1/sessions',
      status: 400,
      accountId: expect.any(String),
      correlationId: 'corr-log',
    });
    expect(typeof line?.ms).toBe('number');
    const raw = lines.find((l) => l.includes('"corr-log"'))!;
    expect(raw).not.toContain('private-search-text');
    expect(raw).not.toContain(apiKey);
    expect(raw.toLowerCase()).not.toContain('authorization');
  });

  it("redacts a secret in the path or in a caller's correlation id on the access line", async () => {
    const token = `ghp_${'k3Y9pQ2wR7tZ'.repeat(3)}`;
    const response = await harness
      .http()
      .get(`/v1/sessions/${token}/turns`)
      .set('Authorization', `Bearer ${apiKey}`)
      .set('x-correlation-id', `ghp_${'c0rR3L4t10n'.repeat(4).slice(0, 36)}`);
    expect(response.headers['x-correlation-id']).toMatch(/^ghp_/);
    const line = await eventually(
      async () => accessLines().find((l) => String(l.path).startsWith('/v1/sessions/[REDACTED')),
      Boolean,
    );
    expect(line).toMatchObject({
      path: '/v1/sessions/[REDACTED:github_token]/turns',
      correlationId: '[REDACTED:github_token]',
      status: response.status,
    });
    expect(lines.filter((l) => l.includes(token) || l.includes('c0rR3L4t10n'))).toEqual([]);
  });

  it('answers 413 for a body over the limit, with the error shape, and writes nothing', async () => {
    const before = await harness.platform.infra.log.lastSeq('raw');
    const response = await postEvents({ events: [turn('x'.repeat(BODY_LIMIT))] }, apiKey);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      error: { code: 'payload_too_large', message: 'the request body is larger than the limit' },
    });
    expect(await harness.platform.infra.log.lastSeq('raw')).toBe(before);
  });

  it('asks the key first: unstorable input without a valid key is a 401, with an account key on an admin route a 403', async () => {
    const unstorable = { events: [turn('a\u0000b')] };
    expect((await postEvents(unstorable)).status).toBe(401);
    await expect(postEvents(unstorable, 'mnemo_wrong')).resolves.toMatchObject({
      status: 401,
      body: { error: { code: 'unauthorized' } },
    });
    const admin = await harness
      .http()
      .post('/v1/admin/accounts')
      .set('Authorization', `Bearer ${apiKey}`)
      .send({ name: 'a\u0000b' });
    expect(admin.status).toBe(403);
  });

  it('refuses unstorable input with a valid key as a 400 naming the field, on account, admin and public routes', async () => {
    const before = await harness.platform.infra.log.lastSeq('raw');
    const body = await postEvents({ events: [turn('a\u0000b')] }, apiKey);
    expect(body.status).toBe(400);
    expect(body.body.error).toMatchObject({
      code: 'validation_failed',
      issues: [
        {
          path: 'body.events.0.payload.text',
          reason: 'contains U+0000 (NUL), which cannot be stored',
        },
      ],
    });
    expect(await harness.platform.infra.log.lastSeq('raw')).toBe(before);
    const admin = await harness
      .http()
      .post('/v1/admin/accounts')
      .set('Authorization', `Bearer ${ADMIN_KEY}`)
      .send({ name: 'a\ud800b' });
    expect(admin.status).toBe(400);
    expect(admin.body.error.issues).toEqual([expect.objectContaining({ path: 'body.name' })]);
    const params = await harness
      .http()
      .get('/v1/sessions/a%00b/turns')
      .set('Authorization', `Bearer ${apiKey}`);
    expect(params.status).toBe(400);
    expect(params.body.error.issues).toEqual([expect.objectContaining({ path: 'params.id' })]);
    const query = await harness.http().get('/healthz?q=%00');
    expect(query.status).toBe(400);
    expect(query.body.error.issues).toEqual([expect.objectContaining({ path: 'query.q' })]);
  });
});
