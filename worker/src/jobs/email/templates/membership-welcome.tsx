import { Action, Details, Layout, Note, type Org, Paragraph, Title } from './layout';

export interface MembershipWelcomeProps {
  org: Org;
  firstName: string;
  /** The monthly dues as written ("$25.00"): a string, so one rendered shape serves every amount (stencil.ts). */
  monthly: string;
  /** The next instalment's day, when the provider reported it. */
  nextChargeDate: string | null;
  manageUrl: string;
}

export function membershipWelcomeSubject({ org }: Pick<MembershipWelcomeProps, 'org'>) {
  return `Welcome to ${org.name}`;
}

/** A membership's first instalment is paid: it is active. */
export function MembershipWelcomeEmail(props: MembershipWelcomeProps) {
  const rows: Array<readonly [string, string]> = [
    ['Membership', 'Active'],
    ['Dues', `${props.monthly} a month`],
  ];
  if (props.nextChargeDate) rows.push(['Next instalment', props.nextChargeDate]);
  return (
    <Layout org={props.org} preview={`Your ${props.org.name} membership is active.`}>
      <Title>Welcome, {props.firstName}</Title>
      <Paragraph>
        {`Thank you for joining ${props.org.name}. Your membership is active, and your receipt for the first month follows in a separate e-mail.`}
      </Paragraph>
      <Details rows={rows} />
      <Note>You can see or end your membership at any time:</Note>
      <Action href={props.manageUrl} label="Manage your membership" />
    </Layout>
  );
}
