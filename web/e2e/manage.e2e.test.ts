import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { useBrowser } from './browser';

// "Manage your giving" signed out (docs/decisions/020): the footer leads there, the form asks for
// an address and confirms the same way whatever it is, and a spent link sends the visitor back to
// the form with the reason. The signed-in journey needs the worker's manage-link e-mail.
// axe is injected as an inline script, so these pages open with the CSP bypassed (as public-pages does).
const { newPage } = await useBrowser();

/** The signed-out checks answer 401 by design (GET /api/manage); a refused link answers 400. */
const pageErrors = (errors: string[]) => errors.filter((e) => !/ 40[01] /.test(e));

describe('manage your giving, signed out', () => {
  it('is reached from the footer and e-mails a link to any address with the same answer', async () => {
    const { page, errors } = await newPage(1280, { bypassCSP: true });
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Manage your giving' }).click();
    await page.waitForURL('**/manage');
    await page.getByRole('heading', { level: 1, name: 'Manage your giving' }).waitFor();

    await page.getByLabel(/^Email/).fill('nobody-known@example.org');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    const sent = page.getByRole('heading', { level: 1, name: 'Check your email' });
    await sent.waitFor();
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Check your email');
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(errors)).toEqual([]);
  });

  it('drops an unusable token from the address bar and says why above the form', async () => {
    const { page, errors } = await newPage(375, { bypassCSP: true });
    await page.goto('/manage?token=journey-token');
    await page.getByText('This link has expired or was already used. Ask for a new one below.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Email me a link' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(errors)).toEqual([]);
  });
});
