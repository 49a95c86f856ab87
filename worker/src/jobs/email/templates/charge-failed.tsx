import { Action, Details, Layout, Note, type Org, Paragraph, Title } from './layout';

export interface ChargeFailedProps {
  org: Org;
  payerName: string;
  plan: 'membership' | 'monthly gift';
  /** The amount as written ("$25.00"): a string, so one rendered shape serves every amount (stencil.ts). */
  amount: string;
  date: string;
  /** DUNNING_GRACE_DAYS: how long the plan may keep failing before it ends. */
  graceDays: number;
  manageUrl: string;
}

export function chargeFailedSubject({ plan }: Pick<ChargeFailedProps, 'plan'>) {
  return `We could not charge your card for your ${plan}`;
}

/**
 * A monthly instalment failed. What happens next is the dunning rule (docs/decisions/018): the
 * provider tries again, and a plan with no successful instalment within the grace period ends.
 */
export function ChargeFailedEmail(props: ChargeFailedProps) {
  const { org, plan } = props;
  const ending = plan === 'membership' ? 'your membership becomes inactive' : 'your monthly gift is cancelled';
  return (
    <Layout org={org} preview={`Your ${plan} instalment of ${props.amount} did not go through.`}>
      <Title>Your {plan} payment did not go through</Title>
      <Paragraph>
        {`Dear ${props.payerName}, the monthly instalment of ${props.amount} for your ${plan} was declined on ${props.date}.`}
      </Paragraph>
      <Details
        rows={[
          ['Instalment', props.amount],
          ['Date', props.date],
        ]}
      />
      <Paragraph>
        {`We will try again. If your card has changed, please update it by contacting us at ${org.contactEmail} or ${org.contactPhone}. If no instalment succeeds within ${props.graceDays} days, ${ending}.`}
      </Paragraph>
      <Note>You can see your {plan} here:</Note>
      <Action href={props.manageUrl} label="Manage your giving" />
    </Layout>
  );
}
