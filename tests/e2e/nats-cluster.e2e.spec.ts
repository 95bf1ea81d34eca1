import { connect } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { ownNatsCluster, removeDir, scratchDir, until, type OwnNats } from '../support/own-servers';
import { startHarness, type Harness } from '../support/platform-harness';
import { quiesce } from '../support/fault-fixture';
import { randomUUID } from 'node:crypto';
import { itemAt } from '@mnemo/testing';

const TURNS = 4;

/**
 * On a real cluster: three NATS JetStream nodes on loopback (config files of this suite's own),
 * Mnemo's streams at three replicas, the platform given all three URLs. The node that leads the event
 * stream is killed during steady ingest and brought back: ingest goes on by itself (the client moves to
 * another node, the stream elects another leader), and every event posted is in the log exactly once.
 */
describe('a three-node NATS cluster loses a node during steady ingest', () => {
  let dir: string;
  let cluster: { nodes: OwnNats[]; names: string[]; urls: string[] };
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let harness: Harness;
  let account: { accountId: string; apiKey: string };

  beforeAll(async () => {
    dir = scratchDir('mnemo-nats-cluster');
    cluster = await ownNatsCluster(dir);
    nc = await connect({ servers: cluster.urls, maxReconnectAttempts: -1 });
    jsm = await jetstreamManager(nc, { checkAPI: false });
    // The cluster is ready once it can place a stream on all three nodes (a meta leader that knows every peer).
    await until(
      'JetStream cluster ready',
      () =>
        jsm.streams.add({ name: 'READY_PROBE', subjects: ['ready.probe'], num_replicas: 3 }).then(
          () => jsm.streams.delete('READY_PROBE').then(() => true),
          () => false,
        ),
      60_000,
    );
    harness = await startHarness({
      target: 'gateway,redaction,ingest',
      env: { NATS_URL: cluster.urls.join(','), MNEMO_STREAM_REPLICAS: '3' },
    });
    account = await harness.createAccount('cluster');
  }, 180_000);

  afterAll(async () => {
    await harness?.stop().catch(() => undefined);
    await nc?.close().catch(() => undefined);
    await Promise.all((cluster?.nodes ?? []).map((node) => node.stop()));
    if (dir) removeDir(dir);
  }, 60_000);

  const eventsStream = () => `${harness.config.MNEMO_STREAM_PREFIX}_EVENTS`;

  it('keeps every stream at three replicas', async () => {
    for (const kind of ['EVENTS', 'RAW', 'DLQ']) {
      const info = await jsm.streams.info(`${harness.config.MNEMO_STREAM_PREFIX}_${kind}`);
      expect([kind, info.config.num_replicas, (info.cluster?.replicas ?? []).length]).toEqual([
        kind,
        3,
        2,
      ]);
    }
  });

  it('goes on ingesting while the stream leader is down, and stores every event once', async () => {
    const posted: string[] = [];
    const statuses = new Map<number, number>();
    let stop = false;
    let sessions = 0;
    const postSession = async () => {
      const sessionId = `s-${(sessions += 1)}`;
      const at = new Date().toISOString();
      const events = [
        {
          id: randomUUID(),
          type: 'SessionStarted',
          sessionId,
          occurredAt: at,
          payload: { source: 'ai-coaching:check-in' },
        },
        ...Array.from({ length: TURNS }, (_, i) => ({
          id: randomUUID(),
          type: 'TurnRecorded',
          sessionId,
          occurredAt: at,
          payload: {
            seq: i + 1,
            role: i % 2 ? 'assistant' : 'user',
            text: `turn ${i + 1} of ${sessionId}`,
          },
        })),
      ];
      // The same ids until the gateway takes them: a retry after a 503 must not store anything twice.
      await until(
        `${sessionId} accepted`,
        async () => {
          const response = await harness
            .http()
            .post('/v1/events')
            .set('Authorization', `Bearer ${account.apiKey}`)
            .send({ events })
            .timeout(20_000)
            .catch(() => null);
          const status = response?.status ?? 0;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          return status === 202;
        },
        60_000,
      );
      posted.push(...events.map((e) => e.id));
    };
    const ingest = (async () => {
      while (!stop) await postSession();
    })();

    try {
      await until('steady ingest', () => sessions >= 5, 60_000);
      const leader = (await jsm.streams.info(eventsStream())).cluster?.leader;
      const victim = itemAt(cluster.nodes, cluster.names.indexOf(leader ?? ''));
      await victim.stop({ kill: true });
      const atKill = sessions;
      // Ingest resumes by itself: more sessions are taken with the node still down.
      await until('ingest resumed without the leader', () => sessions >= atKill + 10, 90_000);
      await until(
        'another node leads the stream',
        async () => {
          const now = (await jsm.streams.info(eventsStream()).catch(() => null))?.cluster?.leader;
          return !!now && now !== leader;
        },
        60_000,
      );

      await victim.start();
      await until(
        'the node rejoined and caught up',
        async () => {
          const replicas =
            (await jsm.streams.info(eventsStream()).catch(() => null))?.cluster?.replicas ?? [];
          return replicas.length === 2 && replicas.every((r) => r.current && !r.offline);
        },
        90_000,
      );
      const atReturn = sessions;
      await until('ingest after the node came back', () => sessions >= atReturn + 3, 60_000);
    } finally {
      stop = true;
      await ingest;
    }

    await quiesce(cluster.urls);
    const stored: string[] = [];
    for await (const batch of harness.platform.infra.log.read('events', 1)) {
      for (const { event } of batch)
        if (
          event.accountId === account.accountId &&
          ['SessionStarted', 'TurnRecorded'].includes(event.type)
        )
          stored.push(event.id);
    }
    expect(new Set(stored).size).toBe(stored.length); // none doubled
    expect([...stored].sort()).toEqual([...posted].sort()); // none lost
    const [{ n }] = await harness.platform.infra.dataSource.query(
      'SELECT count(*)::int AS n FROM turns WHERE account_id = $1',
      [account.accountId],
    );
    expect(n).toBe(sessions * TURNS);
    // While the leader was down the gateway said 503 or took the events; never a 500.
    expect([...statuses.keys()].filter((status) => status !== 202 && status !== 503)).toEqual([]);
  }, 300_000);
});
