/**
 * The web UI: the built bundle's size, raw and gzipped, and the time to the first rendered
 * page of the Memory Explorer in Debian's chromium with 10,000 memories in the account, against the same
 * render for an empty account (the floor, measured in the same run). The memories go through the log and
 * the memory projector like any others. Printed, not asserted.
 * Run: npm run bench:web   (needs the build: npm run build:web; and the real servers)
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { waitForCheckpoint } from '@mnemo/persistence';
import { launchChromium } from '../support/browser';
import { startHarness } from '../support/platform-harness';

const MEMORIES = Number(process.env.BENCH_WEB_MEMORIES ?? 10_000);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 7);
const DIST = path.resolve(__dirname, '../../apps/web/dist');
const TYPES = ['value', 'goal', 'preference', 'decision', 'event', 'insight', 'relationship'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  let raw = 0;
  let gzipped = 0;
  for (const file of files(DIST)) {
    const body = readFileSync(file);
    raw += body.length;
    gzipped += gzipSync(body, { level: 9 }).length;
    process.stdout.write(
      `  ${path.relative(DIST, file)}: ${(body.length / 1024).toFixed(1)} kB, gzip ${(gzipSync(body, { level: 9 }).length / 1024).toFixed(1)} kB\n`,
    );
  }
  process.stdout.write(
    `bundle (whole app): ${(raw / 1024).toFixed(1)} kB raw, ${(gzipped / 1024).toFixed(1)} kB gzipped (aim: under 250 kB gzipped)\n`,
  );

  const harness = await startHarness();
  const browser = await launchChromium();
  try {
    const base = `http://127.0.0.1:${harness.platform.httpPort}`;
    const empty = await harness.createAccount('bench-empty');
    const full = await harness.createAccount('bench-full');
    const started = Date.now();
    let last = 0;
    for (let i = 0; i < MEMORIES; i += 1000) {
      const events = Array.from({ length: Math.min(1000, MEMORIES - i) }, (_, j) => ({
        id: randomUUID(),
        type: 'MemoryFactExtracted',
        version: 1,
        accountId: full.accountId,
        occurredAt: new Date(Date.UTC(2026, 0, 1) + (i + j) * 60_000).toISOString(),
        producer: 'bench',
        payload: {
          factId: randomUUID(),
          factType: TYPES[(i + j) % TYPES.length],
          content: `Memory ${i + j}: something the person said about topic ${(i + j) % 97}.`,
          confidence: 'medium',
          source: 'extraction',
          sourceSession: `s-${(i + j) % 50}`,
        },
      }));
      last = (await harness.platform.infra.log.appendMany('events', events)).at(-1)!.seq;
    }
    if (!(await waitForCheckpoint(harness.platform.infra.dataSource, 'memory', last, 600_000)))
      throw new Error('the memory projection did not catch up');
    process.stdout.write(
      `${MEMORIES} memories projected in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );

    /** From navigation to the Explorer's first page of rows (or its empty state) on screen, in a fresh context. */
    const firstRender = async (apiKey: string, expectRows: boolean): Promise<number> => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(
        `sessionStorage.setItem('mnemo.apiKey', ${JSON.stringify(apiKey)}); sessionStorage.setItem('mnemo.role', 'account');`,
      );
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(`${base}/explorer`);
      await page
        .locator(expectRows ? '.memories > li >> nth=49' : '.empty')
        .waitFor({ timeout: 60_000 });
      const ms = performance.now() - t0;
      await context.close();
      return ms;
    };
    await firstRender(empty.apiKey, false); // warm the browser's cache of the assets and the server's code paths
    await firstRender(full.apiKey, true);
    const floor: number[] = [];
    const loaded: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      floor.push(await firstRender(empty.apiKey, false));
      loaded.push(await firstRender(full.apiKey, true));
    }
    const f = median(floor);
    const l = median(loaded);
    process.stdout.write(
      `Explorer first render, empty account (floor): median ${f.toFixed(0)} ms over ${RUNS} runs [${floor.map((v) => v.toFixed(0)).join(', ')}]\n`,
    );
    process.stdout.write(
      `Explorer first render, ${MEMORIES} memories: median ${l.toFixed(0)} ms over ${RUNS} runs [${loaded.map((v) => v.toFixed(0)).join(', ')}]; ratio to the floor ${(l / f).toFixed(2)}\n`,
    );
  } finally {
    await browser.close();
    await harness.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
