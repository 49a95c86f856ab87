/**
 * Bulk e-mail through the admin's own mail client (product rule): a `mailto:` link addressed to
 * the organisation mailbox, every recipient in Bcc so nobody sees the others' addresses.
 */

/**
 * Browsers and mail clients cut or refuse long `mailto:` URLs (some at about 2,000 characters), so
 * a longer list is split into several links.
 */
export const MAILTO_MAX_LENGTH = 1800;

export type MailtoMessage = {
  /** The organisation mailbox the message is addressed to. */
  to: string;
  bcc: readonly string[];
  subject: string;
  body?: string;
};

/** An address as RFC 6068 allows it in a mailto URL: percent-encoded, but "@" kept readable. */
function encodeAddress(address: string): string {
  return encodeURIComponent(address).replace(/%40/g, '@');
}

/** Header values; RFC 6068 asks for CRLF line breaks in the body. */
function encodeText(text: string): string {
  return encodeURIComponent(text.replace(/\r\n|\r|\n/g, '\r\n'));
}

/** Trimmed, non-empty addresses, each once (addresses compare case-insensitively), in order. */
export function uniqueRecipients(emails: Iterable<string | null | undefined>): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of emails) {
    const email = raw?.trim();
    if (!email) continue;
    const key = email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(email);
  }
  return result;
}

function query(bcc: readonly string[], subject: string, body: string | undefined): string {
  const params: string[] = [];
  if (bcc.length > 0) params.push(`bcc=${bcc.map(encodeAddress).join(',')}`);
  if (subject) params.push(`subject=${encodeText(subject)}`);
  if (body) params.push(`body=${encodeText(body)}`);
  return params.length > 0 ? `?${params.join('&')}` : '';
}

/** One `mailto:` URL with every recipient, however long it gets. */
export function mailtoUrl({ to, bcc, subject, body }: MailtoMessage): string {
  return `mailto:${encodeAddress(to.trim())}${query(uniqueRecipients(bcc), subject, body)}`;
}

export type MailtoBatch = { url: string; recipients: string[] };

/**
 * The message as few `mailto:` URLs as possible, each at most `maxLength` characters, recipients
 * split in order. A recipient that does not fit even alone (a very long subject or body) still
 * gets a link of its own rather than being dropped. No recipients: one link to the mailbox.
 */
export function mailtoBatches(message: MailtoMessage, maxLength: number = MAILTO_MAX_LENGTH): MailtoBatch[] {
  const recipients = uniqueRecipients(message.bcc);
  // Lengths add up without building every candidate URL: the bcc parameter costs "bcc=" plus its
  // separator ("?" or "&"), then each address and a comma between two.
  const baseLength = mailtoUrl({ ...message, bcc: [] }).length + 'bcc='.length + 1;
  const groups: string[][] = [];
  let current: string[] = [];
  let length = baseLength;
  for (const recipient of recipients) {
    const added = encodeAddress(recipient).length + (current.length > 0 ? 1 : 0);
    if (current.length > 0 && length + added > maxLength) {
      groups.push(current);
      current = [recipient];
      length = baseLength + encodeAddress(recipient).length;
    } else {
      current.push(recipient);
      length += added;
    }
  }
  groups.push(current);
  return groups.map((bcc) => ({ url: mailtoUrl({ ...message, bcc }), recipients: bcc }));
}
