import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { AdminAccountError, createAdminAccount } from '@pillars/api/features/auth/admin-accounts';
import { withMigratedDatabase } from './database';

// `npm run admin:create`: create an admin account, on DATABASE_URL or the embedded database.
//   npm run admin:create                          asks for the username, e-mail and password
//   npm run admin:create -- --username ada --email ada@example.org --password '…'
// In scripts, prefer ADMIN_PASSWORD in the environment to --password (shell history).
const { values } = parseArgs({
  options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
});

async function ask(question: string, { hidden = false } = {}): Promise<string> {
  if (!process.stdin.isTTY)
    throw new AdminAccountError(`${question.replace(/:\s*$/, '')} is required (pass it as a flag).`);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    output._writeToOutput = () => {};
    process.stdout.write(question);
  }
  const answer = await rl.question(hidden ? '' : question);
  if (hidden) process.stdout.write('\n');
  rl.close();
  return answer.trim();
}

process.exitCode = await withMigratedDatabase('admin:create', async (database, { config }) => {
  try {
    const username = values.username ?? (await ask('Username: '));
    const email = values.email ?? (values.username ? undefined : await ask('E-mail (for password resets): '));
    const password = values.password ?? process.env.ADMIN_PASSWORD ?? (await ask('Password: ', { hidden: true }));
    const created = await createAdminAccount(
      database.db,
      { username, password, email: email || undefined },
      'admin:create',
    );
    process.stdout.write(`Admin ${created?.username ?? username} created. Sign in at ${config.PUBLIC_URL}/login\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof AdminAccountError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
});
