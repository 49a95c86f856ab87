import { Action, Details, Layout, Note, type Org, Paragraph, Title } from './layout';

export interface DisputeOpenedProps {
  org: Org;
  /** What was paid for: a gift, a membership or an event registration. */
  what: string;
  /** The payer's name as the charge recorded it. */
  payerName: string;
  /** The payment's reference an admin searches by (PAY-…). */
  reference: string;
  /** The amount disputed and the charge's amount, formatted. */
  disputedAmount: string;
  chargeAmount: string;
  /** The provider's status (INQUIRY, PENDING…) and the issuer's reason, if given. */
  status: string;
  reason: string | null;
  disputedOn: string | null;
  /** The last day to send evidence contesting it, if the provider gives one. */
  evidenceDueOn: string | null;
  adminUrl: string;
}

export function disputeOpenedSubject({ org, reference }: Pick<DisputeOpenedProps, 'org' | 'reference'>) {
  return `${org.name}: a card payment was disputed (${reference})`;
}

/**
 * To the organisation's contact address: a cardholder disputed a charge with their card issuer.
 * Names the payment by its reference and amounts only; the payer's address and card are not in it.
 */
export function DisputeOpenedEmail(props: DisputeOpenedProps) {
  const rows: Array<readonly [string, string]> = [
    ['Payment', props.reference],
    ['For', props.what],
    ['Paid by', props.payerName],
    ['Charge', props.chargeAmount],
    ['Disputed', props.disputedAmount],
    ['Status', props.status],
  ];
  if (props.reason) rows.push(['Reason', props.reason]);
  if (props.disputedOn) rows.push(['Disputed on', props.disputedOn]);
  if (props.evidenceDueOn) rows.push(['Evidence due by', props.evidenceDueOn]);
  return (
    <Layout org={props.org} preview={`Payment ${props.reference} was disputed with the card issuer.`}>
      <Title>A card payment was disputed</Title>
      <Paragraph>
        {`The cardholder of payment ${props.reference} has disputed it with their card issuer. The disputed amount may be withdrawn from the organisation's account until the dispute is decided.`}
      </Paragraph>
      <Details rows={rows} />
      <Action href={props.adminUrl} label="Open the dashboard" />
      <Note>
        {`The payment's details in the dashboard show the dispute as Pay Theory reports it. Evidence contesting it is sent through Pay Theory's portal${props.evidenceDueOn ? ` by ${props.evidenceDueOn}` : ''}. No receipt will be sent again for this payment.`}
      </Note>
    </Layout>
  );
}
