import { Action, Details, Layout, Note, type Org, Paragraph, Title } from './layout';

/** A membership application as both of its e-mails state it. */
export interface MembershipInterestProps {
  org: Org;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  message: string | null;
  /** The day it was received, formatted. */
  receivedOn: string;
}

export function membershipInterestReceivedSubject({ org }: Pick<MembershipInterestProps, 'org'>) {
  return `We received your interest in ${org.name} membership`;
}

/**
 * To the applicant: the home page's form was received and someone will be in touch. Nothing was
 * charged and no membership exists yet, so it says so and where to join at once.
 */
export function MembershipInterestReceivedEmail(props: MembershipInterestProps & { joinUrl: string }) {
  return (
    <Layout org={props.org} preview={`Thank you for your interest in ${props.org.name} membership.`}>
      <Title>{`Thank you, ${props.firstName}`}</Title>
      <Paragraph>
        {`Thank you for your interest in becoming a member of ${props.org.name}. We'll review your application and contact you soon.`}
      </Paragraph>
      <Details rows={applicantRows(props)} />
      <Note>
        This is not a membership yet, and nothing has been charged. To become a member now, join online with monthly
        dues:
      </Note>
      <Action href={props.joinUrl} label="Become a member" />
    </Layout>
  );
}

export function membershipInterestNoticeSubject({
  org,
  firstName,
  lastName,
}: Pick<MembershipInterestProps, 'org' | 'firstName' | 'lastName'>) {
  return `${org.name}: membership application from ${firstName} ${lastName}`;
}

/** To the organisation's contact address: who applied and how to reach them. */
export function MembershipInterestNoticeEmail(props: MembershipInterestProps & { adminUrl: string }) {
  return (
    <Layout org={props.org} preview={`${props.firstName} ${props.lastName} applied for membership.`}>
      <Title>A membership application arrived</Title>
      <Paragraph>
        {`${props.firstName} ${props.lastName} sent the membership form on the home page and would like to be contacted. No payment was taken.`}
      </Paragraph>
      <Details rows={applicantRows(props)} />
      <Action href={props.adminUrl} label="Open the dashboard" />
      <Note>In the dashboard, the application is listed under the type Membership Interest.</Note>
    </Layout>
  );
}

function applicantRows(props: MembershipInterestProps): Array<readonly [string, string]> {
  const rows: Array<readonly [string, string]> = [
    ['Name', `${props.firstName} ${props.lastName}`],
    ['Email', props.email],
  ];
  if (props.phone) rows.push(['Phone', props.phone]);
  if (props.message) rows.push(['Message', props.message]);
  rows.push(['Received', props.receivedOn]);
  return rows;
}
