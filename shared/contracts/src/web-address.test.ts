import { describe, expect, it } from 'vitest';
import { AdminEventInput, AdminNewsInput, adminNewsMessages } from './back-office';
import { isWebAddress, urlMessages, webAddress } from './common';

const ACCEPTED = [
  '/images/hall.svg',
  '/media/6f1c1c53-5d84-4f6e-9a4b-3f5b8d0f1a2b/1600x900.webp',
  'https://example.org/a.jpg?x=1#y',
  'http://example.org/a.png',
  'HTTPS://EXAMPLE.ORG/A.JPG',
];
const REFUSED = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:image/png;base64,iVBORw0KGgo=',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/a.png',
  '/\\evil.example/a.png',
  'https:evil.example',
  'https://',
  'https://user:secret@example.org/a.png',
  'https://exa mple.org/a.png',
  'images/a.png',
];

describe('webAddress', () => {
  it('accepts a path on this site and absolute http(s) addresses', () => {
    for (const value of ACCEPTED) expect(isWebAddress(value), value).toBe(true);
  });

  it('refuses scripts, data, other schemes, other hosts behind a path and credentials', () => {
    for (const value of REFUSED) expect(isWebAddress(value), JSON.stringify(value)).toBe(false);
  });

  it('answers with a sentence naming the field, or the form’s own text', () => {
    const image = webAddress('The image address', 2_000);
    expect(image.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(
      urlMessages.invalid('The image address'),
    );
    expect(urlMessages.invalid('The image address')).toBe(
      'The image address must start with / (a page of this site) or https://.',
    );
    expect(image.parse('  /images/a.svg  ')).toBe('/images/a.svg');
    expect(image.safeParse('https://example.org/\u202egnp.exe').error?.issues[0]?.message).toBe(
      'The image address must not contain invisible characters (direction marks or zero-width spaces).',
    );
    expect(image.parse('')).toBe('');
  });

  it('is the rule of every address field a person enters: events and news alike', () => {
    const event = {
      title: 'Town meeting',
      location: 'Town Hall',
      startDate: '2030-01-05T18:00:00.000Z',
      endDate: '2030-01-05T20:00:00.000Z',
      imageAlt: 'The hall',
    };
    const article = { title: 'News', excerpt: 'Short.', content: 'Long.', imageAlt: 'A picture', status: 'draft' };
    for (const value of REFUSED) {
      const eventIssue = AdminEventInput.safeParse({ ...event, imageUrl: value }).error?.issues[0];
      expect([eventIssue?.path, eventIssue?.message], JSON.stringify(value)).toEqual([
        ['imageUrl'],
        expect.stringMatching(/^The image address must/),
      ]);
      const newsIssue = AdminNewsInput.safeParse({ ...article, imageUrl: value }).error?.issues[0];
      expect([newsIssue?.path, newsIssue?.message], JSON.stringify(value)).toEqual([
        ['imageUrl'],
        expect.stringMatching(/^(Give the image as an address|The image address must)/),
      ]);
    }
    expect(AdminEventInput.parse({ ...event, imageUrl: '' }).imageUrl).toBeNull();
    expect(AdminEventInput.parse({ ...event, imageUrl: '/images/a.svg' }).imageUrl).toBe('/images/a.svg');
    expect(
      AdminNewsInput.safeParse({ ...article, imageUrl: 'data:image/png;base64,AAAA' }).error?.issues[0]?.message,
    ).toBe(adminNewsMessages.imageUrlInvalid);
  });
});
