/**
 * Ingest, end to end on the real servers: turns per second from `POST /v1/events` (batches of 100)
 * through MNEMO_RAW, redaction and MNEMO_EVENTS into the turns read model; and, for comparison, this
 * machine's raw JetStream publish rate for messages of the same size (the floor), and its rate for
 * publishing, pulling and acking such messages one by one, which MNEMO_EVENTS does for every event.
 */
import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startHarness, type Harness } from '../support/platform-harness';
import { TEST_NATS_URL, uniqueName } from '../support/servers';
import { cpuMsByCommand, cpuMsOfPid } from './support/process-cpu';
import { itemAt } from '@mnemo/testing';

const TURNS = Number(process.env.BENCH_TURNS ?? 20_000);
const BATCH = 100;
const CONCURRENCY = 8;
const TEXT =
  'I would like to talk about my plan to move into product management next year, and what it means. '.repeat(
    2,
  );

/**
 * Messages per second published to a fresh stream (async, a window of 1,000, each with a msgID). With
 * `consumeToo`, a durable pull consumer in the same connection takes and acks each message as well, and
 * the clock stops when the last is acked: what one durable message per event costs the server and a
 * client before any work of ours, the least a log that stores each event as its own message can take.
 */
async function jetStreamRate(count: number, size: number, consumeToo: boolean): Promise<number> {
  const nc = await connect({ servers: TEST_NATS_URL, noAsyncTraces: true });
  const jsm = await jetstreamManager(nc);
  const name = uniqueName('BENCH').toUpperCase();
  await jsm.streams.add({ name, subjects: [`${name.toLowerCase()}.>`] });
  const js = jetstream(nc);
  let consumed: Promise<void> = Promise.resolve();
  if (consumeToo) {
    await jsm.consumers.add(name, { durable_name: 'floor', ack_policy: AckPolicy.Explicit });
    const messages = await (await js.consumers.get(name, 'floor')).consume({ max_messages: 1000 });
    consumed = (async () => {
      let acked = 0;
      for await (const msg of messages) {
        msg.ack();
        if (++acked === count) break;
      }
    })();
  }
  const payload = new Uint8Array(size).fill(97);
  const started = performance.now();
  const window: Promise<unknown>[] = [];
  for (let i = 0; i < count; i += 1) {
    window.push(js.publish(`${name.toLowerCase()}.x`, payload, { msgID: randomUUID() }));
    if (window.length >= 1000) await Promise.all(window.splice(0));
  }
  await Promise.all(window);
  await consumed;
  const rate = count / ((performance.now() - started) / 1000);
  await jsm.streams.delete(name);
  await nc.drain();
  return rate;
}

interface CpuSnapshot {
  gateway: number;
  redaction: number;
  nats: number;
  postgres: number;
}

/** CPU used so far, in ms, by each process the pipeline runs in (the servers' figures only where /proc says; NaN elsewhere). */
function cpuSnapshot(redactionPid: number | undefined): CpuSnapshot {
  const servers = cpuMsByCommand(['postgres', 'nats-server']);
  const own = process.cpuUsage();
  return {
    gateway: (own.user + own.system) / 1000,
    redaction: redactionPid === undefined ? NaN : cpuMsOfPid(redactionPid),
    nats: servers.get('nats-server') ?? NaN,
    postgres: servers.get('postgres') ?? NaN,
  };
}

/**
 * The redaction service in a process of its own, as deployed (docker-compose runs it apart): on two
 * cores the gateway and the projector use one, redaction the other. BENCH_SPLIT=0 runs all in one.
 */
function startRedactionProcess(harness: Harness) {
  const env = harness.childEnv({ LOG_LEVEL: 'warn' });
  // BENCH_CHILD_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": profiles the redaction process.
  const nodeArgs = process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      path.join(__dirname, '../../bin/mnemo.js'),
      'start',
      '--target',
      'redaction,ingest',
    ],
    { env, stdio: 'inherit' },
  );
  return {
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function main() {
  const split = process.env.BENCH_SPLIT !== '0';
  const harness = await startHarness({ target: split ? 'gateway' : 'all' });
  const redaction = split ? startRedactionProcess(harness) : null;
  try {
    const { apiKey } = await harness.createAccount('bench');
    const url = `http://127.0.0.1:${harness.platform.httpPort}/v1/events`;
    const batches = Array.from({ length: Math.ceil(TURNS / BATCH) }, (_, b) =>
      Array.from({ length: BATCH }, (_, i) => ({
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId: `bench-${b % 50}`,
        occurredAt: '2026-11-29T10:00:00Z',
        payload: {
          seq: Math.floor(b / 50) * BATCH + i,
          role: i % 2 ? 'assistant' : 'user',
          text: TEXT,
        },
      })),
    );
    const sampleBytes = JSON.stringify(itemAt(itemAt(batches, 0), 0)).length;
    const db = harness.platform.infra.dataSource;
    const { log } = harness.platform.infra;
    // warm up: one batch all the way through, so every process is up and compiled before the clock starts
    const warmup = batches.shift()!;
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ events: warmup }),
    });
    while ((await db.query('SELECT count(*)::int AS n FROM turns'))[0].n < warmup.length)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const baseSeq = await log.lastSeq('events');
    const measured = TURNS - warmup.length;
    const cpuAtStart = cpuSnapshot(redaction?.pid);
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const body = JSON.stringify({ events: batches[next++] });
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
          body,
        });
        if (response.status !== 202)
          throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const accepted = performance.now();
    while ((await log.lastSeq('events')) < baseSeq + measured)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const redacted = performance.now();
    for (;;) {
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM turns');
      if (n >= TURNS) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const done = performance.now();
    const cpuAtEnd = cpuSnapshot(redaction?.pid);
    const endToEnd = measured / ((done - started) / 1000);
    const raw = await jetStreamRate(TURNS, sampleBytes, false);
    const publishAndAck = await jetStreamRate(TURNS, sampleBytes, true);
    console.log(
      `turns: ${TURNS} in batches of ${BATCH}, ${CONCURRENCY} concurrent requests, ~${sampleBytes} B each`,
    );
    console.log(
      `accepted by POST /v1/events: ${(measured / ((accepted - started) / 1000)).toFixed(0)} turns/s`,
    );
    console.log(
      `redacted into MNEMO_EVENTS: ${(measured / ((redacted - started) / 1000)).toFixed(0)} turns/s`,
    );
    console.log(`end to end into the turns read model: ${endToEnd.toFixed(0)} turns/s`);
    console.log(`raw JetStream publish (same size, async, msgID): ${raw.toFixed(0)} msgs/s`);
    console.log(
      `JetStream publish, then pull and ack, a message each (same size): ${publishAndAck.toFixed(0)} msgs/s (${(publishAndAck / raw).toFixed(2)} of raw publish)`,
    );
    console.log(`end to end / raw publish: ${(endToEnd / raw).toFixed(2)}`);
    console.log(
      `layout: ${split ? 'gateway in one process, redaction and the ingest projector in another' : 'every service in one process'}`,
    );
    const perTurn = (name: keyof CpuSnapshot) =>
      (((cpuAtEnd[name] - cpuAtStart[name]) * 1000) / measured).toFixed(0);
    if (!Number.isNaN(cpuAtStart.postgres)) {
      const redactionPart = split
        ? `, redaction and projector process ${perTurn('redaction')}`
        : '';
      console.log(
        `CPU per turn, end to end (µs): gateway and this bench's client ${perTurn('gateway')}${redactionPart}, nats-server ${perTurn('nats')}, postgres ${perTurn('postgres')}`,
      );
    }
  } finally {
    await redaction?.stop();
    await harness.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
