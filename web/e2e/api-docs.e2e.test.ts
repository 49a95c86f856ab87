import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, useBrowser } from './browser';

// A developer opens the API docs: the viewer renders the published document under the page's
// strict policy, with nothing fetched from anywhere but our own origin.
const { newPage, baseUrl } = await useBrowser();

describe('API docs', () => {
  it('renders every tag of /api/openapi.json with no policy violation and no foreign request', async () => {
    const { page, errors } = await newPage();
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== new URL(baseUrl).origin) foreign.push(url.origin);
    });
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: 'Pillars API' }).first().waitFor();
    for (const tag of ['donations', 'payments', 'memberships', 'registrations', 'admin', 'webhooks']) {
      await page.getByText(tag, { exact: true }).first().waitFor();
    }
    await page.screenshot({ path: `${ARTIFACTS_DIR}api-docs.png` });
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
  });
});
