import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0–2.2 A and AA rules: the site's bar is WCAG 2.2 AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * Runs axe-core in the page and returns the serious and critical violations, each with the
 * elements it found, so a failing assertion says what to fix.
 *
 * The card provider's hosted fields are cross-origin iframes that belong to the provider, so the
 * scan stays in our document (`iframes: false`); their labels are checked by our own tests.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  return (await allViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Every violation of those rules, whatever its impact (minor and moderate included). */
export async function allViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: await axeSource });
  const script = `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} }, iframes: false })
    .then((result) => result.violations
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })))`;
  return page.evaluate<AxeViolation[]>(script);
}
