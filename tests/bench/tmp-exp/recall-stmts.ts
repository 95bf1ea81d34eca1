import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { startHarness } from '../../support/platform-harness';

const stats = new Map<string, number[]>();
const slow: Array<{ ms: number; text: string; values: unknown[] }> = [];
const original = Client.prototype.query;
(Client.prototype as any).query = function (this: any, q: any, values?: any, cb?: any) {
  const text: string = typeof q === 'string' ? q : q?.text ?? '?';
  const vals = Array.isArray(values) ? values : q?.values ?? [];
  const t0 = process.hrtime.bigint();
  const result = (original as any).call(this, q, values, cb);
  if (result && typeof result.then === 'function') {
    result.then(() => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const k = text.replace(/\s+/g, ' ').slice(0, 70);
      (stats.get(k) ?? stats.set(k, []).get(k)!).push(ms);
      if (text.includes('recall_chunk_terms')) slow.push({ ms, text, values: vals });
    }, () => undefined);
  }
  return result;
};

async function main() {
  const harness = await startHarness({ target: 'gateway,recall', keptNamespace: 'bench_recall_100000' });
  const { apiKey } = JSON.parse(readFileSync('/tmp/bench_recall_100000.account.json', 'utf8'));
  const words = ['kaka', 'lolo', 'ren', 'tasmi', 'vodri', 'pelsun', 'quazor', 'bexnim', 'halttro', 'gisfen', 'wurost', 'lyka', 'mi', 'lo', 'ka', 'sunqua'];
  let rng = 7;
  const rand = () => ((rng = (rng * 1103515245 + 12345) % 2147483648) / 2147483648);
  const total: number[] = [];
  for (let i = 0; i < Number(process.env.N ?? 300); i += 1) {
    const q = Array.from({ length: 2 + Math.floor(rand() * 5) }, () => words[Math.floor(rand() * words.length)]).join(' ');
    const t0 = process.hrtime.bigint();
    await harness.http().post('/v1/recall').set({ Authorization: `Bearer ${apiKey}` }).send({ query: q, limit: 10 });
    total.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const pct = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) * p)];
  console.log('http total p50', pct(total, 0.5).toFixed(2), 'p99', pct(total, 0.99).toFixed(2));
  for (const [k, v] of [...stats].sort((a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0)).slice(0, 8))
    console.log(v.length, 'p50', pct(v, 0.5).toFixed(2), 'p99', pct(v, 0.99).toFixed(2), k);
  slow.sort((a, b) => b.ms - a.ms);
  const db = harness.platform.infra.dataSource;
  for (const s of [slow[0], slow[Math.floor(slow.length / 2)]]) {
    console.log('---', s.ms.toFixed(2), 'ms');
    const plan: Array<Record<string, string>> = await db.query(`EXPLAIN (ANALYZE, BUFFERS, TIMING) ${s.text}`, s.values);
    console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
  }
  await harness.stop();
  process.exit(0);
}
main();
