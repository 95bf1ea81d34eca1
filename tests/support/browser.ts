import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's chromium (.ci/run installs it with apt-get): no browser download. */
export const CHROMIUM = process.env.MNEMO_CHROMIUM ?? '/usr/bin/chromium';

/** Headless, quiet, offline: no sync, no component updates, no background traffic; a fresh profile per launch (Playwright's own temp dir). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: 30_000,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export const ARTIFACTS = path.resolve(__dirname, '../artifacts/ui');

/** Serious and critical accessibility violations of the page as it stands (axe-core's WCAG 2.x A/AA rules). */
export async function accessibilityViolations(
  page: Page,
): Promise<Array<{ id: string; impact: string; help: string; targets: string[] }>> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact!,
      help: v.help,
      targets: v.nodes.map((n) => String(n.target)),
    }));
}

/** Saves the page at 1280×800 and at a phone's width, as test artifacts (tests/artifacts/ui, not committed). */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-1280x800.png`) });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(before);
}

/** Whether the page scrolls sideways at its current width (a layout that breaks). */
export async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(
    'document.documentElement.scrollWidth > document.documentElement.clientWidth + 1',
  );
}
