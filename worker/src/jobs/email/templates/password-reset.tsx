import { Action, Layout, Note, type Org, Paragraph, WrittenLink } from './layout';

export interface PasswordResetProps {
  org: Org;
  username: string;
  link: string;
}

export function passwordResetSubject({ org }: Pick<PasswordResetProps, 'org'>) {
  return `Reset your ${org.name} admin password`;
}

/** The password reset e-mail (docs/decisions/009): the link works once, within an hour. */
export function PasswordResetEmail({ org, username, link }: PasswordResetProps) {
  return (
    <Layout org={org} preview="Reset your admin password.">
      <Paragraph>Hello {username},</Paragraph>
      <Paragraph>
        {`Someone asked to reset the password of your ${org.name} admin account. To choose a new password, open this link within one hour:`}
      </Paragraph>
      <Action href={link} label="Reset your password" />
      <Note htmlOnly>
        <WrittenLink href={link} />
      </Note>
      <Paragraph>
        The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.
      </Paragraph>
    </Layout>
  );
}
