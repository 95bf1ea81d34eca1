/**
 * Profile and insights after artifact saves, through the whole platform on the real servers:
 * - latency from an ArtifactSaved accepted by the gateway to the fresh profile in GET /v1/profile and to
 *   its new insight in GET /v1/insights, offline (no key), next to a floor measured in the same run: the
 *   same save reaching GET /v1/artifacts (the context projection alone, no reactor);
 * - the CLAUDE.md a session gets with a profile and 50 artifacts;
 * - model calls per artifact save through the real SDK against the fake Messages API, by caller.
 * Run: node bin/run-ts.js tests/bench/profile.bench.ts  (BENCH_ARTIFACTS=50)
 */
import { randomUUID } from 'node:crypto';
import { startFakeAnthropic, systemOf, textReply } from '@mnemo/testing';
import { startHarness } from '../support/platform-harness';

const ARTIFACTS = Number(process.env.BENCH_ARTIFACTS ?? 50);
const TOPICS = ['career', 'family', 'health', 'money', 'friends', 'learning', 'home', 'travel'];

const content = (i: number) =>
  `Reflection ${i} on ${TOPICS[i % TOPICS.length]}. My family and my work at the bakery matter to me. ` +
  `I want to spend more time on ${TOPICS[(i + 3) % TOPICS.length]} this year. ${'I keep a journal of what I learn each week. '.repeat(30)}`;

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ??
  NaN;
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function main(): Promise<void> {
  const fake = await startFakeAnthropic();
  fake.route((body) => {
    const system = systemOf(body);
    if (system.includes('core profile'))
      return textReply('**Themes and values:**\n- Family and craft.', {
        inputTokens: 3000,
        outputTokens: 80,
      });
    if (system.includes('insights that span'))
      return textReply(JSON.stringify({ insights: [] }), { inputTokens: 2000, outputTokens: 10 });
    return textReply(JSON.stringify({ facts: [] }), { inputTokens: 500, outputTokens: 5 });
  });
  const harness = await startHarness({
    env: {
      ANTHROPIC_API_KEY: '',
      ANTHROPIC_BASE_URL: fake.url,
      MNEMO_SECRET_KEY: 'bench-master-secret',
      MNEMO_ACK_WAIT_MS: '30000',
      MNEMO_MAX_DELIVER: '5',
    },
  });
  try {
    const offline = await harness.createAccount('bench-offline');
    const auth = { Authorization: `Bearer ${offline.apiKey}` };
    const get = (url: string, headers = auth) => harness.http().get(url).set(headers);
    const save = async (headers: Record<string, string>, i: number) => {
      const event = {
        id: randomUUID(),
        type: 'ArtifactSaved',
        sessionId: `s-${i}`,
        occurredAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        payload: { artifactId: `a-${i}`, title: `Reflection ${i}`, content: content(i) },
      };
      const response = await harness
        .http()
        .post('/v1/events')
        .set(headers)
        .send({ events: [event] });
      if (response.status !== 202) throw new Error(`save failed: ${response.status}`);
    };
    const until = async (probe: () => Promise<boolean>) => {
      for (let delay = 2; !(await probe()); delay = Math.min(delay * 2, 20))
        await new Promise((r) => setTimeout(r, delay));
    };

    const floor: number[] = [];
    const profile: number[] = [];
    const insight: number[] = [];
    for (let i = 1; i <= ARTIFACTS; i++) {
      const insightsBefore = (await get('/v1/insights')).body.insights.length as number;
      const started = performance.now();
      await save(auth, i);
      const waits = [
        until(async () => (await get('/v1/artifacts')).body.artifacts.length === i).then(() =>
          floor.push(performance.now() - started),
        ),
        i >= 3
          ? until(async () =>
              ((b) => b.artifactCount === i && !b.isStale)((await get('/v1/profile')).body),
            ).then(() => profile.push(performance.now() - started))
          : Promise.resolve(0),
        i >= 2
          ? until(
              async () => (await get('/v1/insights')).body.insights.length > insightsBefore,
            ).then(() => insight.push(performance.now() - started))
          : Promise.resolve(0),
      ];
      await Promise.all(waits);
    }
    const markdown = (await get('/v1/context/claude-md?sessionId=s-bench')).text;
    const p50 = quantile(floor, 0.5);
    console.log(`offline, ${ARTIFACTS} saves one after another`);
    console.log(
      `  floor (save → GET /v1/artifacts):  p50 ${ms(p50)}, p95 ${ms(quantile(floor, 0.95))}`,
    );
    console.log(
      `  save → fresh profile visible:      p50 ${ms(quantile(profile, 0.5))}, p95 ${ms(quantile(profile, 0.95))}  (${(quantile(profile, 0.5) / p50).toFixed(1)}× floor)`,
    );
    console.log(
      `  save → new insight visible:        p50 ${ms(quantile(insight, 0.5))}, p95 ${ms(quantile(insight, 0.95))}  (${(quantile(insight, 0.5) / p50).toFixed(1)}× floor)`,
    );
    console.log(
      `  CLAUDE.md with a profile and ${ARTIFACTS} artifacts: ${markdown.length} chars (profile present: ${markdown.includes('#### Core Profile')}; budget 120,000)`,
    );

    const keyed = await harness.createAccount('bench-keyed');
    const keyedAuth = { Authorization: `Bearer ${keyed.apiKey}` };
    await harness
      .http()
      .put('/v1/llm-keys')
      .set(keyedAuth)
      .send({ apiKey: `sk-ant-api03-${'Bn4'.repeat(12)}Wxyz` });
    const saves = 10;
    const before = fake.requests.length;
    for (let i = 1; i <= saves; i++) {
      await save(keyedAuth, i);
      await until(
        async () => i < 3 || (await get('/v1/profile', keyedAuth)).body.artifactCount === i,
      );
    }
    // Let the last save's insight and memory calls land before counting.
    await until(
      async () =>
        fake.requests.slice(before).filter((r) => systemOf(r.body).includes('insights that span'))
          .length >=
        saves - 1,
    );
    const calls = fake.requests.slice(before);
    const count = (words: string) => calls.filter((r) => systemOf(r.body).includes(words)).length;
    const profileCalls = count('core profile');
    const insightCalls = count('insights that span');
    console.log(
      `through the SDK (fake Messages API), ${saves} saves: ${calls.length} model calls = ${(calls.length / saves).toFixed(2)} per save`,
    );
    console.log(
      `  profile ${profileCalls} (${(profileCalls / saves).toFixed(2)}/save; none under 3 artifacts), insight ${insightCalls} (${(insightCalls / saves).toFixed(2)}/save; none for the first), memory extraction and others ${calls.length - profileCalls - insightCalls}`,
    );
  } finally {
    await harness.stop();
    await fake.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
