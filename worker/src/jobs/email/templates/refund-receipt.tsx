import { money } from '../format';
import { Details, Layout, Note, type Org, Paragraph, Title } from './layout';

export interface RefundReceiptProps {
  org: Org;
  payerName: string;
  /** The original charge's receipt number, so the two papers match. */
  receiptNumber: string;
  refundedCents: number;
  refundDate: string;
  charge: { date: string; amountCents: number };
  /** What every refund of the charge so far gave back, this one included (the money module's standing). */
  refundedSoFarCents: number;
  /** What is left of the charge after every refund so far, this one included. */
  remainingCents: number;
  /** The charge's state after this refund, in words: Refunded, Partly refunded or Voided. */
  state: string;
  /**
   * The payment processor voided it (the payment was not yet collected, docs/decisions/019): the
   * amount is never taken from the card rather than sent back to it.
   */
  voided: boolean;
}

export function refundReceiptSubject({ org, refundedCents }: Pick<RefundReceiptProps, 'org' | 'refundedCents'>) {
  return `${org.name} refunded ${money(refundedCents)} to you`;
}

/** A refund: how much came back, of which charge, and what of that charge remains paid. */
export function RefundReceiptEmail(props: RefundReceiptProps) {
  const { org } = props;
  return (
    <Layout
      org={org}
      preview={
        props.voided
          ? `${money(props.refundedCents)} of your payment will not be taken from your card.`
          : `A refund of ${money(props.refundedCents)} is on its way to your card.`
      }
    >
      <Title>Your refund</Title>
      <Paragraph>
        {`Dear ${props.payerName}, we refunded ${money(props.refundedCents)} of your payment of ${money(props.charge.amountCents)} made on ${props.charge.date}.`}
      </Paragraph>
      <Details
        rows={[
          ['Amount refunded', money(props.refundedCents)],
          ['Refund date', props.refundDate],
          ['Original payment', `${money(props.charge.amountCents)} on ${props.charge.date}`],
          ['Original receipt number', props.receiptNumber],
          ...(props.refundedSoFarCents > props.refundedCents
            ? [['Refunded in all', money(props.refundedSoFarCents)] as [string, string]]
            : []),
          ['Remaining payment', money(props.remainingCents)],
          ['Payment status', props.state],
          ['Refunded by', org.legalName],
          ['EIN', org.ein],
        ]}
      />
      <Note>
        {props.voided
          ? 'Your payment had not yet been collected from your card, so this amount is simply never taken: your bank may show the original amount as pending for a few days before it drops off. Please keep this notice with your receipt.'
          : 'The money goes back to the card you paid with; your bank may take a few business days to show it. Please keep this notice with your receipt.'}
      </Note>
    </Layout>
  );
}
