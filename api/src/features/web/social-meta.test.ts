import { describe, expect, it } from 'vitest';
import { withSiteTitle, withSocialMeta } from './social-meta';

const shell = `<head>
    <meta
      name="description"
      content="The site's own description."
    />
    <title>Liberty</title>
  </head>`;
const site = { orgName: 'Liberty', publicUrl: 'https://liberty.example.org' };

describe('withSocialMeta', () => {
  it('writes the page’s title and description, and their previews', () => {
    const html = withSocialMeta(
      shell,
      { title: 'Become a Member', description: 'Join us.', path: '/membership', type: 'website' },
      site,
    );
    expect(html).toContain('<title>Become a Member | Liberty</title>');
    expect(html).toContain('<meta name="description" content="Join us." />');
    expect(html).toContain('<meta property="og:description" content="Join us." />');
    expect(html).toContain('<meta property="og:url" content="https://liberty.example.org/membership" />');
    expect(html).not.toContain('The site');
  });

  it('keeps the site’s description for a page that has none of its own', () => {
    const html = withSocialMeta(shell, { title: 'Sign in', path: '/login', type: 'website' }, site);
    expect(html).toContain('<title>Sign in | Liberty</title>');
    expect(html).toContain('content="The site\'s own description."');
    expect(html).not.toContain('og:description');
    expect(html).not.toContain('twitter:description');
  });
});

describe('withSiteTitle', () => {
  it('titles a page that names none with the organisation’s configured name, escaped', () => {
    const html = withSiteTitle(shell, { orgName: 'Sons & Daughters' });
    expect(html).toContain('<title>Sons &amp; Daughters</title>');
    expect(html).not.toContain('<title>Liberty</title>');
  });
});
