import { describe, expect, it } from 'vitest';
import { MAILTO_MAX_LENGTH, mailtoBatches, mailtoUrl, uniqueRecipients } from './mailto';

/** The URL's parts as a mail client reads them. */
function parse(url: string) {
  const [address = '', query = ''] = url.replace(/^mailto:/, '').split('?');
  const params = new URLSearchParams(query);
  return {
    to: decodeURIComponent(address),
    bcc: params.get('bcc')?.split(',') ?? [],
    subject: params.get('subject'),
    body: params.get('body'),
  };
}

describe('uniqueRecipients', () => {
  it('trims, drops blanks and repeats (case-insensitively) and keeps the order', () => {
    expect(
      uniqueRecipients([' a@example.org ', '', null, 'B@example.org', 'A@example.org', undefined, 'b@example.org']),
    ).toEqual(['a@example.org', 'B@example.org']);
  });
});

describe('mailtoUrl', () => {
  /** A message to the organisation mailbox, the address every broadcast is sent to. */
  const toMailbox = (bcc: string[], subject: string, body: string) =>
    mailtoUrl({ to: 'info@patriotpillars.org', bcc, subject, body });

  it('is addressed to the organisation mailbox with the recipients in bcc', () => {
    const url = toMailbox(
      ['martha@example.org', 'george@example.org'],
      'Patriot Pillars Foundation Communication',
      'Hello',
    );
    expect(url).toBe(
      'mailto:info@patriotpillars.org?bcc=martha@example.org,george@example.org&subject=Patriot%20Pillars%20Foundation%20Communication&body=Hello',
    );
    expect(url).not.toMatch(/[?&]to=|[?&]cc=/);
  });

  it('encodes subject and body (spaces as %20, line breaks as CRLF) and addresses with + or &', () => {
    const url = toMailbox(
      ['a+tag@example.org', 'o&neil@example.org'],
      'Gala - Important Update & more?',
      'Line one\nLine two',
    );
    expect(url).toContain('bcc=a%2Btag@example.org,o%26neil@example.org');
    expect(url).toContain('subject=Gala%20-%20Important%20Update%20%26%20more%3F');
    expect(url).toContain('body=Line%20one%0D%0ALine%20two');
    expect(parse(url)).toEqual({
      to: 'info@patriotpillars.org',
      bcc: ['a+tag@example.org', 'o&neil@example.org'],
      subject: 'Gala - Important Update & more?',
      body: 'Line one\r\nLine two',
    });
  });

  it('leaves out an empty body, and lists each recipient once', () => {
    const url = mailtoUrl({ to: 'info@x.org', bcc: ['a@x.org', 'A@x.org'], subject: 'Hi' });
    expect(url).toBe('mailto:info@x.org?bcc=a@x.org&subject=Hi');
  });
});

describe('mailtoBatches', () => {
  const recipients = Array.from({ length: 200 }, (_, i) => `member.number${i}@example.org`);
  const message = {
    to: 'info@patriotpillars.org',
    bcc: recipients,
    subject: 'Thank you for your contribution',
    body: 'Thanks!',
  };

  it('keeps a short list in one link', () => {
    const batches = mailtoBatches({ ...message, bcc: recipients.slice(0, 3) });
    expect(batches).toHaveLength(1);
    expect(batches[0]?.recipients).toEqual(recipients.slice(0, 3));
    expect(batches[0]?.url).toBe(mailtoUrl({ ...message, bcc: recipients.slice(0, 3) }));
  });

  it('splits a long list into links of at most ~1800 characters, every recipient once and in order', () => {
    expect(mailtoUrl(message).length).toBeGreaterThan(MAILTO_MAX_LENGTH);
    const batches = mailtoBatches(message);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(batch.url.length).toBeLessThanOrEqual(MAILTO_MAX_LENGTH);
      const parsed = parse(batch.url);
      expect(parsed.to).toBe('info@patriotpillars.org');
      expect(parsed.bcc).toEqual(batch.recipients);
      expect(parsed.subject).toBe('Thank you for your contribution');
      expect(parsed.body).toBe('Thanks!');
    }
    expect(batches.flatMap((batch) => batch.recipients)).toEqual(recipients);
    // Greedy: each batch but the last is full (one more recipient would not fit).
    const [first, second] = batches;
    if (!first || !second) throw new Error('expected two batches');
    const withNext = mailtoUrl({ ...message, bcc: [...first.recipients, second.recipients[0] ?? ''] });
    expect(withNext.length).toBeGreaterThan(MAILTO_MAX_LENGTH);
  });

  it('honours a smaller limit, and still gives a recipient that never fits a link of its own', () => {
    expect(mailtoBatches(message, 200).every((batch) => batch.url.length <= 200)).toBe(true);
    const tiny = mailtoBatches({ ...message, bcc: ['a@x.org', 'b@x.org'] }, 10);
    expect(tiny.map((batch) => batch.recipients)).toEqual([['a@x.org'], ['b@x.org']]);
  });

  it('without recipients gives one link to the mailbox', () => {
    expect(mailtoBatches({ ...message, bcc: [] })).toEqual([
      {
        url: 'mailto:info@patriotpillars.org?subject=Thank%20you%20for%20your%20contribution&body=Thanks!',
        recipients: [],
      },
    ]);
  });
});
