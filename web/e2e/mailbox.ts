import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import PostalMime, { type Email } from 'postal-mime';

/**
 * The app's dev mailbox as a journey reads it: every message the worker wrote there as an .eml
 * file, parsed by a MIME library (quoted-printable bodies, encoded subjects, attachments).
 */
export class Mailbox {
  constructor(private readonly dir: string) {}

  /** Every message to `address` so far, oldest first. */
  async to(address: string): Promise<Email[]> {
    const files = (await readdir(this.dir)).filter((file) => file.endsWith('.eml')).sort();
    const messages = await Promise.all(
      files.map(async (file) => PostalMime.parse(await readFile(join(this.dir, file)))),
    );
    return messages.filter((mail) => mail.to?.some((to) => 'address' in to && to.address === address));
  }

  /** The first message to `address` whose subject matches, waiting up to `timeoutMs` for it to arrive. */
  async waitFor(address: string, subject: RegExp, timeoutMs = 30_000): Promise<Email> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await this.to(address)).find((mail) => subject.test(mail.subject ?? ''));
      if (found) return found;
      if (Date.now() > deadline) {
        const subjects = (await this.to(address)).map((mail) => mail.subject);
        throw new Error(`no e-mail to ${address} matching ${subject} (got: ${JSON.stringify(subjects)})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The path and query of the first link to `path` in the message: links name the canonical host, journeys browse another. */
export function linkIn(mail: Email, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s"<>]+${escaped}[^\\s"<>]*`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in "${mail.subject}"`);
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}
