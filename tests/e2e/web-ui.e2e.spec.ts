import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitForCheckpoint } from '@mnemo/persistence';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import {
  accessibilityViolations,
  DESKTOP,
  launchChromium,
  overflowsSideways,
  PHONE,
  screenshots,
} from '../support/browser';
import { firstItems } from '@mnemo/testing';

const DIST = path.resolve(__dirname, '../../apps/web/dist');
/** Every wait in the browser is a poll with this deadline; nothing sleeps a fixed time. */
const UI_WAIT_MS = 15_000;

/**
 * The web UI in Debian's chromium, driven by playwright-core, against the whole platform on
 * the real NATS, Postgres and Redis: sign-in, each page's interactions, accessibility (axe-core) and
 * screenshots of each page at 1280×800 and at a phone's width.
 */
describe('the web UI in a real browser', () => {
  let harness: Harness;
  let browser: Browser;
  let base: string;
  let transcripts: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    transcripts = mkdtempSync(path.join(os.tmpdir(), 'mnemo-ui-transcripts-'));
    harness = await startHarness({ env: { MNEMO_TRANSCRIPTS_ROOT: transcripts } });
    base = `http://127.0.0.1:${harness.platform.httpPort}`;
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await harness?.stop();
    rmSync(transcripts, { recursive: true, force: true });
  });

  /** Appends an event as a service would, and waits until `projection` has read it. */
  const publish = (
    accountId: string,
    type: string,
    payload: unknown,
    projection: string,
    options: { sessionId?: string; at?: string } = {},
  ) =>
    harness.publish(
      { accountId, type, payload, sessionId: options.sessionId, occurredAt: options.at },
      [projection],
    );
  const fact = (accountId: string, factType: string, content: string, extra: object = {}) => {
    const factId = randomUUID();
    return publish(
      accountId,
      'MemoryFactExtracted',
      {
        factId,
        factType,
        content,
        confidence: 'medium',
        source: 'extraction',
        sourceSession: 's-1',
        ...extra,
      },
      'memory',
    ).then(() => factId);
  };
  const api = (key: string) => ({
    get: (url: string) => harness.http().get(url).set('Authorization', `Bearer ${key}`),
    post: (url: string, body: object = {}) =>
      harness.http().post(url).set('Authorization', `Bearer ${key}`).send(body),
    patch: (url: string, body: object) =>
      harness.http().patch(url).set('Authorization', `Bearer ${key}`).send(body),
  });

  /** A fresh browser context (its own session storage) on `path`, signed in with `key` through the form. */
  async function open(key: string | null, pathname = '/', viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(UI_WAIT_MS);
    await page.goto(`${base}${pathname}`);
    if (key) {
      await page.getByLabel('API key').fill(key);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    }
    return page;
  }
  /** axe-core finds no serious or critical violation, nothing scrolls sideways at either width, and the screenshots are saved. */
  async function checkPage(page: Page, name: string) {
    await expect(accessibilityViolations(page)).resolves.toEqual([]);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await expect(overflowsSideways(page)).resolves.toBe(false);
    }
    await page.setViewportSize(DESKTOP);
    await screenshots(page, name);
  }
  const text = (page: Page, selector: string) => page.locator(selector).allInnerTexts();

  it("is built by the project's own scripts and served at / with its assets, its pages and the API untouched", async () => {
    expect(existsSync(path.join(DIST, 'index.html'))).toBe(true);
    const index = await harness.http().get('/').expect(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['cache-control']).toBe('no-cache');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(index.text)?.[1];
    expect(script).toBeDefined();
    const asset = await harness.http().get(script!).set('Accept-Encoding', 'gzip').expect(200);
    expect(asset.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-encoding': 'gzip',
    });
    await harness.http().get(script!).set('If-None-Match', String(asset.headers.etag)).expect(304);
    // the app's own pages load on a reload; a stale asset and the API's unknown paths stay 404s
    expect((await harness.http().get('/explorer').expect(200)).text).toBe(index.text);
    await harness.http().get('/assets/gone-123.js').expect(404);
    const unknown = await harness.http().get('/v1/nothing-here').expect(404);
    expect(unknown.body.error.code).toBe('not_found');
    await harness.http().get('/healthz').expect(200).expect('content-type', /json/);
    await harness.http().get('/openapi.json').expect(200).expect('content-type', /json/);
    await harness
      .http()
      .get('/metrics')
      .expect(200)
      .expect('content-type', /text\/plain/);
    await harness
      .http()
      .get('/docs')
      .expect(200)
      .expect('content-type', /text\/html/);
    await harness.http().get('/v1/memories').expect(401);
  });

  it('refuses a wrong key, signs in with a right one kept in session storage, and signs out', async () => {
    const account = await harness.createAccount('ui-signin');
    const page = await open(null);
    await checkPage(page, 'sign-in');
    await page.getByLabel('API key').fill('mnemo_not-a-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toContain('That key was refused');
    await expect(
      page.evaluate<string | null>("sessionStorage.getItem('mnemo.apiKey')"),
    ).resolves.toBeNull();

    await page.getByLabel('API key').fill(account.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Memory Explorer' }).waitFor();
    await expect(
      page.evaluate<string | null>("sessionStorage.getItem('mnemo.apiKey')"),
    ).resolves.toBe(account.apiKey);
    expect(new URL(page.url()).pathname).toBe('/explorer');
    // a reload keeps the session (same tab); the API key is in no cookie or local storage
    await page.reload();
    await page.getByRole('heading', { name: 'Memory Explorer' }).waitFor();
    await expect(
      page.evaluate<[string, number]>('[document.cookie, localStorage.length]'),
    ).resolves.toEqual(['', 0]);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Mnemo' }).waitFor();
    await expect(
      page.evaluate<string | null>("sessionStorage.getItem('mnemo.apiKey')"),
    ).resolves.toBeNull();
  });

  it('Memory Explorer: tabs with counts and descriptions, debounced scoped search with highlights, add, edit, delete behind a confirmation, provenance', async () => {
    const account = await harness.createAccount('ui-explorer');
    const boston = await fact(
      account.accountId,
      'event',
      'I have lived in Boston for eight years.',
      { sourceSession: 's-old', sourceTurns: [8] },
    );
    const denver = await fact(account.accountId, 'event', 'I am moving to Denver in June.', {
      sourceSession: 's-move',
      sourceTurns: [10, 14],
    });
    await publish(
      account.accountId,
      'FactSuperseded',
      { factId: boston, supersededBy: denver, subject: 'home' },
      'memory',
    );
    await fact(account.accountId, 'preference', 'Loves hiking trails in the Alps.');
    await fact(account.accountId, 'goal', 'Wants to go hiking every weekend.');
    await fact(account.accountId, 'goal', 'Wants to read more novels.');
    await fact(account.accountId, 'relationship', 'Has a sister called Ines.', {
      sourceSession: 'artifact-extract',
      sourceArtifactId: 'art-7',
    });

    const page = await open(account.apiKey);
    await page.getByText('Wants to read more novels.').waitFor();
    const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name} `) });
    await expect(tab('All').innerText()).resolves.toMatch(/All\s*5/);
    await expect(tab('Goals').innerText()).resolves.toMatch(/Goals\s*2/);
    await expect(tab('Facts').innerText()).resolves.toMatch(/Facts\s*1/);
    await expect(page.locator('.description').innerText()).resolves.toBe(
      'Everything Mnemo remembers about you, newest first.',
    );

    // provenance: the session and its turns (a link), the artifact, and what a memory replaced
    const denverItem = page.getByRole('listitem', { name: 'I am moving to Denver in June.' });
    await expect(
      denverItem.getByRole('link', { name: 'session s-move' }).getAttribute('href'),
    ).resolves.toBe('/sessions/s-move?turns=10,14');
    await expect(denverItem.innerText()).resolves.toContain('turns 10, 14');
    await expect(denverItem.locator('.superseded').innerText()).resolves.toContain(
      'I have lived in Boston for eight years.',
    );
    await expect(
      page.getByRole('listitem', { name: 'Has a sister called Ines.' }).innerText(),
    ).resolves.toContain('from artifact “art-7”');
    await checkPage(page, 'explorer');

    // keyboard: the arrow keys move between tabs; the tab panel shows that category and its description
    await tab('All').focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: /^Facts /, selected: true }).waitFor();
    await expect(page.evaluate<string | undefined>('document.activeElement?.id')).resolves.toBe(
      'tab-Facts',
    );
    await page.getByText('I am moving to Denver in June.').waitFor();
    await expect(page.locator('.description').innerText()).resolves.toContain(
      'your values, the events of your life',
    );
    await tab('Goals').click();
    await page.getByText('Wants to read more novels.').waitFor();
    await eventually(
      () => text(page, '.memories .content'),
      (items) => items.length === 2,
    );

    // search: nothing under three characters; then highlighted snippets, scoped to the active tab
    const search = page.getByRole('searchbox', { name: /^Search/ });
    await search.fill('hi');
    await expect(page.getByRole('region', { name: 'Search results' }).count()).resolves.toBe(0);
    await search.fill('hiking');
    const results = page.getByRole('region', { name: 'Search results' });
    await results.waitFor();
    await expect(results.locator('mark').first().innerText()).resolves.toBe('hiking');
    const [goalHit] = await eventually(
      () => text(page, '.snippet'),
      (s) => s.length === 1,
    );
    expect(goalHit).toMatch(/^Wants to go hiking every weekend/);
    await tab('All').click();
    await eventually(
      () => text(page, '.snippet'),
      (s) => s.length === 2,
    );
    await checkPage(page, 'explorer-search');
    await search.fill('');

    // add under All: saved as a Fact, with high confidence, by the person
    await page.getByRole('button', { name: 'Add memory' }).click();
    await page.getByLabel('New memory under Facts').fill('Started learning the cello.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved under Facts.').waitFor();
    await page.getByRole('listitem', { name: 'Started learning the cello.' }).waitFor();
    const listed = (await api(account.apiKey).get('/v1/memories?category=Facts')).body
      .memories as Array<{ content: string; confidence: string; factType: string; source: string }>;
    expect(listed.find((m) => m.content === 'Started learning the cello.')).toMatchObject({
      confidence: 'high',
      factType: 'fact',
      source: 'manual',
    });
    // add under a tab: saved in that category
    await tab('Preferences').click();
    await page.getByRole('button', { name: 'Add memory' }).click();
    await page.getByLabel('New memory under Preferences').fill('Prefers tea to coffee.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved under Preferences.').waitFor();
    await page.getByRole('listitem', { name: 'Prefers tea to coffee.' }).waitFor();

    // inline edit: cancel changes nothing, save changes the wording
    const item = page.getByRole('listitem', { name: 'Loves hiking trails in the Alps.' });
    await item.getByRole('button', { name: /^Edit/ }).click();
    await item.getByLabel('Edit memory').fill('Something else entirely.');
    await item.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Loves hiking trails in the Alps.').waitFor();
    await page.getByRole('button', { name: 'Edit: Loves hiking trails in the Alps.' }).click();
    await page.getByLabel('Edit memory').fill('Loves hiking trails in the Dolomites.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('listitem', { name: 'Loves hiking trails in the Dolomites.' }).waitFor();
    const prefs = (await api(account.apiKey).get('/v1/memories?category=Preferences')).body
      .memories as Array<{ content: string; editedByPerson: boolean }>;
    expect(prefs.find((m) => m.content.includes('Dolomites'))).toMatchObject({
      editedByPerson: true,
    });

    // delete: the dialog's Cancel keeps it; Delete removes it
    await page.getByRole('button', { name: 'Delete: Prefers tea to coffee.' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this memory?' });
    await dialog.waitFor();
    await checkPage(page, 'explorer-delete-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Delete: Prefers tea to coffee.' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Memory deleted.').waitFor();
    await page
      .getByRole('listitem', { name: 'Prefers tea to coffee.' })
      .waitFor({ state: 'detached' });
    const after = (await api(account.apiKey).get('/v1/memories?category=Preferences')).body
      .memories as Array<{ content: string }>;
    expect(after.map((m) => m.content)).not.toContain('Prefers tea to coffee.');

    // the session link opens the session's turns
    await tab('All').click();
    await page.getByRole('link', { name: 'session s-move' }).click();
    await page.getByRole('heading', { name: 'Session s-move' }).waitFor();
  }, 240_000);

  it("Memory Explorer: a live refresh arriving during an edit keeps the edit; a change to the memory itself is told, and saving then keeps the person's text", async () => {
    const account = await harness.createAccount('ui-live');
    const lisbon = await fact(account.accountId, 'goal', 'Plans to visit Lisbon in May.');
    const page = await open(account.apiKey);
    await page.getByText('Plans to visit Lisbon in May.').waitFor();
    await page.locator('.live.on').waitFor();

    await page.getByRole('button', { name: 'Edit: Plans to visit Lisbon in May.' }).click();
    const field = page.getByLabel('Edit memory');
    await field.fill('Plans to visit Lisbon and Porto in May.');

    // a memory extracted in the background arrives through the change stream while the edit is open
    await fact(account.accountId, 'goal', 'Wants to learn Portuguese.');
    await page.getByText('Wants to learn Portuguese.').waitFor();
    await expect(field.inputValue()).resolves.toBe('Plans to visit Lisbon and Porto in May.');
    await expect(
      page.evaluate<string | undefined>('document.activeElement?.tagName'),
    ).resolves.toBe('TEXTAREA');
    await expect(page.getByRole('tab', { name: /^All / }).innerText()).resolves.toMatch(/All\s*2/);

    // the memory being edited changes elsewhere: the person is told, and their text stays
    const changed = await api(account.apiKey).patch(`/v1/memories/${lisbon}`, {
      content: 'Plans to visit Lisbon in June.',
      version: 1,
    });
    expect(changed.status).toBe(200);
    await page.getByText('This memory changed while you were editing').waitFor();
    await expect(field.inputValue()).resolves.toBe('Plans to visit Lisbon and Porto in May.');
    await checkPage(page, 'explorer-live-edit');

    // saving over the newer version is the person's choice: the first save is refused (409) and says so, the second saves
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'changed while you were editing it' })
      .waitFor();
    await expect(field.inputValue()).resolves.toBe('Plans to visit Lisbon and Porto in May.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Memory saved.').waitFor();
    const saved = await api(account.apiKey).get(`/v1/memories/${lisbon}`);
    expect(saved.body).toMatchObject({
      content: 'Plans to visit Lisbon and Porto in May.',
      version: 3,
    });
  }, 180_000);

  it('Memory Explorer: a sensitive proposal arrives live, is confirmed and then shown as a memory; another is rejected', async () => {
    const account = await harness.createAccount('ui-proposals');
    await fact(account.accountId, 'value', 'Values honesty over comfort.');
    const page = await open(account.apiKey);
    await page.getByText('Values honesty over comfort.').waitFor();
    await page.locator('.live.on').waitFor();
    const proposal = (content: string) => ({
      proposalId: randomUUID(),
      factId: randomUUID(),
      factType: 'event',
      content,
      confidence: 'high',
      source: 'extraction',
      sourceSession: 's-9',
      sensitiveReason: 'names a medication',
    });
    await publish(
      account.accountId,
      'MemoryFactProposed',
      proposal('Takes 20mg of fluoxetine daily.'),
      'memory',
    );
    await publish(
      account.accountId,
      'MemoryFactProposed',
      proposal('Has asthma since childhood.'),
      'memory',
    );
    const waiting = page.getByRole('region', { name: 'Waiting for your answer' });
    await waiting.getByText('Has asthma since childhood.').waitFor();
    // a proposal is never listed as a memory
    await expect(
      page.getByRole('listitem', { name: 'Takes 20mg of fluoxetine daily.' }).count(),
    ).resolves.toBe(0);
    await checkPage(page, 'explorer-proposals');

    await page.getByRole('button', { name: 'Confirm: Takes 20mg of fluoxetine daily.' }).click();
    await page.getByRole('listitem', { name: 'Takes 20mg of fluoxetine daily.' }).waitFor();
    await page.getByRole('button', { name: 'Reject: Has asthma since childhood.' }).click();
    await waiting.waitFor({ state: 'detached' });
    const memories = (await api(account.apiKey).get('/v1/memories')).body.memories as Array<{
      content: string;
      confirmed: boolean;
    }>;
    expect(memories.map((m) => m.content).sort()).toEqual([
      'Takes 20mg of fluoxetine daily.',
      'Values honesty over comfort.',
    ]);
    expect(memories.find((m) => m.content.startsWith('Takes'))?.confirmed).toBe(true);
  }, 180_000);

  it('Core Profile: the stale banner with Refresh Profile, the blocked banners by reason, and insights dismissed and deleted', async () => {
    const stale = await harness.createAccount('ui-profile-stale');
    await publish(
      stale.accountId,
      'CoreProfileSynthesized',
      {
        profile: 'Family first; craft over money.',
        artifactFingerprint: 'an-older-set',
        model: 'm',
        artifactCount: 3,
      },
      'profile',
    );
    await publish(
      stale.accountId,
      'ArtifactSaved',
      { artifactId: 'a-1', title: 'Career History', content: 'I work at a bank.' },
      'profile',
      { sessionId: 's-a1' },
    );
    for (const [n, kind, summary] of [
      [1, 'theme', 'Family keeps coming back.'],
      [2, 'contradiction', 'Craft over money, yet a bank job.'],
    ] as const) {
      await publish(
        stale.accountId,
        'InsightDetected',
        { insightId: `i-${n}`, kind, text: summary, artifactA: 'a-1', artifactB: `a-${n + 1}` },
        'insight',
      );
    }
    const page = await open(stale.apiKey, '/profile');
    await page.getByText('Family first; craft over money.').waitFor();
    const banner = page.getByRole('region', { name: 'Profile out of date' });
    await expect(banner.innerText()).resolves.toContain('Your profile may be out of date');
    await page.getByText('Family keeps coming back.').waitFor();
    await checkPage(page, 'profile-stale');

    await page.getByRole('button', { name: 'Dismiss: Family keeps coming back.' }).click();
    await page.getByText('Insight dismissed.').waitFor();
    await page.getByText('Family keeps coming back.').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete: Craft over money, yet a bank job.' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this insight?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('No insights across your artifacts yet.').waitFor();
    expect((await api(stale.apiKey).get('/v1/insights')).body.insights).toEqual([]);

    // the refresh clears the block and asks for a synthesis (ProfileRefreshRequested)
    const blocked = await harness.createAccount('ui-profile-blocked');
    await publish(
      blocked.accountId,
      'CoreProfileSynthesized',
      { profile: 'Loves the sea.', artifactFingerprint: 'x', model: 'm', artifactCount: 3 },
      'profile',
    );
    await publish(
      blocked.accountId,
      'ProfileRegenerationBlocked',
      { reason: 'cost_cap', retryAfter: '2099-01-02T00:00:00Z' },
      'profile',
    );
    const capped = await open(blocked.apiKey, '/profile');
    const paused = capped.getByRole('region', { name: 'Profile refresh paused' });
    await expect(paused.innerText()).resolves.toContain(
      'Auto-refresh paused — daily usage limit reached. Will retry automatically',
    );
    await expect(capped.getByRole('region', { name: 'Profile out of date' }).count()).resolves.toBe(
      0,
    );
    await checkPage(capped, 'profile-blocked-cost-cap');
    await paused.getByRole('button', { name: 'Refresh Profile' }).click();
    await paused.waitFor({ state: 'detached' });
    expect((await api(blocked.apiKey).get('/v1/profile')).body.blocked).toBeNull();

    const failing = await harness.createAccount('ui-profile-api-error');
    await publish(
      failing.accountId,
      'ProfileRegenerationBlocked',
      { reason: 'api_error' },
      'profile',
    );
    const unavailable = await open(failing.apiKey, '/profile');
    await expect(
      unavailable.getByRole('region', { name: 'Profile refresh paused' }).innerText(),
    ).resolves.toContain('Auto-refresh paused — service temporarily unavailable.');
    await unavailable.getByText('No profile yet').waitFor();
  }, 240_000);

  it('Life Inventory: a take, its results with the trend line, and an import previewed and then committed', async () => {
    const account = await harness.createAccount('ui-inventory');
    const page = await open(account.apiKey, '/life-inventory');
    await page.getByRole('tab', { name: 'Take' }).waitFor();
    await page.getByLabel('I find my work meaningful.').waitFor();
    await checkPage(page, 'life-inventory-take');
    const selects = page.locator('.rating-row select');
    const count = await selects.count();
    expect(count).toBe(16);
    for (let i = 0; i < count; i += 1) await selects.nth(i).selectOption('4');
    await page.getByRole('button', { name: 'Complete take' }).click();
    // the results tab opens on the completed take
    await page.getByRole('tab', { name: 'Results', selected: true }).waitFor();
    await page.getByRole('table', { name: /Life satisfaction wheel/ }).waitFor();
    await expect(
      page.getByRole('row', { name: /Career satisfaction/ }).innerText(),
    ).resolves.toMatch(/4\.0/);

    // import an exported table (bold ratings, smart quotes, one row not in the catalog)
    await page.getByRole('tab', { name: 'Import' }).click();
    const exported = [
      '# Life satisfaction wheel',
      '| Category | Item | Rating |',
      '| --- | --- | --- |',
      '| Career | I find my work meaningful. | **9** |',
      '| Career | My work uses my strengths. | *9* |',
      '| Finances | I feel secure about money. | 4 |',
      '| Finances | I am on track with my savings. | 4 |',
      '| Other | I juggle on Sundays. | 7 |',
    ].join('\n');
    await page.getByLabel('Exported inventory file (.md or .txt)').setInputFiles({
      name: 'wheel.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(exported),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview of wheel.md' });
    await preview.waitFor();
    await expect(preview.innerText()).resolves.toMatch(/4 matched[\s\S]*1 unmatched/);
    await expect(preview.getByRole('row').count()).resolves.toBe(6);
    await checkPage(page, 'life-inventory-import-preview');
    // the preview wrote nothing
    expect((await api(account.apiKey).get('/v1/life-inventory/takes')).body.takes).toHaveLength(1);
    await preview.getByRole('button', { name: 'Import 4 ratings' }).click();
    await page.getByText('Imported 4 ratings as a completed take.').waitFor();
    expect((await api(account.apiKey).get('/v1/life-inventory/takes')).body.takes).toHaveLength(2);

    await page.getByRole('tab', { name: 'Results' }).click();
    await expect(page.getByLabel('Trend line').innerText()).resolves.toBe(
      'Trends since last take: Career satisfaction improved',
    );
    await expect(
      page.getByRole('row', { name: /Career satisfaction/ }).innerText(),
    ).resolves.toMatch(/9\.0\s+4\.0\s+\+5/);
    await checkPage(page, 'life-inventory-results');
  }, 240_000);

  it('Recall: past conversations with dated snippets, prior work with its verdict, prior decisions with their stance', async () => {
    const account = await harness.createAccount('ui-recall');
    const events = [
      {
        id: randomUUID(),
        type: 'SessionStarted',
        sessionId: 's-pool',
        occurredAt: '2026-03-10T09:00:00Z',
        payload: {
          source: 'claude-code',
          developer: 'ana',
          cwd: '/src/shop',
          project: '/src/shop',
        },
      },
      {
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId: 's-pool',
        occurredAt: '2026-03-10T09:01:00Z',
        payload: {
          seq: 1,
          role: 'user',
          text: 'The checkout service keeps timing out under load.',
        },
      },
      {
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId: 's-pool',
        occurredAt: '2026-03-10T09:02:00Z',
        payload: {
          seq: 2,
          role: 'assistant',
          text: 'The Postgres connection pool is capped at five connections; raising the pool size to forty fixes the timeouts.',
        },
      },
      {
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId: 's-pool',
        occurredAt: '2026-03-10T09:03:00Z',
        payload: {
          seq: 3,
          role: 'assistant',
          text: '',
          toolCalls: [
            {
              name: 'Edit',
              input: '{"file_path":"src/db/pool.ts"}',
              result: 'The file was updated.',
            },
          ],
        },
      },
      {
        id: randomUUID(),
        type: 'SessionOutcomeRecorded',
        sessionId: 's-pool',
        occurredAt: '2026-03-10T18:00:00Z',
        payload: {
          summary: 'Raised the Postgres pool size to fix checkout timeouts',
          firstUserTurn: 'checkout timeouts',
          lastAssistantTurn: 'done',
          filesRead: [],
          filesEdited: ['src/db/pool.ts'],
          toolsCalled: { Edit: 1 },
          commitShas: ['abc1234'],
          startedAt: '2026-03-10T09:00:00Z',
          endedAt: '2026-03-10T18:00:00Z',
          outcome: 'merged',
        },
      },
    ];
    await harness
      .http()
      .post('/v1/events')
      .set('Authorization', `Bearer ${account.apiKey}`)
      .send({ events })
      .expect(202);
    await publish(
      account.accountId,
      'DecisionRecorded',
      {
        decisionId: 'd-1',
        topic: 'connection pool size',
        stance: 'chose',
        rationale: 'Forty connections cover the checkout peak.',
      },
      'recall',
      { sessionId: 's-pool' },
    );
    await eventually(
      async () =>
        (await api(account.apiKey).post('/v1/recall', { query: 'connection pool timeouts' })).body
          .hits?.length ?? 0,
      (n) => n > 0,
    );
    await eventually(
      async () =>
        (await api(account.apiKey).get('/v1/prior-work?file=pool.ts')).body.sessions?.length ?? 0,
      (n) => n > 0,
    );

    const page = await open(account.apiKey, '/recall');
    const query = page.getByRole('searchbox', { name: 'What was said about' });
    await query.fill('connection pool timeouts');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const said = page.getByRole('list', { name: 'Conversation matches' });
    await said.getByRole('link', { name: 'session s-pool' }).waitFor();
    await expect(said.innerText()).resolves.toContain('[2026-03-10]');
    // the words that matched are highlighted, not shown as the Markdown the API marks them with
    await expect(said.locator('mark').first().innerText()).resolves.toMatch(/pool|connection/i);
    await expect(said.innerText()).resolves.not.toContain('**');
    await checkPage(page, 'recall');

    // the session a hit links to shows a turn of tool calls by their names, not as an empty card
    const session = await open(account.apiKey, '/sessions/s-pool');
    const toolTurn = session.locator('#turn-3');
    await expect(toolTurn.locator('.tool-call code').innerText()).resolves.toBe('Edit');
    await expect(toolTurn.innerText()).resolves.toContain('src/db/pool.ts');
    await checkPage(session, 'session-tool-calls');

    await page.getByLabel('Prior work', { exact: true }).check();
    await page.getByLabel('file path').check();
    await page.getByRole('searchbox', { name: 'File path' }).fill('pool.ts');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const work = page.getByRole('list', { name: 'Prior work' });
    await work.getByText('Raised the Postgres pool size to fix checkout timeouts').waitFor();
    // the verdict as the API gives it
    const [prior] = firstItems(
      (await api(account.apiKey).get('/v1/prior-work?file=pool.ts')).body.sessions as Array<{
        verdict: string;
      }>,
      1,
    );
    await expect(work.locator('.verdict').first().innerText()).resolves.toBe(prior.verdict);

    await page.getByLabel('Prior decisions', { exact: true }).check();
    await page.getByRole('searchbox', { name: 'Topic' }).fill('pool size');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const decisions = page.getByRole('list', { name: 'Prior decisions' });
    await decisions.getByText('Forty connections cover the checkout peak.').waitFor();
    await expect(decisions.locator('.stance').first().innerText()).resolves.toBe('chose');
    await checkPage(page, 'recall-decisions');
  }, 240_000);

  it('Recall: skill candidates a person accepts, edits and dismisses, as the API then says', async () => {
    const account = await harness.createAccount('ui-skills');
    const propose = (candidateId: string, name: string, task: string) =>
      publish(
        account.accountId,
        'SkillCandidateProposed',
        {
          candidateId,
          project: '/src/shop',
          name,
          description: `Use when asked for work like "${task}".`,
          steps: ['Edit `src/export/csv.ts`', 'Run `npm test -- export`'],
          files: ['src/export/csv.ts'],
          commands: ['npm test -- export'],
          sourceSessionIds: [`${candidateId}-a`, `${candidateId}-b`, `${candidateId}-c`],
        },
        'learning',
      );
    await propose('sk-csv', 'add-csv-export', 'add a CSV export');
    await propose('sk-rel', 'release', 'cut release v1.4.0');
    const candidate = async (id: string) =>
      (await api(account.apiKey).get(`/v1/skills/candidates/${id}`)).body as {
        name: string;
        status: string;
        edited: boolean;
        steps: string[];
      };

    const page = await open(account.apiKey, '/recall');
    const list = page.getByRole('list', { name: 'Skill candidates' });
    const card = (name: string) => list.locator(':scope > li', { hasText: name });
    await card('add-csv-export').waitFor();
    await expect(card('add-csv-export').innerText()).resolves.toContain(
      'Use when asked for work like "add a CSV export".',
    );
    await checkPage(page, 'recall-skills');

    await card('add-csv-export').getByRole('button', { name: 'Accept' }).click();
    await card('add-csv-export').locator('.skill-accepted').waitFor();
    await expect(candidate('sk-csv')).resolves.toMatchObject({ status: 'accepted' });

    await card('release').getByRole('button', { name: 'Edit' }).click();
    await card('release').getByLabel(/^Name/).fill('cut-release');
    await card('release').getByLabel('Steps, one a line').fill('Tag the release\n\nPush the tag');
    await card('release').getByRole('button', { name: 'Save' }).click();
    await card('cut-release').getByText('edited').waitFor();
    await expect(candidate('sk-rel')).resolves.toMatchObject({
      name: 'cut-release',
      edited: true,
      status: 'proposed',
      steps: ['Tag the release', 'Push the tag'],
    });

    await card('cut-release').getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText('Dismissed cut-release.').waitFor();
    await expect(list.locator(':scope > li').count()).resolves.toBe(1);
    await expect(candidate('sk-rel')).resolves.toMatchObject({ status: 'dismissed' });
  }, 240_000);

  it('Logs: templates by words, unit, severity and change, with counts, rates, seen times, redacted examples and value shapes', async () => {
    const account = await harness.createAccount('ui-logs');
    const secret = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
    const push = (unit: string, lines: string[]) =>
      api(account.apiKey)
        .post('/v1/logs/lines', { project: 'shop', sourceId: 'import', unit, host: 'web-1', lines })
        .expect(200);
    await push('payments', [
      `ERROR payment declined for order 1000 ref ${secret}`,
      ...[1001, 1002, 1003].map(
        (order) => `ERROR payment declined for order ${order} ref r-${order}`,
      ),
    ]);
    await push('shop-api', ['INFO request served in 12 ms', 'INFO request served in 15 ms']);
    // every line counted (a template is seen before its window's counts arrive)
    await eventually(
      async () =>
        ((await api(account.apiKey).get('/v1/log-facts')).body.facts ?? []).map(
          (f: { count: number }) => f.count,
        ),
      (counts) => counts.length === 2 && counts[0] + counts[1] === 6,
    );

    const page = await open(account.apiKey, '/logs');
    const templates = page.getByRole('list', { name: 'Log templates' });
    await templates.getByText('request served in <*> ms').waitFor();
    await expect(templates.locator('.log-template').count()).resolves.toBe(2);

    await page.getByLabel('Words').fill('declined');
    await page.getByLabel('Severity at least').selectOption('error');
    await page.getByLabel('Change').selectOption('new');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(
      eventually(
        () => templates.locator('.log-template').count(),
        (n) => n === 1,
      ),
    ).resolves.toBe(1);
    const card = templates.locator('.log-template').first();
    const shown = await card.innerText();
    expect(shown).toMatch(/new\s+error\s+ERROR payment declined for order <\*> ref <\*>/);
    // the rate as the API gives it: 4 lines over the default 24 hours
    const [declined] = firstItems(
      (await api(account.apiKey).get('/v1/log-facts?q=declined')).body.facts as Array<{
        ratePerHour: number;
      }>,
      1,
    );
    expect(declined.ratePerHour).toBe(0.17);
    expect(shown).toMatch(/In the window\s+4 lines · 0\.17 an hour · the window before: 0/);
    expect(shown).toMatch(/In all\s+4 lines/);
    expect(shown).toMatch(/Units\s+payments \(4\)/);
    expect(shown).toMatch(/Hosts\s+web-1 \(4\)/);
    expect(shown).toMatch(/First seen\s+\w/);
    expect(shown).toMatch(/Last seen\s+\w/);
    expect(shown).not.toMatch(/Value shapes\s+—/);
    const examples = await card.locator('.log-examples li').allInnerTexts();
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.length).toBeLessThanOrEqual(3);
    expect(examples.every((e) => e.startsWith('ERROR payment declined for order'))).toBe(true);
    // the line with a token in it is shown as it was kept: redacted
    expect(examples.some((e) => e.includes('[REDACTED:'))).toBe(true);
    expect(await page.content()).not.toContain(secret);
    await checkPage(page, 'logs');

    // a unit the template never logged from finds nothing
    await page.getByLabel('Unit').fill('shop-api');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await templates.getByText('No log template matches in this window.').waitFor();

    // a session's page links to what the system logged while it ran (it runs: its last turn is recent)
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    await api(account.apiKey)
      .post('/v1/events', {
        events: [
          {
            id: randomUUID(),
            type: 'SessionStarted',
            sessionId: 's-logs',
            occurredAt: ago(3_600_000),
            payload: { source: 'claude-code' },
          },
          {
            id: randomUUID(),
            type: 'TurnRecorded',
            sessionId: 's-logs',
            occurredAt: ago(60_000),
            payload: { seq: 1, role: 'user', text: 'Why are payments declined?' },
          },
        ],
      })
      .expect(202);
    await eventually(
      async () => (await api(account.apiKey).get('/v1/sessions/s-logs/turns')).body.turns ?? [],
      (turns) => turns.length === 1,
    );
    const session = await open(account.apiKey, '/sessions/s-logs');
    await session.getByRole('link', { name: 'What the system logged while it ran' }).click();
    await session.getByText(/2 templates from .* \(session s-logs\)/).waitFor();
    await expect(session.getByLabel('During session').inputValue()).resolves.toBe('s-logs');
    await expect(
      session.getByRole('list', { name: 'Log templates' }).locator('.log-template').count(),
    ).resolves.toBe(2);
  }, 240_000);

  it('Operations (admin key): the transcript loop with run now, corpus counts, spend charts against the cap, dead letters per service, recent telemetry', async () => {
    const account = await harness.createAccount('ui-ops');
    await fact(account.accountId, 'goal', 'Wants to run a marathon.');
    await publish(
      account.accountId,
      'FeatureEventRecorded',
      { name: 'memory', action: 'memory_extracted', metadata: { factCount: 3 } },
      'feature_events',
    );
    // today's spend: the session pool under its daily cap, the profile pool over it
    const day = new Date().toISOString().slice(0, 10);
    const settled = { model: 'm', inputTokens: 10, outputTokens: 5, outcome: 'ok', day };
    await publish(
      account.accountId,
      'LlmCallSettled',
      { ...settled, pools: ['session'], label: 'memory', costUsd: 0.05 },
      'cost_entries',
    );
    await publish(
      account.accountId,
      'LlmCallSettled',
      { ...settled, pools: ['profile'], label: 'profile', costUsd: 0.4 },
      'cost_entries',
    );
    await harness.platform.infra.log.publishDeadLetter('memory', {
      service: 'memory',
      stream: 'events',
      seq: 4242,
      deliveryCount: 3,
      error: { code: 'internal', message: 'projection failed on a bad row' },
      event: {
        id: randomUUID(),
        type: 'MemoryFactExtracted',
        version: 1,
        accountId: account.accountId,
        occurredAt: new Date().toISOString(),
        producer: 'test',
        payload: {},
      },
      deadAt: new Date().toISOString(),
    });

    // a one-off import is a log source with a status line: lines read, cursor, last error
    await api(account.apiKey)
      .post('/v1/logs/lines', {
        project: 'ops-shop',
        lines: ['disk almost full', 'disk almost full'],
      })
      .expect(200);
    await api(account.apiKey)
      .post('/v1/refactor-plans', {
        goal: 'Split the ops routes',
        steps: ['Move the handlers'],
        files: ['src/ops.ts'],
      })
      .expect(201);
    // an account key opens no Operations: the page asks for the admin key, and refuses a wrong one
    const asAccount = await open(account.apiKey, '/operations');
    await asAccount.getByLabel('Admin key').fill('not-the-admin-key-000');
    await asAccount.getByRole('button', { name: 'Open Operations' }).click();
    await expect(asAccount.getByRole('alert').innerText()).resolves.toContain(
      'That admin key was refused.',
    );

    const page = await open(ADMIN_KEY);
    expect(new URL(page.url()).pathname).toBe('/operations');
    const loop = page.getByRole('region', { name: 'Transcript loop' });
    await loop.getByText('Enabled').waitFor();
    await expect(loop.innerText()).resolves.toMatch(
      /Enabled\s+no[\s\S]*Interval\s+24 h[\s\S]*Next run\s+not scheduled/,
    );
    const corpus = page.getByRole('region', { name: 'Corpus', exact: true });
    await expect(
      eventually(
        () => corpus.innerText(),
        (t) => /Memories\s+[1-9]/.test(t),
      ),
    ).resolves.toMatch(/Queries \(30 days\)/);
    // the learning loops' figures, across every account: the plan recorded above is counted
    const learning = page.getByRole('region', { name: 'Learning corpus' });
    await expect(learning.innerText()).resolves.toMatch(
      /Agent queries\s+\d[\s\S]*Sessions ingested\s+\d[\s\S]*Log facts\s+\d[\s\S]*Refactor plans\s+[1-9]\d*[\s\S]*Failed clusters\s+\d[\s\S]*Skill candidates\s+\d[\s\S]*Hit rate\s+\d+%[\s\S]*Latency p50 \/ p95 \/ p99\s+[\d.]+ \/ [\d.]+ \/ [\d.]+ ms/,
    );
    // and a small chart per figure over the last 30 days: today's plan is in its chart
    await expect(learning.locator('figure').count()).resolves.toBe(8);
    const plansChart = learning.locator('figure', { hasText: /^Refactor plans/ });
    await expect(plansChart.locator('figcaption').innerText()).resolves.toMatch(
      /^Refactor plans · [1-9]\d* over 30 days$/,
    );
    await expect(plansChart.locator('rect').count()).resolves.toBe(30);
    const spend = page.getByRole('region', { name: 'Spend per pool per day' });
    await expect(spend.locator('figure').count()).resolves.toBe(3);
    await expect(spend.locator('figcaption').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^compaction · \$0\.00 over 30 days · cap \$\d/),
      ]),
    );
    await expect(spend.locator('svg line.cap').count()).resolves.toBe(3);
    const profileChart = spend.locator('figure', { hasText: /^profile/ });
    await expect(profileChart.locator('figcaption').innerText()).resolves.toMatch(
      /^profile · \$0\.40 over 30 days · cap \$0\.15 a day per account$/,
    );
    await expect(profileChart.locator('rect.over').count()).resolves.toBe(1);
    const sessionChart = spend.locator('figure', { hasText: /^session/ });
    await expect(sessionChart.locator('rect.over').count()).resolves.toBe(0);
    await expect(sessionChart.locator('svg').getAttribute('aria-label')).resolves.toMatch(
      /highest \$0\.05, against a cap of \$0\.35/,
    );
    const dead = page.getByRole('region', { name: 'Dead letters' });
    await expect(dead.getByRole('row', { name: /^memory/ }).innerText()).resolves.toMatch(
      /memory\s+1\s+MemoryFactExtracted #4242: projection failed on a bad row/,
    );
    const telemetry = page.getByRole('region', { name: 'Recent telemetry' });
    await telemetry.getByText('memory_extracted').waitFor();
    const logSources = page.getByRole('region', { name: 'Log sources' });
    await expect(logSources.innerText()).resolves.toContain(
      'OpenTelemetry logs (POST /v1/logs): off',
    );
    const imported = logSources.getByRole('row', { name: /ops-shop/ });
    await expect(imported.innerText()).resolves.toMatch(
      /^import\s+ops-shop\s+yes\s+idle\s+\w.*\s+2\s+\S+\s+none$/,
    );
    await checkPage(page, 'operations');

    await loop.getByRole('button', { name: 'Run now' }).click();
    await page.getByText(/Transcript ingest ran: \d+ sessions\./).waitFor();
    await expect(
      eventually(
        () => loop.innerText(),
        (t) => !/Last run\s+—/.test(t),
        25_000,
      ),
    ).resolves.toMatch(/Last count\s+0 sessions[\s\S]*Last error\s+none/);
    // the admin key opens nothing of an account's own
    expect(
      (await harness.http().get('/v1/memories').set('Authorization', `Bearer ${ADMIN_KEY}`)).status,
    ).toBe(401);
  }, 240_000);

  it('shows no Operations tab when the server runs without an admin key', async () => {
    const account = await harness.createAccount('ui-no-admin');
    const context = await browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    // this platform has an admin key; the answer of one without it is played back to the page
    await context.route('**/v1/admin/stats', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'admin_disabled', message: 'the admin API is disabled' },
        }),
      }),
    );
    const page = await context.newPage();
    page.setDefaultTimeout(UI_WAIT_MS);
    await page.goto(`${base}/operations`);
    await page.getByLabel('API key').fill(account.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The admin API is off on this server').waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Recall' }).count()).resolves.toBe(1);
    await expect(nav.getByRole('link', { name: 'Operations' }).count()).resolves.toBe(0);
  }, 120_000);

  it('answers the operations APIs the dashboard reads', async () => {
    const admin = api(ADMIN_KEY);
    const letters = await admin.get('/v1/admin/dead-letters?limit=1');
    expect(letters.status).toBe(200);
    expect(letters.body.services.map((s: { service: string }) => s.service)).toEqual(
      expect.arrayContaining(['gateway', 'memory', 'recall', 'profile']),
    );
    expect(
      letters.body.services.find((s: { service: string }) => s.service === 'memory'),
    ).toMatchObject({
      count: 1,
      recent: [
        {
          seq: 4242,
          type: 'MemoryFactExtracted',
          error: { message: 'projection failed on a bad row' },
        },
      ],
    });
    expect(JSON.stringify(letters.body)).not.toContain('"payload"');
    const telemetry = await admin.get('/v1/admin/telemetry?limit=5&action=memory_extracted');
    expect(telemetry.body.events[0]).toMatchObject({
      accountId: expect.any(String),
      name: 'memory',
      action: 'memory_extracted',
      metadata: { factCount: 3 },
    });
    const costs = await admin.get('/v1/admin/costs');
    expect(Object.keys(costs.body.defaultCapsUsd).sort()).toEqual([
      'compaction',
      'profile',
      'session',
    ]);
    const account = await harness.createAccount('ui-ops-refused');
    expect((await api(account.apiKey).get('/v1/admin/dead-letters')).status).toBe(403);
    expect((await api(account.apiKey).get('/v1/admin/telemetry')).status).toBe(403);
  });

  it('pages a long list: 50 rows rendered whatever the total, with a pager (the 10,000-memory timing is in tests/bench)', async () => {
    const account = await harness.createAccount('ui-many');
    const events = Array.from({ length: 120 }, (_, i) => ({
      id: randomUUID(),
      type: 'MemoryFactExtracted',
      version: 1,
      accountId: account.accountId,
      occurredAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      producer: 'test',
      payload: {
        factId: randomUUID(),
        factType: 'event',
        content: `Memory number ${i}.`,
        confidence: 'low',
        source: 'extraction',
        sourceSession: 's-many',
      },
    }));
    const results = await harness.platform.infra.log.appendMany('events', events);
    await expect(
      waitForCheckpoint(harness.platform.infra.dataSource, 'memory', results.at(-1)!.seq, 30_000),
    ).resolves.toBe(true);
    const page = await open(account.apiKey);
    await page.getByText('Memory number 119.').waitFor();
    await expect(page.locator('.memories > li').count()).resolves.toBe(50);
    await expect(page.getByRole('navigation', { name: 'Pages' }).innerText()).resolves.toContain(
      '1–50 of 120 · page 1 of 3',
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Memory number 69.').waitFor();
    await expect(page.getByText('Memory number 119.').count()).resolves.toBe(0);
  }, 180_000);
});
