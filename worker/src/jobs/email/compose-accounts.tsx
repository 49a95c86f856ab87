import {
  donations,
  eventRegistrations,
  issueResetToken,
  membershipApplications,
  memberships,
  users,
} from '@pillars/platform/db';
import { asc, eq, sql } from 'drizzle-orm';
import type { ReactElement } from 'react';
import { longDate } from './format';
import { ManageLinkEmail, manageLinkSubject } from './templates/manage-link';
import {
  type MembershipInterestProps,
  MembershipInterestNoticeEmail,
  MembershipInterestReceivedEmail,
  membershipInterestNoticeSubject,
  membershipInterestReceivedSubject,
} from './templates/membership-interest';
import { PasswordResetEmail, passwordResetSubject } from './templates/password-reset';
import {
  RESET_TOKEN_TTL_MS,
  type OutboundEmail,
  type ComposeContext,
  type Composer,
  manageUrl,
  message,
} from './compose-context';

/** The e-mails about a person's access and interest: a manage link, a password reset, a membership application. */

/**
 * A manage link the donor asked for: the API answered the same whether or not the address is
 * known, and only here is it looked up. An address with no contribution, membership or
 * registration gets nothing.
 */
export const manageLink: Composer = async (ctx, email) => {
  const address = email.recipient.toLowerCase();
  const known = (table: typeof donations | typeof memberships | typeof eventRegistrations) =>
    sql`EXISTS (SELECT 1 FROM ${table} WHERE lower(${table.email}) = ${address})`;
  const [found] = await ctx.db
    .select({
      known: sql<boolean>`${known(donations)} OR ${known(memberships)} OR ${known(eventRegistrations)}`,
    })
    .from(sql`(SELECT 1) AS one`);
  if (!found?.known) return { skip: 'address has nothing to manage' };
  return message(
    email,
    manageLinkSubject({ org: ctx.org }),
    <ManageLinkEmail
      org={ctx.org}
      manageUrl={await manageUrl(ctx, address)}
      ttlHours={ctx.config.MANAGE_LINK_TTL_HOURS}
    />,
  );
};

/**
 * A password reset: the address is looked up here (the API answered the same either way); a
 * known one gets a new single-use token, replacing any older one, stored as its hash, and the link
 * is built from PUBLIC_URL, never from a request's Host header. A retry after a failed send issues
 * a fresh token, so only the link in the e-mail that arrived works.
 */
export const passwordReset: Composer = async (ctx, email) => {
  const [user] = await ctx.db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.recipient.toLowerCase()}`)
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!user?.email) return { skip: 'password reset for an address with no account' };
  const token = await issueResetToken(ctx.db, user.id, new Date(ctx.now.getTime() + RESET_TOKEN_TTL_MS));
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, ctx.config.PUBLIC_URL).href;
  return {
    to: user.email,
    subject: passwordResetSubject({ org: ctx.org }),
    body: <PasswordResetEmail org={ctx.org} username={user.username} link={link} />,
  };
};

/** The membership application an e-mail is about, as its e-mails state it; undefined when it is gone. */
async function applicationOf(ctx: ComposeContext, email: OutboundEmail): Promise<MembershipInterestProps | undefined> {
  if (!email.subjectId) return undefined;
  const [application] = await ctx.db
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.id, email.subjectId))
    .limit(1);
  if (!application) return undefined;
  return {
    org: ctx.org,
    firstName: application.firstName,
    lastName: application.lastName,
    email: application.email,
    phone: application.phone,
    message: application.message,
    receivedOn: longDate(application.createdAt),
  };
}

/** An e-mail about a membership application, with its subject and body; skipped when the application is gone. */
const aboutApplication =
  (compose: (application: MembershipInterestProps, ctx: ComposeContext) => [string, ReactElement]): Composer =>
  async (ctx, email) => {
    const application = await applicationOf(ctx, email);
    if (!application) return { skip: 'membership application not found' };
    const [subject, body] = compose(application, ctx);
    return message(email, subject, body);
  };

/** To the applicant: their membership interest was received (docs/decisions/051-membership-interest.md). */
export const membershipInterestReceived = aboutApplication((application, ctx) => [
  membershipInterestReceivedSubject(application),
  <MembershipInterestReceivedEmail
    {...application}
    joinUrl={new URL('/membership', ctx.config.PUBLIC_URL).toString()}
  />,
]);

/** To the organisation's contact address: who applied, with the details to contact them. */
export const membershipInterestNotice = aboutApplication((application, ctx) => [
  membershipInterestNoticeSubject(application),
  <MembershipInterestNoticeEmail {...application} adminUrl={new URL('/admin', ctx.config.PUBLIC_URL).toString()} />,
]);
