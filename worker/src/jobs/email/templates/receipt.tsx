import { Action, Details, Layout, Note, type Org, Paragraph, Title, WrittenLink } from './layout';

/** What a receipt is for, which decides its wording (see ReceiptEmail). */
export type Purpose = { kind: 'contribution' } | { kind: 'membership' } | { kind: 'event'; eventTitle: string };

export interface ReceiptProps {
  org: Org;
  /** RECEIPT_GOODS_STATEMENT: said on contribution receipts only. */
  goodsStatement: string;
  payerName: string;
  receiptNumber: string;
  /** The amount as written ("$25.00"): a string, so one rendered shape serves every amount (stencil.ts). */
  amount: string;
  /** Day of the charge, already written out ("November 24, 2026"). */
  date: string;
  /** The card's last four digits, when the provider reported them. */
  lastFour: string | null;
  purpose: Purpose;
  /** A monthly plan's instalment: the next charge's day when known. */
  instalment: { nextChargeDate: string | null } | null;
  manageUrl: string;
}

/** "Card ending in 4242", or "Card" when the digits are not known. */
export function cardLabel(lastFour: string | null): string {
  return lastFour ? `Card ending in ${lastFour}` : 'Card';
}

export function receiptSubject({
  org,
  purpose,
  receiptNumber,
}: Pick<ReceiptProps, 'org' | 'purpose' | 'receiptNumber'>) {
  const what =
    purpose.kind === 'contribution'
      ? `your contribution to ${org.name}`
      : purpose.kind === 'membership'
        ? `your ${org.name} membership dues`
        : `your registration fee for ${purpose.eventTitle}`;
  return `Receipt ${receiptNumber} for ${what}`;
}

/**
 * A receipt for money received. A contribution's states the goods-or-services sentence; an event
 * fee or membership dues are named as what they are, a payment for something, without a
 * contribution statement (the organisation gives no tax advice, so the receipt only states facts).
 */
export function ReceiptEmail(props: ReceiptProps) {
  const { org, purpose, instalment } = props;
  const label =
    purpose.kind === 'contribution'
      ? 'Contribution'
      : purpose.kind === 'membership'
        ? 'Membership dues'
        : 'Registration fee';
  const plan = purpose.kind === 'membership' ? 'monthly membership' : 'monthly gift';
  return (
    <Layout org={org} preview={`${props.amount} received by ${org.name}. Receipt ${props.receiptNumber}.`}>
      <Title>Thank you, {props.payerName}</Title>
      <Paragraph>
        {purpose.kind === 'contribution'
          ? `We received your contribution of ${props.amount}. This e-mail is your receipt.`
          : `We received your payment of ${props.amount}. This e-mail is your receipt.`}
      </Paragraph>
      <Details
        rows={[
          ['Receipt number', props.receiptNumber],
          ['Date', props.date],
          [label, props.amount],
          ['Paid with', cardLabel(props.lastFour)],
          ['Received by', org.legalName],
          ['EIN', org.ein],
        ]}
      />
      {instalment && (
        <Paragraph>
          {`This payment is one instalment of your ${plan}.`}
          {instalment.nextChargeDate ? ` The next instalment is scheduled for ${instalment.nextChargeDate}.` : ''}
        </Paragraph>
      )}
      {purpose.kind === 'contribution' && <Note>{props.goodsStatement}</Note>}
      {purpose.kind === 'membership' && (
        <Note>{`This payment is membership dues for ${org.name}; it is not a donation.`}</Note>
      )}
      {purpose.kind === 'event' && (
        <Note>{`This payment is a registration fee for ${purpose.eventTitle}; it is not a donation.`}</Note>
      )}
      <Note>Please keep this receipt for your records.</Note>
      <Action href={props.manageUrl} label="Manage your giving" />
      <Note htmlOnly>
        Or open this link: <WrittenLink href={props.manageUrl} />
      </Note>
    </Layout>
  );
}
