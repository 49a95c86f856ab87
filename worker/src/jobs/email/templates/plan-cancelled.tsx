import { Details, Layout, Note, type Org, Paragraph, Title } from './layout';

export interface PlanCancelledProps {
  org: Org;
  payerName: string;
  plan: 'membership' | 'monthly gift';
  endedOn: string;
  /** Why, when the donor did not ask for it themselves. */
  reason: string | null;
}

export function planCancelledSubject({ org, plan }: Pick<PlanCancelledProps, 'org' | 'plan'>) {
  return `Your ${org.name} ${plan} has ended`;
}

/** A monthly plan ended: no further instalments will be charged. */
export function PlanCancelledEmail(props: PlanCancelledProps) {
  const { org, plan } = props;
  const rows: Array<readonly [string, string]> = [
    ['Plan', plan === 'membership' ? 'Membership' : 'Monthly gift'],
    ['Ended on', props.endedOn],
  ];
  if (props.reason) rows.push(['Reason', props.reason]);
  return (
    <Layout org={org} preview={`Your ${plan} has ended; no further instalments will be charged.`}>
      <Title>Your {plan} has ended</Title>
      <Paragraph>
        {`Dear ${props.payerName}, your ${plan} with ${org.name} has ended. No further monthly instalments will be charged to your card.`}
      </Paragraph>
      <Details rows={rows} />
      <Note>
        {`Thank you for your support. If this is not what you expected, please contact us at ${org.contactEmail} or ${org.contactPhone}.`}
      </Note>
    </Layout>
  );
}
