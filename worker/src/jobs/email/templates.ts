/** Escapes text for the HTML part of an e-mail. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The password reset e-mail, as plain text and as simple HTML with the same words. */
export function passwordResetEmail({ orgName, username, link }: { orgName: string; username: string; link: string }) {
  const subject = `Reset your ${orgName} admin password`;
  const lines = [
    `Hello ${username},`,
    '',
    `Someone asked to reset the password of your ${orgName} admin account.`,
    'To choose a new password, open this link within one hour:',
    '',
    link,
    '',
    'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  ];
  const html = `<p>Hello ${escapeHtml(username)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(orgName)} admin account.
To choose a new password, open this link within one hour:</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p>The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>`;
  return { subject, text: lines.join('\n'), html };
}
