import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createMailer } from './index';

describe('the dev mailbox', () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each e-mail as an .eml file in DATA_DIR/mailbox when neither SMTP_URL nor MAILBOX_DIR is set', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pillars-mailbox-'));
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), createLogger({ level: 'silent' }));
    expect(mailer.destination).toBe(join(dataDir, 'mailbox'));

    await mailer.send({
      to: 'member@example.org',
      subject: 'Reset your password',
      text: 'Hello',
      html: '<p>Hello</p>',
    });

    const [file, ...others] = await readdir(join(dataDir, 'mailbox'));
    expect(others).toEqual([]);
    expect(file).toMatch(/\.eml$/);
    const message = await readFile(join(dataDir, 'mailbox', String(file)), 'utf8');
    expect(message).toContain('Subject: Reset your password');
    expect(message).toContain('To: member@example.org');
  });
});
